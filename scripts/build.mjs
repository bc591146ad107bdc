// Usage: node scripts/build.mjs [docusaurus build options, e.g. --out-dir build-variant] — what `npm run build` runs.
//
// The production build, in three processes (the `bundlerProcess` and `serverProcess` customisations,
// src/lib/performance.ts): the first loads the site and bundles it for the browser; the second bundles it
// for the server (into a folder of its own, as Docusaurus empties the output directory when it bundles,
// then moved into place); the third renders the pages from the bundles on disk and runs the plugins'
// postBuild. Rspack (1.x) keeps its compilations alive after `compiler.close()` (its native side holds
// the JavaScript callbacks that hold the compiler), so in one process what bundling left stays resident
// through what comes after it: the server compilation on top of the client's, and rendering and
// postBuild on top of both. The client process hands its compiled MDX pages to the server process
// (src/plugins/server-process), so each page is compiled once, as in one process.
//
// Each process after the first is started early, once the one ahead has loaded the site, and waits
// before loading the site's content (src/plugins/build-gate) until that one has ended and its output has
// been checked (the `earlyStart` customisation): its Node start, config and plugins are ready by then.
//
// Docusaurus's own switches split the build: DOCUSAURUS_EXIT_AFTER_BUNDLING ends a build after bundling,
// DOCUSAURUS_SKIP_BUNDLING starts one at rendering, without emptying the output directory. They are read
// by @docusaurus/core's buildLocale.js (checked in tests/unit/buildProcesses.spec.ts); this script also
// checks after each process that it did what it was asked, so a Docusaurus that ignores them fails the
// build instead of building twice.
// LYKTA_PERF_OFF naming serverProcess bundles both in the first process (two processes); naming
// bundlerProcess (or `all`) makes it one `docusaurus build`, as stock. The bundling processes start with
// --expose-gc and src/plugins/bundler-memory/takeGc.cjs unless bundlerMemory is off.
import {spawn} from 'node:child_process';
import fs from 'node:fs';
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
// Docusaurus's Rspack persistent cache (Rspack's default folder), and the build's own working folders.
const RSPACK_CACHE = path.join(ROOT, 'node_modules/.cache/rspack');
const BUILD_CACHE = path.join(ROOT, 'node_modules/.cache/lykta-build');
const jiti = createJiti(fileURLToPath(import.meta.url));
const {performanceSettings} = jiti('../src/lib/performance.ts');
const {GATE_ENV, LOADED_ENV, waitingFile, waitForFile} = jiti('../src/plugins/build-gate/gate.ts');
const {SUMMARY_FILE} = createRequire(import.meta.url)('../src/plugins/server-process/handoffLoader.cjs');

const args = process.argv.slice(2);
const outDir = builtOutDir(args, ROOT);
const settings = performanceSettings(process.env.LYKTA_PERF_OFF);

/**
 * The build's working folders, emptied now and removed when it ends: `signals` for the files the script
 * and its processes tell each other by (src/plugins/build-gate), and (`workFolder`) those of the
 * serverProcess customisation. Always the same folders: their paths reach the processes in LYKTA_*
 * variables, which src/plugins/file-dependencies hashes into the bundler cache's version, so a new path
 * each build would leave every warm build cold. (So two builds of one checkout cannot
 * run at once, which Docusaurus's own `.docusaurus` folder already rules out.)
 */
const temporary = [];
function workFolder(name) {
  const dir = path.join(BUILD_CACHE, name);
  fs.rmSync(dir, {recursive: true, force: true});
  fs.mkdirSync(dir, {recursive: true});
  temporary.push(dir);
  return dir;
}
const signals = workFolder('signals');
const running = new Set();
process.on('exit', () => {
  for (const {child} of running) if (child.exitCode === null && child.signalCode === null) child.kill();
  for (const dir of temporary) fs.rmSync(dir, {recursive: true, force: true});
});
let processCount = 0;

/**
 * A `docusaurus build` process. `done` settles when it ends, rejecting unless it succeeded (it has printed
 * why); `loaded` once it has loaded the site (src/plugins/build-gate), or ended.
 */
