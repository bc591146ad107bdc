// Usage: node scripts/build.mjs [docusaurus build options, e.g. --out-dir build-variant] — what `npm run build` runs.
//
// The production build, in two processes (the `bundlerProcess` customisation, src/lib/performance.ts):
// the first loads the site and bundles it, then ends; the second loads the site again, renders the pages
// from the bundles on disk and runs the plugins' postBuild. Rspack (1.x) keeps its compilations alive
// after `compiler.close()` (its native side holds the JavaScript callbacks that hold the compiler), so in
// one process about 1.9 GB that bundling 444 pages left stays resident through rendering and postBuild,
// which is where the build's peak memory is. Docusaurus's own switches split the build:
// DOCUSAURUS_EXIT_AFTER_BUNDLING ends a build after bundling, DOCUSAURUS_SKIP_BUNDLING starts one at
// rendering, without emptying the output directory. They are read by @docusaurus/core's buildLocale.js
// (checked in tests/unit/buildProcesses.spec.ts); this script also checks after each process that it
// did what it was asked, so a Docusaurus that ignores them fails the build instead of building twice.
// With LYKTA_PERF_OFF naming bundlerProcess (or `all`), it is one `docusaurus build`, as stock. The
// bundling process starts with --expose-gc and src/plugins/bundler-memory/takeGc.cjs unless bundlerMemory is off.
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import createJiti from 'jiti';
import {docusaurusBin, builtOutDir, checkAfterBundling, checkAfterRendering, bundleStamp} from './build-processes.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TAKE_GC = path.join(ROOT, 'src/plugins/bundler-memory/takeGc.cjs');
const jiti = createJiti(fileURLToPath(import.meta.url));
const {performanceSettings} = jiti('../src/lib/performance.ts');

const args = process.argv.slice(2);
const outDir = builtOutDir(args, ROOT);
const settings = performanceSettings(process.env.LYKTA_PERF_OFF);
const docusaurus = (env, nodeFlags = []) => {
  const r = spawnSync(process.execPath, [...nodeFlags, docusaurusBin(ROOT), 'build', ...args], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {...process.env, ...env},
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!settings.bundlerProcess) {
  docusaurus({});
} else {
  // The bundling process exposes gc to the bundler-memory plugin (src/plugins/bundler-memory/heap.ts).
  docusaurus(
    {DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true'},
    settings.bundlerMemory ? ['--expose-gc', '--require', TAKE_GC] : [],
  );
  checkAfterBundling(outDir);
  const stamp = bundleStamp(outDir);
  docusaurus({DOCUSAURUS_SKIP_BUNDLING: 'true'});
  checkAfterRendering(outDir, stamp);
}
