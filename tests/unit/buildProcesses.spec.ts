import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {createRequire} from 'node:module';
import {test, expect} from '@playwright/test';
import {execFileSync} from 'node:child_process';
import {
  docusaurusBin,
  builtOutDir,
  bundleStamp,
  checkAfterBundling,
  checkAfterRendering,
  withOutDir,
  checkAfterClientBundling,
  checkAfterServerBundling,
  moveServerBundle,
  checkHandoff,
} from '../../scripts/build-processes.mjs';

/**
 * scripts/build.mjs splits the build into a bundling process and a rendering process with two switches
 * of @docusaurus/core that are not in its documentation. These fail on an upgrade that drops or changes
 * them; the script's own checks (below) fail the build if one is ignored anyway.
 */
const req = createRequire(path.resolve('package.json'));
const coreFile = (rel: string) =>
  fs.readFileSync(path.join(path.dirname(req.resolve('@docusaurus/core/package.json')), rel), 'utf8');

test('Docusaurus still reads the two switches, ends after bundling, and keeps the output when it skips bundling', () => {
  const build = coreFile('lib/commands/build/buildLocale.js');
  expect(build).toContain("process.env.DOCUSAURUS_EXIT_AFTER_BUNDLING === 'true'");
  expect(build).toContain("process.env.DOCUSAURUS_SKIP_BUNDLING === 'true'");
  // The output directory is emptied only when bundling; the exit comes after bundling, before SSG.
  expect(build).toMatch(/SkipBundling \? undefined : \(0, clearPath_1\.default\)\(outDir\)/);
  const exit = build.indexOf('if (ExitAfterBundling)');
  expect(exit).toBeGreaterThan(build.indexOf('Bundling with'));
  expect(exit).toBeLessThan(build.indexOf("'SSG'"));
  // Where the server bundle is, which the script checks for.
  const server = coreFile('lib/webpack/server.js');
  expect(server).toContain("const outputFilename = 'server.bundle.js';");
  expect(server).toContain("path_1.default.join(props.outDir, '__server')");
});

test('the build starts the docusaurus command that package.json scripts start', () => {
  const pkg = JSON.parse(coreFile('package.json')) as {bin: Record<string, string>};
  const bin = docusaurusBin(process.cwd());
  expect(bin).toBe(path.join(path.dirname(req.resolve('@docusaurus/core/package.json')), pkg.bin.docusaurus));
  expect(fs.realpathSync(path.resolve('node_modules/.bin/docusaurus'))).toBe(bin);
});

/**
 * Each process of a build, and `npm start`, loads the site's config. Playwright (diagrams are drawn only
 * when not cached) and Redocly (documents are bundled only when the kept bundles' key changes) are loaded
 * when first needed, not by the config: together they cost each start about 1.4 s here.
 */
test('loading the site config loads neither Playwright nor Redocly', () => {
  const script = `
    const jiti = require('jiti')(process.cwd() + '/', {interopDefault: true});
    jiti('./docusaurus.config.ts');
    const loaded = Object.keys(require.cache).filter((f) => /node_modules[/](playwright-core|@redocly)[/]/.test(f));
    const config = Object.keys(require.cache).filter((f) => f.endsWith('docusaurus.config.ts'));
    console.log(JSON.stringify({loaded, config}));`;
  const out = JSON.parse(execFileSync(process.execPath, ['-e', script], {encoding: 'utf8'}).trim().split('\n').pop()!);
  expect(out.config, 'the config was not loaded').toHaveLength(1);
  expect(out.loaded).toEqual([]);
});

test('the output directory is read from the build options', () => {
  expect(builtOutDir([], '/site')).toBe('/site/build');
  expect(builtOutDir(['--out-dir', 'build-variant'], '/site')).toBe('/site/build-variant');
  expect(builtOutDir(['--out-dir=/tmp/x'], '/site')).toBe('/tmp/x');
  expect(builtOutDir(['--no-minify', '--out-dir', 'a', '--out-dir', 'b'], '/site')).toBe('/site/b');
  expect(() => builtOutDir(['--out-dir'], '/site')).toThrow(/--out-dir needs a directory/);
  expect(() => builtOutDir(['--out-dir', '--no-minify'], '/site')).toThrow(/--out-dir needs a directory/);
  expect(() => builtOutDir(['--out-dir='], '/site')).toThrow(/--out-dir needs a directory/);
});

/** A fake output directory: the client bundle, and the server bundle and pages as asked. */
function outDir({server, pages}: {server: boolean; pages: boolean}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lykta-build-'));
  fs.mkdirSync(path.join(dir, 'assets/js'), {recursive: true});
  fs.writeFileSync(path.join(dir, 'assets/js/main.1234abcd.js'), 'main');
  fs.writeFileSync(path.join(dir, 'assets/js/17.5678efab.js'), 'chunk');
  if (server) {
    fs.mkdirSync(path.join(dir, '__server'));
    fs.writeFileSync(path.join(dir, '__server/server.bundle.js'), 'server');
  }
  if (pages) fs.writeFileSync(path.join(dir, '404.html'), '<!doctype html>');
  return dir;
}