function startDocusaurus(env, nodeFlags = [], buildArgs = args) {
  const loaded = path.join(signals, `loaded-${++processCount}`);
  const child = spawn(process.execPath, [...nodeFlags, docusaurusBin(ROOT), 'build', ...buildArgs], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {...process.env, ...env, [LOADED_ENV]: loaded},
  });
  const run = {child};
  running.add(run);
  run.done = new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(Object.assign(new Error(`docusaurus build ended with ${signal ?? code}`), {code})),
    );
  });
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  // Watched for only when asked (earlyStart), then once.
  let watching;
  Object.defineProperty(run, 'loaded', {get: () => (watching ??= waitForFile(loaded, ended).catch(() => undefined))});
  return run;
}

/**
 * A process that starts early and waits at its gate (src/plugins/build-gate) before loading the site's
 * content, until `open()`: the processes after the first are started once the one ahead has loaded the
 * site, and let go once it has ended and its output has been checked.
 */
function gated(env, nodeFlags, buildArgs) {
  const gate = path.join(signals, `gate-${processCount + 1}`);
  const run = startDocusaurus({...env, [GATE_ENV]: gate}, nodeFlags, buildArgs);
  run.open = () => fs.writeFileSync(gate, 'open');
  /** After the process: it did wait at its gate (the plugin is in the config). */
  run.checkWaited = () => {
    if (!fs.existsSync(waitingFile(gate)))
      throw new Error(
        `build: a process did not wait at its gate (${GATE_ENV}): the build-gate plugin is not in the site's config (see src/plugins/build-gate)`,
      );
  };
  return run;
}

/**
 * A process after the first: started early and gated (the earlyStart customisation), or, without it,
 * started only when `open()` says it may run. Either way `done` settles once it has ended.
 */
function startProcess(env, nodeFlags, buildArgs) {
  if (settings.earlyStart) return gated(env, nodeFlags, buildArgs);
  let resolveRun;
  const started = new Promise((resolve) => (resolveRun = resolve));
  const run = {
    done: started.then((r) => r.done),
    loaded: started.then((r) => r.loaded),
    open: () => resolveRun(startDocusaurus(env, nodeFlags, buildArgs)),
    checkWaited: () => {},
  };
  return run;
}

async function build() {
  if (!settings.bundlerProcess) {
    await startDocusaurus({}).done;
    return;
  }
  // The bundling processes expose gc to the bundler-memory plugin (src/plugins/bundler-memory/heap.ts).
  const gcFlags = settings.bundlerMemory ? ['--expose-gc', '--require', TAKE_GC] : [];
  const rendering = () => startProcess({DOCUSAURUS_SKIP_BUNDLING: 'true'});
  let render;
  if (!settings.serverProcess) {
    const bundling = startDocusaurus({DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true'}, gcFlags);
    if (settings.earlyStart) {
      await bundling.loaded;
      render = rendering();
    }
    await bundling.done;
    render ??= rendering();
  } else {
    // The MDX pages handed from the client process to the server process, and the server process's output
    // directory.
    const handoff = workFolder('mdx-handoff');
    const serverOut = workFolder('server-bundle');
    // Without a bundler cache both processes compile every page, so the server process must take them all.
    const clean = Boolean(process.env.DOCUSAURUS_NO_PERSISTENT_CACHE) || !fs.existsSync(RSPACK_CACHE);
    const bundle = (side) => ({DOCUSAURUS_EXIT_AFTER_BUNDLING: 'true', LYKTA_BUNDLE_ONLY: side, LYKTA_MDX_HANDOFF: handoff});
    const client = startDocusaurus(bundle('client'), gcFlags);
    if (settings.earlyStart) await client.loaded;
    const server = startProcess(bundle('server'), gcFlags, withOutDir(args, serverOut));
    await client.done;
    checkAfterClientBundling(outDir);
    server.open();
    // The rendering process starts while the server bundle is compiled, and waits for it.
    if (settings.earlyStart) await server.loaded;
    render = rendering();
    await server.done;
    server.checkWaited();
    checkAfterServerBundling(serverOut);
    console.log(`[build] server bundle: ${checkHandoff(path.join(handoff, SUMMARY_FILE), clean)}`);
    moveServerBundle(serverOut, outDir);
  }
  checkAfterBundling(outDir);
  const stamp = bundleStamp(outDir);
  render.open();
  await render.done;
  render.checkWaited();
  checkAfterRendering(outDir, stamp);
}

build().catch((error) => {
  // A process that failed has printed why; a failed check or a process that could not start says it here.
  if (typeof error.code !== 'number') console.error(error.message);
  process.exit(typeof error.code === 'number' && error.code > 0 ? error.code : 1);
});
