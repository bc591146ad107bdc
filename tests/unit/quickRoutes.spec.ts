import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {literalPathMatcher, type PathOptions} from '../../src/plugins/quick-routes/literalPath';
import {COMPILE_PATH, quickRoutesProblems, REACT_ROUTER_ESM} from '../../src/plugins/quick-routes';
import {packageFile} from '../support/packageFile';

// path-to-regexp as react-router 5 resolves it (1.x), not whatever version the site has at its top.
const reactRouterRequire = createRequire(packageFile('react-router', 'package.json'));
const pathToRegexp = reactRouterRequire('path-to-regexp') as (
  path: string,
  keys: unknown[],
  options: PathOptions,
) => RegExp;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const exactTextLoader = require('../../src/lib/exactTextLoader.js') as (
  this: {getOptions(): unknown; resourcePath: string},
  source: string,
) => string;

const OPTIONS: PathOptions[] = [];
for (const end of [true, false, undefined])
  for (const strict of [false, true]) for (const sensitive of [false, true]) OPTIONS.push({end, strict, sensitive});

// The site's own route paths, and paths chosen for the edges: the root, trailing slashes, case,
// characters the expression escapes, a prefix that is not a path segment.
function sitePaths(): string[] {
  const routes = fs.readFileSync('.docusaurus/routes.js', 'utf8');
  return [...new Set([...routes.matchAll(/path: '([^']*)'/g)].map((m) => m[1]!))];
}
const EDGE_PATHS = [
  '',
  '/',
  '/a',
  '/a/',
  '/A/b',
  '/a.b',
  '/a+b',
  '/a?b',
  '/a$b^',
  '/a[1]',
  '/a|b',
  '/a//',
  '/blog',
  '/blog/',
  '/v1.2/x',
];
const PATHNAMES = [
  '',
  '/',
  '//',
  '/a',
  '/a/',
  '/A',
  '/A/',
  '/a/b',
  '/a//',
  '/ab',
  '/a.b',
  '/aXb',
  '/a+b',
  '/a?b',
  '/a$b^',
  '/a[1]',
  '/a|b',
  '/blog',
  '/blog/',
  '/Blog/',
  '/blog/x',
  '/blogs',
  '/blog//',
  '/v1.2/x',
  '/v1.2/x/',
  '/v1x2/x',
  '/\u212Aa',
  '/\u00e4',
];

test('the text matcher matches what path-to-regexp matches, with the same matched text', () => {
  const all = sitePaths();
  // The Not Found route ('*') is the one route path with more than text.
  const site = all.filter((p) => p !== '*');
  expect(all.length - site.length).toBe(1);
  expect(site.length).toBeGreaterThan(400);
  const paths = [...EDGE_PATHS, ...site];
  const differences: string[] = [];
  let compared = 0;
  for (const p of paths) {
    const pathnames = [...PATHNAMES, p, `${p}/`, `${p}x`, `${p}/x`, p.toUpperCase(), p.replace(/\/$/, '')];
    for (const options of OPTIONS) {
      const matcher = literalPathMatcher(p, options);
      expect(matcher, `${p} is text`).not.toBeNull();
      const regexp = pathToRegexp(p, [], options);
      for (const pathname of pathnames) {
        compared++;
        const want = regexp.exec(pathname)?.[0] ?? null;
        const got = matcher!.exec(pathname)?.[0] ?? null;
        if (want !== got)
          differences.push(
            `${JSON.stringify(p)} ${JSON.stringify(options)} on ${JSON.stringify(pathname)}: ${want} != ${got}`,
          );
      }
    }
  }
  expect(compared).toBeGreaterThan(50_000);
  expect(differences).toEqual([]);
});

test('paths path-to-regexp reads parameters, groups or wildcards in are left to it', () => {
  for (const p of ['/:id', '/a/:b?', '/(x|y)', '/a/*', '/a\\:b', '/\u00e4', 42, undefined, ['/a']])
    expect(literalPathMatcher(p), String(p)).toBeNull();
});

test("react-router's compilePath is the text the plugin replaces, once", () => {
  const file = packageFile('react-router', 'esm/react-router.js');
  expect(REACT_ROUTER_ESM.test(file)).toBe(true);
  const source = fs.readFileSync(file, 'utf8');
  const out = exactTextLoader.call(
    {
      getOptions: () => ({plugin: 'quick-routes', replacements: [COMPILE_PATH], prepend: 'import x;\n'}),
      resourcePath: file,
    },
    source,
  );
  expect(out.startsWith('import x;\n')).toBe(true);
  expect(out).toContain(COMPILE_PATH.to);
  // The replaced line is where matchPath compiles: its result is used as {regexp, keys}, regexp.exec only.
  const compile = /function compilePath\$1\(path, options\) \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? '';
  expect(compile).toContain(COMPILE_PATH.from);
  const match = /function matchPath\(pathname, options\) \{([\s\S]*?)\n\}/.exec(source)?.[1] ?? '';
  expect([...match.matchAll(/regexp\.(\w+)/g)].map((m) => m[1])).toEqual(['exec']);
});

test('the generated routes import ComponentCreator by the name the plugin redirects, and it has preload', () => {
  const routes = fs.readFileSync('.docusaurus/routes.js', 'utf8');
  expect(routes).toMatch(/^import ComponentCreator from '@docusaurus\/ComponentCreator';$/m);
  expect(routes).toMatch(/component: ComponentCreator\('[^']*', '[^']*'\)/);
  const preload = fs.readFileSync(packageFile('@docusaurus/core', 'lib/client/preload.js'), 'utf8');
  expect(preload).toContain('match.route.component.preload?.()');
  expect(fs.existsSync(packageFile('@docusaurus/core', 'lib/client/exports/ComponentCreator.js'))).toBe(true);
});

test('the build check finds a missing creator, an unreplaced router and the CommonJS router', () => {
  const dir = '/site/src/plugins/quick-routes';
  const good = [
    `builtin:swc-loader!${dir}/lazyComponentCreator.tsx`,
    `/site/src/lib/exactTextLoader.js??ruleSet[1].rules[31].use[0]!/site/node_modules/react-router/esm/react-router.js`,
  ];
  expect(quickRoutesProblems(good, dir)).toEqual([]);
  const bad = quickRoutesProblems(
    ['/site/node_modules/react-router/esm/react-router.js', '/site/node_modules/react-router/cjs/react-router.min.js'],
    dir,
  );
  expect(bad).toHaveLength(3);
  expect(path.basename(dir)).toBe('quick-routes');
});