test('after bundling: the server bundle must be there and no page rendered', () => {
  expect(() => checkAfterBundling(outDir({server: true, pages: false}))).not.toThrow();
  expect(() => checkAfterBundling(outDir({server: false, pages: false}))).toThrow(
    /left no __server\/server\.bundle\.js/,
  );
  expect(() => checkAfterBundling(outDir({server: true, pages: true}))).toThrow(
    /ignored DOCUSAURUS_EXIT_AFTER_BUNDLING/,
  );
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'lykta-build-'));
  expect(() => bundleStamp(empty)).toThrow(/wrote no JavaScript/);
});

test('after rendering: pages there, the server bundle gone, the client bundle untouched', () => {
  const dir = outDir({server: true, pages: false});
  const stamp = bundleStamp(dir);
  expect(Object.keys(stamp).sort()).toEqual(['17.5678efab.js', 'main.1234abcd.js']);
  // Rendering as Docusaurus does it: pages written, the server bundle deleted.
  fs.writeFileSync(path.join(dir, '404.html'), '<!doctype html>');
  expect(() => checkAfterRendering(dir, stamp)).toThrow(/left __server\/server\.bundle\.js/);
  fs.rmSync(path.join(dir, '__server'), {recursive: true});
  expect(() => checkAfterRendering(dir, stamp)).not.toThrow();
  // A rendering process that bundled again replaced the client files.
  const later = new Date(Date.now() + 5000);
  fs.utimesSync(path.join(dir, 'assets/js/17.5678efab.js'), later, later);
  expect(() => checkAfterRendering(dir, stamp)).toThrow(
    /bundled again \(1 of 2 client files replaced, e\.g\. 17\.5678efab\.js\)/,
  );
  fs.rmSync(path.join(dir, 'assets/js'), {recursive: true});
  expect(() => checkAfterRendering(dir, stamp)).toThrow(/bundled again \(2 of 2/);
  // No pages at all.
  const unrendered = outDir({server: false, pages: false});
  expect(() => checkAfterRendering(unrendered, bundleStamp(unrendered))).toThrow(/wrote no 404\.html/);
});

test('the server bundling process gets its own output directory, the other options kept', () => {
  expect(withOutDir([], '/tmp/s')).toEqual(['--out-dir', '/tmp/s']);
  expect(withOutDir(['--no-minify', '--out-dir', 'build-variant', '--locale', 'en'], '/tmp/s')).toEqual([
    '--no-minify',
    '--locale',
    'en',
    '--out-dir',
    '/tmp/s',
  ]);
  expect(withOutDir(['--out-dir=/x', '--out-dir', 'y'], '/tmp/s')).toEqual(['--out-dir', '/tmp/s']);
});

test('after the client and the server bundling processes: each bundle only where it belongs, then moved together', () => {
  const client = outDir({server: false, pages: false});
  expect(() => checkAfterClientBundling(client)).not.toThrow();
  expect(() => checkAfterClientBundling(outDir({server: true, pages: false}))).toThrow(
    /client bundling process wrote __server\/server\.bundle\.js too/,
  );
  expect(() => checkAfterClientBundling(fs.mkdtempSync(path.join(os.tmpdir(), 'lykta-build-')))).toThrow(
    /client bundling process wrote no JavaScript/,
  );
  const server = fs.mkdtempSync(path.join(os.tmpdir(), 'lykta-build-'));
  expect(() => checkAfterServerBundling(server)).toThrow(/server bundling process left no __server/);
  fs.mkdirSync(path.join(server, '__server'));
  fs.writeFileSync(path.join(server, '__server/server.bundle.js'), 'server');
  fs.writeFileSync(path.join(server, '__server/other.js'), 'chunk');
  expect(() => checkAfterServerBundling(server)).not.toThrow();
  expect(() => checkAfterServerBundling(outDir({server: true, pages: false}))).toThrow(
    /server bundling process wrote client JavaScript/,
  );
  moveServerBundle(server, client);
  expect(fs.readdirSync(path.join(client, '__server')).sort()).toEqual(['other.js', 'server.bundle.js']);
  expect(() => checkAfterBundling(client)).not.toThrow();
});

test("the server process's MDX hand-off: every page handed over in a build without a bundler cache", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lykta-build-'));
  const summary = path.join(dir, 'server-summary.json');
  // A warm build whose server modules all came from the cache compiles no page at all.
  expect(checkHandoff(summary, false)).toBe('0 MDX pages from the client process, 0 compiled again');
  expect(() => checkHandoff(summary, true)).toThrow(/took no MDX page from the client process/);
  fs.writeFileSync(summary, JSON.stringify({handedOver: 428, compiledAgain: 0}));
  expect(checkHandoff(summary, true)).toBe('428 MDX pages from the client process, 0 compiled again');
  fs.writeFileSync(summary, JSON.stringify({handedOver: 420, compiledAgain: 8}));
  expect(checkHandoff(summary, false)).toBe('420 MDX pages from the client process, 8 compiled again');
  expect(() => checkHandoff(summary, true)).toThrow(/compiled 8 MDX pages again/);
});
