// The checks of scripts/build.mjs between its processes (unit-tested in tests/unit/buildProcesses.spec.ts).
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';

/**
 * The site's `docusaurus` command: `node <this> <command>` runs what an npm script runs as
 * `docusaurus <command>` (the bin of @docusaurus/core), without npx, which spent about 3 s before each
 * start here.
 */
export function docusaurusBin(root) {
  return createRequire(path.join(root, 'package.json')).resolve('@docusaurus/core/bin/docusaurus.mjs');
}

/** The output directory of `docusaurus build <args>`: `--out-dir X` or `--out-dir=X`, else `build`, from `root`. */
export function builtOutDir(args, root) {
  let dir = 'build';
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--out-dir') {
      if (args[i + 1] === undefined || args[i + 1].startsWith('-')) throw new Error('--out-dir needs a directory');
      dir = args[++i];
    } else if (args[i].startsWith('--out-dir=')) dir = args[i].slice('--out-dir='.length);
  }
  if (!dir) throw new Error('--out-dir needs a directory');
  return path.resolve(root, dir);
}

/** `args` with the output directory set to `dir` (any --out-dir they had removed). */
export function withOutDir(args, dir) {
  const kept = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--out-dir') i++;
    else if (!args[i].startsWith('--out-dir=')) kept.push(args[i]);
  }
  return [...kept, '--out-dir', dir];
}

const SERVER_DIR = '__server';
const SERVER_BUNDLE = path.join(SERVER_DIR, 'server.bundle.js');
const clientScripts = (outDir) => {
  const dir = path.join(outDir, 'assets', 'js');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.js')) : [];
};

/** After the client bundling process (serverProcess): the client bundle is there, the server bundle is not. */
export function checkAfterClientBundling(outDir) {
  if (clientScripts(outDir).length === 0)
    throw new Error(`build: the client bundling process wrote no JavaScript to ${path.join(outDir, 'assets', 'js')}`);
  if (fs.existsSync(path.join(outDir, SERVER_BUNDLE)))
    throw new Error(
      `build: the client bundling process wrote ${SERVER_BUNDLE} too: LYKTA_BUNDLE_ONLY did not take the server compiler out (see src/plugins/server-process; build with LYKTA_PERF_OFF=serverProcess meanwhile)`,
    );
}

/** After the server bundling process, in its own output directory: the server bundle is there, no client bundle. */
export function checkAfterServerBundling(serverOutDir) {
  if (!fs.existsSync(path.join(serverOutDir, SERVER_BUNDLE)))
    throw new Error(`build: the server bundling process left no ${SERVER_BUNDLE} in ${serverOutDir}`);
  const scripts = clientScripts(serverOutDir);
  if (scripts.length > 0)
    throw new Error(
      `build: the server bundling process wrote client JavaScript (${scripts[0]}): LYKTA_BUNDLE_ONLY did not take the client compiler out (see src/plugins/server-process; build with LYKTA_PERF_OFF=serverProcess meanwhile)`,
    );
}

/**
 * What the server bundling process says of the MDX pages (src/plugins/server-process/handoffLoader.cjs):
 * how many it took from the client process and how many it compiled itself. In a build without a bundler
 * cache every page must have been handed over; a page compiled again there means the hand-off failed.
 */
export function checkHandoff(summaryFile, clean) {
  const summary = fs.existsSync(summaryFile) ? JSON.parse(fs.readFileSync(summaryFile, 'utf8')) : undefined;
  const {handedOver = 0, compiledAgain = 0} = summary ?? {};
  if (clean && handedOver === 0)
    throw new Error(
      'build: the server bundling process took no MDX page from the client process (see src/plugins/server-process; build with LYKTA_PERF_OFF=serverProcess meanwhile)',
    );
  if (clean && compiledAgain > 0)
    throw new Error(
      `build: the server bundling process compiled ${compiledAgain} MDX pages again that the client process should have handed over (see src/plugins/server-process; build with LYKTA_PERF_OFF=serverProcess meanwhile)`,
    );
  return `${handedOver} MDX pages from the client process, ${compiledAgain} compiled again`;
}

/** Moves the server bundle from the server bundling process's output directory into the site's. */
export function moveServerBundle(serverOutDir, outDir) {
  const to = path.join(outDir, SERVER_DIR);
  fs.rmSync(to, {recursive: true, force: true});
  fs.cpSync(path.join(serverOutDir, SERVER_DIR), to, {recursive: true});
}

/** After the bundling process: the server bundle is there and no page was rendered. */
export function checkAfterBundling(outDir) {
  if (!fs.existsSync(path.join(outDir, SERVER_BUNDLE)))
    throw new Error(
      `build: the bundling process left no ${SERVER_BUNDLE} in ${outDir}: Docusaurus no longer writes the server bundle there (see scripts/build.mjs)`,
    );
  if (fs.existsSync(path.join(outDir, '404.html')))
    throw new Error(
      'build: the bundling process rendered pages: Docusaurus ignored DOCUSAURUS_EXIT_AFTER_BUNDLING (see scripts/build.mjs; build with LYKTA_PERF_OFF=bundlerProcess meanwhile)',
    );
}

/** The client bundle's JavaScript files with their modification times. */
export function bundleStamp(outDir) {
  const dir = path.join(outDir, 'assets', 'js');
  const files = clientScripts(outDir);
  if (files.length === 0) throw new Error(`build: the bundling process wrote no JavaScript to ${dir}`);
  return Object.fromEntries(files.map((f) => [f, fs.statSync(path.join(dir, f)).mtimeMs]));
}

/** After the rendering process: pages rendered, the server bundle removed, the client bundle untouched. */
export function checkAfterRendering(outDir, stamp) {
  const dir = path.join(outDir, 'assets', 'js');
  const changed = Object.entries(stamp).filter(([f, mtime]) => {
    const file = path.join(dir, f);
    return !fs.existsSync(file) || fs.statSync(file).mtimeMs !== mtime;
  });
  if (changed.length > 0)
    throw new Error(
      `build: the rendering process bundled again (${changed.length} of ${Object.keys(stamp).length} client files replaced, e.g. ${changed[0][0]}): Docusaurus ignored DOCUSAURUS_SKIP_BUNDLING (see scripts/build.mjs; build with LYKTA_PERF_OFF=bundlerProcess meanwhile)`,
    );
  if (!fs.existsSync(path.join(outDir, '404.html')))
    throw new Error(`build: the rendering process wrote no 404.html to ${outDir}`);
  if (fs.existsSync(path.join(outDir, SERVER_BUNDLE)))
    throw new Error(`build: the rendering process left ${SERVER_BUNDLE} in ${outDir}`);
}
