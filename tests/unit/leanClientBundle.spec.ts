import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createRequire} from 'node:module';
import {test, expect} from '@playwright/test';
import {
  leanBundleProblems,
  THEME_PROGRESS_MODULE,
  tslibHelpersProvided,
  tslibHelpersUsed,
} from '../../src/plugins/lean-client-bundle';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const {stripRegistryModulePaths} = require('../../src/plugins/lean-client-bundle/registry.js') as {
  stripRegistryModulePaths: (source: string) => {code: string; entries: number; problems: string[]};
};

/**
 * src/plugins/lean-client-bundle depends on private details of Docusaurus: the generated registry's
 * format, that the browser never reads a registry entry's module path, and the theme's nprogress
 * client module. These fail on an upgrade that changes any of them.
 */
const req = createRequire(path.resolve('package.json'));
const entry = (chunk: string, file: string) =>
  `  "${chunk}": [() => import(/* webpackChunkName: "${chunk}" */ "${file}"), "${file}", require.resolveWeak("${file}")],`;

test('the registry rule drops each module path and keeps the loader and the module id', () => {
  const source = [
    'export default {',
    entry('01254c47', '@site/docs/a.md'),
    entry('__comp', '@theme/x"y'.replace('"', '\\"')),
    '};',
    '',
  ].join('\n');
  const {code, entries, problems} = stripRegistryModulePaths(source);
  expect(problems).toEqual([]);
  expect(entries).toBe(2);
  expect(code).toContain(
    '"01254c47": [() => import(/* webpackChunkName: "01254c47" */ "@site/docs/a.md"), 0, require.resolveWeak("@site/docs/a.md")],',
  );
  expect(code.match(/, 0, require/g)).toHaveLength(2);
  // Docusaurus closes the object at the end of the last entry's line.
  const closedInline = stripRegistryModulePaths(`export default {\n${entry('a', '@site/a.md')}};`);
  expect(closedInline.problems).toEqual([]);
  expect(closedInline.code).toMatch(/, 0, require\.resolveWeak\("@site\/a\.md"\)\],\};$/);
});

test('the registry rule reports a line it does not recognise, and entries whose paths differ', () => {
  const changed = stripRegistryModulePaths(
    ['export default {', '  "a": [() => import("@site/docs/a.md"), "@site/docs/a.md"],', '};'].join('\n'),
  );
  expect(changed.problems).toHaveLength(1);
  expect(changed.entries).toBe(0);
  const mismatched = stripRegistryModulePaths(
    [
      'export default {',
      '  "a": [() => import(/* webpackChunkName: "a" */ "@site/a.md"), "@site/b.md", require.resolveWeak("@site/a.md")],',
      '};',
    ].join('\n'),
  );
  expect(mismatched.problems).toHaveLength(1);
  expect(stripRegistryModulePaths('module.exports = {};').problems).toContain('no `export default {` line');
});

// This site's own registry is checked by every build: the loader fails the build on a line it does not
// recognise or a registry without entries. (A unit test that read .docusaurus/registry.js skipped itself
// in CI, which runs the unit tests before the first build.)
test('the registry loader fails the build on a registry it does not know, and trims one it does', () => {
  const loader = req(path.resolve('src/plugins/lean-client-bundle/registryLoader.js')) as (source: string) => string;
  const entry =
    '  "a1": [() => import(/* webpackChunkName: "a1" */ "@site/a.md"), "@site/a.md", require.resolveWeak("@site/a.md")],';
  const trimmed = loader(['export default {', entry, '};'].join('\n'));
  expect(trimmed).toContain('import(/* webpackChunkName: "a1" */ "@site/a.md"), 0, require.resolveWeak("@site/a.md")');
  expect(() =>
    loader(['export default {', entry.replace('require.resolveWeak', 'resolveWeak'), '};'].join('\n')),
  ).toThrow(/not in the format this loader knows/);
  expect(() => loader(['export default {', '};'].join('\n'))).toThrow(/no entry to trim/);
});

