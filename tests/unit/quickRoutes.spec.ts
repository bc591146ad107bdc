import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {literalPathMatcher} from '../../src/plugins/quick-routes/literalPath';
import {COMPILE_PATH, quickRoutesProblems, REACT_ROUTER_ESM} from '../../src/plugins/quick-routes';
import {compareWithPathToRegexp} from '../support/literalPaths';
import {packageFile} from '../support/packageFile';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const exactTextLoader = require('../../src/lib/exactTextLoader.js') as (
  this: {getOptions(): unknown; resourcePath: string},
  source: string,
) => string;

// Paths chosen for the edges (the root, trailing slashes, case, characters the expression escapes, a
// prefix that is not a path segment) and shaped like the site's routes. Every route of the built site
// is compared too, in tests/e2e/routes.spec.ts: the routes exist only after a build.
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
const SITE_LIKE = [
  '/vireo/device-configuration/time-api/',
  '/leap/3/api/',
  '/blog/2024/06/05/scene-metadata-reference/',
  '/search/',
];

test('the text matcher matches what path-to-regexp matches, with the same matched text', () => {
  const {compared, differences} = compareWithPathToRegexp([...EDGE_PATHS, ...SITE_LIKE]);
  expect(compared).toBeGreaterThan(3_000);
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
  const codegen = fs.readFileSync(packageFile('@docusaurus/core', 'lib/server/codegen/codegenRoutes.js'), 'utf8');
  expect(codegen).toContain("import ComponentCreator from '@docusaurus/ComponentCreator';");
  expect(codegen).toContain("component: ComponentCreator('${routePath}', '${routeHash}')");
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
