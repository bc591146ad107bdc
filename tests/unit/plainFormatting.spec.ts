import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {dateFormatter, plainDateFormatter} from '../../src/plugins/plain-formatting/englishDates';
import {LOCALE_SORTS, plainFormattingProblems, THEME_INTL_UTILS} from '../../src/plugins/plain-formatting';
import {packageFile} from '../support/packageFile';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const exactTextLoader = require('../../src/lib/exactTextLoader.js') as (
  this: {getOptions(): unknown; resourcePath: string},
  source: string,
) => string;

// Every option set the plain formatter writes: the theme's three (last updated, blog post, blog archive) and the rest.
const SUPPORTED: Intl.DateTimeFormatOptions[] = [];
for (const year of [undefined, 'numeric'] as const)
  for (const month of ['short', 'long'] as const)
    for (const day of [undefined, 'numeric'] as const)
      for (const calendar of [undefined, 'gregory']) SUPPORTED.push({year, month, day, calendar, timeZone: 'UTC'});

test('the plain formatter writes what Intl writes in English, for every supported option set', () => {
  // Deterministic spread of instants from year 1 to 9999, with month ends and the edges of days.
  const dates: Date[] = [
    new Date(Date.UTC(2026, 10, 27, 23, 59, 59)),
    new Date(Date.UTC(1, 0, 1)),
    new Date(Date.UTC(9999, 11, 31, 23, 59)),
  ];
  let seed = 7;
  for (let i = 0; i < 3000; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    dates.push(new Date(Date.UTC(1970, 0, 1) + (seed / 2147483648 - 0.3) * 1e13));
  }
  for (const options of SUPPORTED) {
    const plain = plainDateFormatter('en', options);
    expect(plain, JSON.stringify(options)).toBeDefined();
    const intl = new Intl.DateTimeFormat('en', options);
    const inRange = dates.filter((d) => d.getUTCFullYear() >= 1 && d.getUTCFullYear() <= 9999);
    // One comparison per option set (an expect per date makes thousands of test steps).
    expect(
      inRange.map((d) => plain!.format(d)),
      JSON.stringify(options),
    ).toEqual(inRange.map((d) => intl.format(d)));
  }
});

test('options, locales and years the plain formatter cannot write go to Intl, and bad dates throw as Intl does', () => {
  for (const [locale, options] of [
    ['sv', {month: 'long', timeZone: 'UTC'}],
    ['en-GB', {month: 'long', timeZone: 'UTC'}],
    ['en', {month: 'long'}], // the reader's time zone
    ['en', {month: 'long', timeZone: 'Europe/Stockholm'}],
    ['en', {month: 'numeric', timeZone: 'UTC'}],
    ['en', {weekday: 'long', month: 'long', timeZone: 'UTC'}],
    ['en', {year: '2-digit', month: 'long', timeZone: 'UTC'}],
    ['en', {month: 'long', timeZone: 'UTC', calendar: 'buddhist'}],
    ['en', {year: 'numeric', timeZone: 'UTC'}],
  ] as [string, Intl.DateTimeFormatOptions][]) {
    expect(plainDateFormatter(locale, options), `${locale} ${JSON.stringify(options)}`).toBeUndefined();
    const date = new Date(Date.UTC(2026, 10, 27));
    expect(dateFormatter(locale, options).format(date)).toBe(new Intl.DateTimeFormat(locale, options).format(date));
  }
  const options: Intl.DateTimeFormatOptions = {year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC'};
  const farFuture = new Date(Date.UTC(12000, 0, 1));
  expect(dateFormatter('en', options).format(farFuture)).toBe(new Intl.DateTimeFormat('en', options).format(farFuture));
  expect(() => dateFormatter('en', options).format(new Date('not a date'))).toThrow(RangeError);
});

test("the theme's date hooks are the ones the replacement provides, used only through format()", () => {
  const intlUtils = packageFile('@docusaurus/theme-common', 'lib/utils/IntlUtils.js');
  expect(THEME_INTL_UTILS.test(intlUtils.replace(/\.js$/, ''))).toBe(true);
  const source = fs.readFileSync(intlUtils, 'utf8');
  const exported = [...source.matchAll(/^export function (\w+)/gm)].map((m) => m[1]);
  expect(exported).toEqual(['useCalendar', 'useDateTimeFormat']);
  const replacement = fs.readFileSync('src/plugins/plain-formatting/IntlUtils.ts', 'utf8');
  expect([...replacement.matchAll(/^export function (\w+)/gm)].map((m) => m[1])).toEqual(exported);
  // theme-common re-exports it from the request the plugin replaces.
  const internal = fs.readFileSync(packageFile('@docusaurus/theme-common', 'lib/internal.js'), 'utf8');
  expect(internal).toContain("export { useDateTimeFormat } from './utils/IntlUtils';");
  // Every theme component that formats dates calls format() and nothing else of the formatter.
  const theme = packageFile('@docusaurus/theme-classic', '');
  const users: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, {withFileTypes: true})) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.js') && fs.readFileSync(p, 'utf8').includes('useDateTimeFormat(')) users.push(p);
    }
  };
  walk(path.join(theme, 'lib'));
  expect(users.length).toBeGreaterThanOrEqual(3);
  for (const file of users) {
    const code = fs.readFileSync(file, 'utf8');
    expect([...code.matchAll(/dateTimeFormat\.(\w+)/g)].map((m) => m[1])).toEqual(expect.arrayContaining(['format']));
    expect(
      [...code.matchAll(/dateTimeFormat\.(\w+)/g)].every((m) => m[1] === 'format'),
      file,
    ).toBe(true);
  }
});

