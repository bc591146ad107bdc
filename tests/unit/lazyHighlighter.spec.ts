import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {test, expect} from '@playwright/test';
import {clientBundleProblems, HIGHLIGHTER_REQUEST, THEME_LANGUAGES_MODULE} from '../../src/plugins/lazy-highlighter';

/**
 * src/plugins/lazy-highlighter replaces @docusaurus/theme-classic's prism-include-languages client
 * module in the client bundle (a private detail of the theme). The build fails when the replacement
 * finds nothing; this fails first, on an upgrade that moves or renames the module.
 */
const req = createRequire(path.resolve('package.json'));

test('the theme still registers Prism languages from the client module the plugin replaces', () => {
  const entry = req.resolve('@docusaurus/theme-classic');
  const source = fs.readFileSync(entry, 'utf8');
  // The client modules the theme's plugin lists (getClientModules), relative to its entry's folder.
  const body = /getClientModules\(\)\s*\{([\s\S]*?)\n {8}\}/.exec(source)?.[1];
  expect(body, 'getClientModules() of @docusaurus/theme-classic').toBeTruthy();
  const modules = [...body!.matchAll(/'(\.\/[^']+)'/g)].map((m) => path.resolve(path.dirname(entry), m[1]!));
  const languages = modules.filter((m) => THEME_LANGUAGES_MODULE.test(m));
  expect(languages).toHaveLength(1);
  const module = fs.readFileSync(`${languages[0]!.replace(/\.js$/, '')}.js`, 'utf8');
  // It is the module that puts Prism in the first load: it imports prism-react-renderer and registers the languages.
  expect(module).toMatch(/from 'prism-react-renderer'/);
  expect(module).toMatch(/prismIncludeLanguages\(Prism\)/);
});

test('the Content wrapper imports the highlighter by the request the plugin replaces', () => {
  const source = fs.readFileSync('src/theme/CodeBlock/Content/index.tsx', 'utf8');
  // What the bundle follows: imports of values (type-only imports are erased).
  const requests = [...source.matchAll(/^import (?!type )[^;]*? from '([^']+)'/gm)].map((m) => m[1]!);
  expect(requests.filter((r) => HIGHLIGHTER_REQUEST.test(r))).toHaveLength(1);
  // …and nothing else that would bring the highlighter back into the first load.
  expect(requests).not.toContain('@theme-original/CodeBlock/Content');
  expect(requests).not.toContain('prism-react-renderer');
});

test('the build check finds the theme languages module, the eager highlighter and a missing replacement', () => {
  const lib = '/site/src/lib/highlighter';
  const loader = 'builtin:swc-loader??ruleSet[1].rules[5].use[0]!';
  const good = [
    `${loader}${lib}/lazy.tsx`,
    `${loader}${lib}/load.ts`,
    `${loader}${lib}/noLanguages.ts`,
    // The theme component of the same name (wrapped by src/theme/prism-include-languages.ts) is fine: it is in the lazy chunk.
    `${loader}/site/node_modules/@docusaurus/theme-classic/lib/theme/prism-include-languages.js`,
  ];
  expect(clientBundleProblems(good, lib)).toEqual([]);
  const bad = clientBundleProblems(
    [
      `${loader}${lib}/lazy.tsx`,
      `${loader}${lib}/index.ts`,
      `${loader}/site/node_modules/@docusaurus/theme-classic/lib/prism-include-languages.js`,
    ],
    lib,
  );
  expect(bad).toHaveLength(3);
  expect(bad[0]).toMatch(/prism-include-languages client module is still in the client bundle/);
  expect(bad[1]).toMatch(/noLanguages\.ts did not replace/);
  expect(bad[2]).toMatch(/index\.ts \(the eager highlighter\)/);
  expect(clientBundleProblems([], lib)).toContain('src/lib/highlighter/lazy.tsx is not in the client bundle');
});
