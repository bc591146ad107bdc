// Usage: node scripts/precompress.mjs <dir> [--concurrency=N] — writes <file>.gz (gzip level 9) and <file>.br
// (Brotli quality 11) beside every text file of a built site, for nginx's gzip_static and brotli_static
// (deploy/nginx). Run once at deploy time, never per request. Skips files under 1 KB, files whose compressed
// form is not smaller (that variant alone), and anything that is not text. Compresses with the async zlib
// functions, which run on libuv's thread pool, N files at a time (default: one per CPU core).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import zlib from 'node:zlib';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Extensions of the text files a build holds (pages, code, styles, data, feeds, downloads, headers). */
export const TEXT_EXTENSIONS = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.map',
  '.json',
  '.xml',
  '.svg',
  '.txt',
  '.yaml',
  '.yml',
  '.h',
  '.md',
  '.webmanifest',
]);
export const MIN_BYTES = 1024;

async function* walk(dir) {
  for (const entry of await fs.readdir(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses one file; returns the variants written with their sizes. */
async function compressFile(file) {
  const data = await fs.readFile(file);
  const written = [];
  if (data.length < MIN_BYTES) {
    // Not worth it; a variant left from an earlier run of a larger version would be served instead.
    await Promise.all(['.gz', '.br'].map((ext) => fs.rm(file + ext, {force: true})));
    return {size: data.length, written};
  }
  const variants = [
    ['.gz', () => gzip(data, {level: zlib.constants.Z_BEST_COMPRESSION})], // level 9
    [
      '.br',
      () =>
        brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, // 11
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
    ],
  ];
  for (const [ext, compress] of variants) {
    const out = await compress();
    if (out.length >= data.length) {
      // Not worth it: no variant, and none left from an earlier run.
      await fs.rm(file + ext, {force: true});
      continue;
    }
    await fs.writeFile(file + ext, out);
    // Same modification time as the original, so ETag/Last-Modified agree whichever variant is sent.
    const {atime, mtime} = await fs.stat(file);
    await fs.utimes(file + ext, atime, mtime);
    written.push({ext, size: out.length});
  }
  return {size: data.length, written};
}

/**
 * Precompresses every text file under `dir` with at most `concurrency` files in flight.
 * Returns totals for the report.
 */
export async function precompress(dir, {concurrency = os.availableParallelism()} = {}) {
  const files = [];
  for await (const file of walk(dir)) {
    if (TEXT_EXTENSIONS.has(path.extname(file).toLowerCase())) files.push(file);
  }
  const totals = {files: files.length, compressed: 0, bytes: 0, gz: 0, br: 0};
  let next = 0;
  async function worker() {
    while (next < files.length) {
      const file = files[next++];
      const {size, written} = await compressFile(file);
      if (written.length === 0) continue;
      totals.compressed++;
      totals.bytes += size;
      for (const {ext, size: compressedSize} of written) totals[ext.slice(1)] += compressedSize;
    }
  }
  await Promise.all(Array.from({length: Math.max(1, Math.min(concurrency, files.length))}, worker));
  return totals;
}

async function main() {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--'));
  const concurrencyArg = args.find((a) => a.startsWith('--concurrency='));
  if (!dir) {
    console.error('Usage: node scripts/precompress.mjs <dir> [--concurrency=N]');
    process.exit(2);
  }
  const stat = await fs.stat(dir).catch(() => undefined);
  if (!stat?.isDirectory()) {
    console.error(`precompress: ${dir} is not a directory`);
    process.exit(2);
  }
  const concurrency = concurrencyArg ? Number(concurrencyArg.split('=')[1]) : undefined;
  const started = Date.now();
  const t = await precompress(dir, concurrency ? {concurrency} : {});
  const mb = (n) => (n / 1e6).toFixed(1);
  console.log(
    `precompress: ${t.compressed} of ${t.files} text files compressed in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
      `(${mb(t.bytes)} MB → gzip ${mb(t.gz)} MB, brotli ${mb(t.br)} MB)`,
  );
}

// Run as a script (not imported; no import.meta: Playwright's loader imports this file).
if (path.basename(process.argv[1] ?? '') === 'precompress.mjs') {
  main().catch((error) => {
    console.error(`precompress: ${error.message}`);
    process.exit(1);
  });
}