test('the locale sorts the plugin replaces are in the library files, once each', () => {
  const files = {
    docsClientUtils: packageFile('@docusaurus/plugin-content-docs', 'lib/client/docsClientUtils.js'),
    reactUtils: packageFile('@docusaurus/theme-common', 'lib/utils/reactUtils.js'),
  };
  for (const sort of LOCALE_SORTS) {
    const file = Object.values(files).find((f) => sort.file.test(f));
    expect(file, String(sort.file)).toBeDefined();
    const source = fs.readFileSync(file!, 'utf8');
    const out = exactTextLoader.call(
      {getOptions: () => ({plugin: 'plain-formatting', replacements: [sort]}), resourcePath: file!},
      source,
    );
    expect(out).toContain(sort.to);
    expect(out).not.toContain('localeCompare');
  }
});

test('the code-unit sorts order as the locale sorts did where order matters', () => {
  const [plugins, keys] = LOCALE_SORTS.map(
    (s) => eval(s.to.replace(/^\.?(deps)?\.sort\(/, '(').replace(/\);?$/, ')')) as (a: unknown, b: unknown) => number,
  );
  // The active docs plugin: a path is tried before every path that is a prefix of it.
  const entries = ['/', '/leap', '/leap/3', '/blog', '/vireo'].map((p) => [p, {path: p}]);
  const sorted = [...entries].sort(plugins!).map((e) => e[0] as string);
  for (const [i, a] of sorted.entries())
    for (const b of sorted.slice(i + 1)) expect(a.startsWith(b) || !b.startsWith(a)).toBe(true);
  const byLocale = [...entries].sort((a, b) =>
    (b[1] as {path: string}).path.localeCompare((a[1] as {path: string}).path),
  );
  expect(sorted).toEqual(byLocale.map((e) => e[0]));
  // Memo keys: a fixed order whatever the order given.
  const a = Object.entries({b: 1, a: 2, c: 3}).sort(keys!);
  const b = Object.entries({c: 3, a: 2, b: 1}).sort(keys!);
  expect(a).toEqual(b);
});

test('the exact-text loader fails on text that is missing or there twice', () => {
  const run = (source: string) =>
    exactTextLoader.call(
      {getOptions: () => ({plugin: 'p', replacements: [{from: 'x()', to: 'y()'}]}), resourcePath: '/lib/f.js'},
      source,
    );
  expect(run('a x() b')).toBe('a y() b');
  expect(() => run('a b')).toThrow(/^p: expected .* found it 0 times/);
  expect(() => run('x() x()')).toThrow(/found it 2 times/);
});

test('the build check finds the theme IntlUtils, a missing replacement and an unreplaced sort', () => {
  const dir = '/site/src/plugins/plain-formatting';
  const loader = `/site/src/lib/exactTextLoader.js??ruleSet[1].rules[30].use[0]!`;
  const good = [
    `builtin:swc-loader!${dir}/IntlUtils.ts`,
    `${loader}/site/node_modules/@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js`,
    `${loader}/site/node_modules/@docusaurus/theme-common/lib/utils/reactUtils.js`,
  ];
  expect(plainFormattingProblems(good, dir)).toEqual([]);
  const bad = plainFormattingProblems(
    [
      '/site/node_modules/@docusaurus/theme-common/lib/utils/IntlUtils.js',
      '/site/node_modules/@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js',
    ],
    dir,
  );
  expect(bad).toHaveLength(4);
  expect(bad[0]).toMatch(/IntlUtils is still in the client bundle/);
  expect(bad[1]).toMatch(/IntlUtils\.ts did not replace/);
  expect(bad[2]).toMatch(/docsClientUtils/);
  expect(bad[3]).toMatch(/reactUtils/);
});