test('Docusaurus writes the registry in that format', () => {
  const codegen = fs.readFileSync(req.resolve('@docusaurus/core/lib/server/codegen/codegenRoutes.js'), 'utf8');
  expect(codegen).toContain('[() => import(/* webpackChunkName: ');
  expect(codegen).toMatch(/require\.resolveWeak\(/);
});

test('the browser reads a registry entry\'s module path only as Loadable "modules", which only server rendering reports', () => {
  const creator = fs.readFileSync(req.resolve('@docusaurus/core/lib/client/exports/ComponentCreator.js'), 'utf8');
  const uses = [...creator.matchAll(/chunkRegistry\[1\]/g)];
  expect(uses).toHaveLength(1);
  expect(creator).toContain('modules.push(chunkRegistry[1])');
  // `modules` goes to Loadable.Map and nowhere else.
  const code = creator.replace(/\/\/.*$/gm, '');
  // The NotFound route's own list, the declaration, the push, and the property given to Loadable.Map.
  expect([...code.matchAll(/\bmodules\b[^\n]*/g)].map((m) => m[0])).toEqual([
    "modules: ['@theme/NotFound'],",
    'modules = [];',
    'modules.push(chunkRegistry[1]);',
    'modules,',
  ]);
  const loadable = fs.readFileSync(
    createRequire(req.resolve('@docusaurus/core/package.json')).resolve('react-loadable/lib/index.js'),
    'utf8',
  );
  // react-loadable reports `modules` to a capture context, which only the server provides.
  const reads = [...loadable.matchAll(/opts\.modules/g)];
  expect(reads.length).toBe(2);
  expect(loadable).toMatch(
    /if \(this\.context && Array\.isArray\(opts\.modules\)\) \{\s*opts\.modules\.forEach\(function \(moduleName\) \{\s*_this2\.context\.report\(moduleName\);/,
  );
  const server = fs.readFileSync(req.resolve('@docusaurus/core/lib/client/serverEntry.js'), 'utf8');
  expect(server).toMatch(/<Loadable\.Capture report=/);
  const client = fs.readFileSync(req.resolve('@docusaurus/core/lib/client/clientEntry.js'), 'utf8');
  expect(client).not.toMatch(/Loadable\.Capture/);
});

test("the theme's nprogress client module is the one the plugin replaces", () => {
  const main = req.resolve('@docusaurus/theme-classic');
  const source = fs.readFileSync(main, 'utf8');
  const body = /getClientModules\(\)\s*\{([\s\S]*?)\n {8}\}/.exec(source)?.[1];
  expect(body, 'getClientModules() of @docusaurus/theme-classic').toBeTruthy();
  const modules = [...body!.matchAll(/'(\.\/[^']+)'/g)].map((m) => path.resolve(path.dirname(main), m[1]!));
  const progress = modules.filter((m) => THEME_PROGRESS_MODULE.test(m));
  expect(progress).toHaveLength(1);
  const module = fs.readFileSync(`${progress[0]!.replace(/\.js$/, '')}.js`, 'utf8');
  // What the replacement does the same way: the bar after 200 ms, without the spinner, done when the route updated.
  expect(module).toMatch(/import nprogress from 'nprogress'/);
  expect(module).toMatch(/showSpinner: false/);
  expect(module).toMatch(/const delay = 200;/);
  expect(module).toMatch(/import '\.\/nprogress\.css'/);
});

test('the build check finds the theme nprogress module, a missing replacement, an untrimmed registry and CommonJS tslib', () => {
  const dir = '/site/src/plugins/lean-client-bundle';
  const swc = 'builtin:swc-loader??ruleSet[1].rules[5].use[0]!';
  const registry = `${swc}${dir}/registryLoader.js!/site/.docusaurus/registry.js`;
  const good = [`${swc}${dir}/progressBar.ts`, registry, `${dir}/tslibHelpers.js`];
  expect(leanBundleProblems(good, dir)).toEqual([]);
  const bad = leanBundleProblems(
    [
      `${swc}/site/node_modules/@docusaurus/theme-classic/lib/nprogress.js`,
      `${swc}/site/.docusaurus/registry.js`,
      '/site/node_modules/tslib/tslib.es6.mjs',
    ],
    dir,
  );
  expect(bad).toHaveLength(4);
  expect(bad[0]).toMatch(/nprogress client module is still in the client bundle/);
  expect(bad[1]).toMatch(/progressBar\.ts did not replace/);
  expect(bad[2]).toMatch(/registry was not built with registryLoader/);
  expect(bad[3]).toMatch(/tslib \(the whole library\)/);
});

test('@docusaurus/utils-common uses only the tslib helpers tslibHelpers.js provides, and they behave as tslib', () => {
  const lib = path.join(path.dirname(req.resolve('@docusaurus/utils-common/package.json')), 'lib');
  const files = fs
    .readdirSync(lib)
    .filter((f) => f.endsWith('.js'))
    .map((f) => path.join(lib, f));
  const used = tslibHelpersUsed(files);
  expect(used.length).toBeGreaterThan(0);
  const dir = path.resolve('src/plugins/lean-client-bundle');
  expect(tslibHelpersProvided(dir)).toEqual(expect.arrayContaining(used));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const shim = require(path.join(dir, 'tslibHelpers.js')) as Record<string, (m: unknown) => unknown>;
  const tslib = createRequire(files[0]!)('tslib') as Record<string, (m: unknown) => unknown>;
  for (const mod of [{__esModule: true, default: 1}, {a: 1}, null, () => 2])
    for (const helper of used) expect(shim[helper]!(mod)).toEqual(tslib[helper]!(mod));
});

test('tslibHelpersUsed reads the helpers a compiled file calls', () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tslib-')), 'x.js');
  fs.writeFileSync(
    file,
    'const tslib_1 = require("tslib");\ntslib_1.__exportStar(a, exports);\ntslib_1.__importDefault(b);\n',
  );
  expect(tslibHelpersUsed([file])).toEqual(['__exportStar', '__importDefault']);
});
