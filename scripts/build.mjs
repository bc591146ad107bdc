// Usage: node scripts/build.mjs [docusaurus build options, e.g. --out-dir build-variant] — what `npm run build` runs.
//
// The production build, in three processes (the `bundlerProcess` and `serverProcess` customisations,
// src/lib/performance.ts): the first loads the site and bundles it for the browser, then ends; the second
// loads it again and bundles it for the server (into a folder of its own, as Docusaurus empties the output
// directory when it bundles), then ends; the third loads it again, renders the pages from the bundles on
// disk and runs the plugins' postBuild. Rspack (1.x) keeps its compilations alive after `compiler.close()`
// (its native side holds the JavaScript callbacks that hold the compiler), so in one process what bundling
// left stays resident through what comes after it: the server compilation on top of the client's, and
// rendering and postBuild on top of both. The client process hands its compiled MDX pages to the server
// process (src/plugins/server-process), so each page is compiled once, as in one process.
// Docusaurus's own switches split the build: DOCUSAURUS_EXIT_AFTER_BUNDLING ends a build after bundling,
// DOCUSAURUS_SKIP_BUNDLING starts one at rendering, without emptying the output directory. They are read
// by @docusaurus/core's buildLocale.js (checked in tests/unit/buildProcesses.spec.ts); this script also
// checks after each process that it did what it was asked, so a Docusaurus that ignores them fails the
// build instead of building twice.
// LYKTA_PERF_OFF naming serverProcess bundles both in the first process (two processes); naming
// bundlerProcess (or `all`) makes it one `docusaurus build`, as stock. The bundling processes start with
// --expose-gc and src/plugins/bundler-memory/takeGc.cjs unless bundlerMemory is off.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {createRequire} from 'node:module';
import createJiti from 'jiti';
import {
  docusaurusBin,
  builtOutDir,
  withOutDir,
  checkAfterClientBundling,
  checkAfterServerBundling,
  moveServerBundle,
  checkHandoff,
  checkAfterBundling,
  checkAfterRendering,
  bundleStamp,
} from './build-processes.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TAKE_GC = path.join(ROOT, 'src/plugins/bundler-memory/takeGc.cjs');
// Docusaurus's Rspack persistent cache (Rspack's default folder).
const RSPACK_CACHE = path.join(ROOT, 'node_modules/.cache/rspack');
const jiti = createJiti(fileURLToPath(import.meta.url));
const {performanceSettings} = jiti('../src/lib/performance.ts');
const {SUMMARY_FILE} = createRequire(import.meta.url)('../src/plugins/server-process/handoffLoader.cjs');

const args = process.argv.slice(2);
const outDir = builtOutDir(args, ROOT);
const settings = performanceSettings(process.env.LYKTA_PERF_OFF);
const docusaurus = (env, nodeFlags = [], buildArgs = args) => {
  const r = spawnSync(process.execPath, [...nodeFlags, docusaurusBin(ROOT), 'build', ...buildArgs], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {...process.env, ...env},
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!settings.bundlerProcess) {
  docusaurus({});
} else {
  // The bundling processes expose gc to the bundler-memory plugin (src/plugins/bundler-memory/heap.ts).
  const gcFlags = settings.bundlerMemory ? ['--expose-gc', '--require', TAKE_GC] : [];
  if (!settings.serverProcess) {
    docusaurus({DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true'}, gcFlags);
  } else {
    // Temporary folders: the MDX pages handed from the client process to the server process, and the
    // server process's output directory. Removed however the build ends.
    const handoff = fs.mkdtempSync(path.join(os.tmpdir(), 'lykta-mdx-handoff-'));
    const serverOut = fs.mkdtempSync(path.join(os.tmpdir(), 'lykta-server-bundle-'));
    process.on('exit', () => {
      for (const dir of [handoff, serverOut]) fs.rmSync(dir, {recursive: true, force: true});
    });
    // Without a bundler cache both processes compile every page, so the server process must take them all.
    const clean = Boolean(process.env.DOCUSAURUS_NO_PERSISTENT_CACHE) || !fs.existsSync(RSPACK_CACHE);
    const bundle = (side) => ({DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true', LYKTA_BUNDLE_ONLY: side, LYKTA_MDX_HANDOFF: handoff});
    docusaurus(bundle('client'), gcFlags);
    checkAfterClientBundling(outDir);
    docusaurus(bundle('server'), gcFlags, withOutDir(args, serverOut));
    checkAfterServerBundling(serverOut);
    console.log(`[build] server bundle: ${checkHandoff(path.join(handoff, SUMMARY_FILE), clean)}`);
    moveServerBundle(serverOut, outDir);
  }
  checkAfterBundling(outDir);
  const stamp = bundleStamp(outDir);
  docusaurus({DOCUSAURUS_SKIP_BUNDLING: 'true'});
  checkAfterRendering(outDir, stamp);
}
