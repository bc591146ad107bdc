// The checks of scripts/build.mjs between its two processes (unit-tested in tests/unit/buildProcesses.spec.ts).
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

const SERVER_BUNDLE = path.join('__server', 'server.bundle.js');

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
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.js')) : [];
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
