// Usage: npm run bench:scale [-- --factors=1,2,5,10] [-- --keep] [-- --skip-search] [-- --site-pages=N] [-- --out=<file>] [-- --check=<file>] [-- --search-again]
// The cost curve (issue 13 item 5): for each factor k, a copy of the site in /tmp/lykta-scale-<k> (with --out,
// /tmp/lykta-<its name>-<k>) with
// (k − 1) × the site's page count of synthetic pages added (varied prose, headings, lists, tables and
// inline code, spread over the search collections in proportion to their size today; factor 1 is the
// site as it is and is always built first, for the page count), a clean build (no bundler cache; drawn
// diagrams stay cached, as in CI) timed with GNU time while the process tree's memory is sampled every
// 0.5 s, then: output size, the largest page, the largest search file and the search timings on the
// bench's phone profile. Each copy has its own node_modules/.cache (the packages are linked), so
// nothing of this repository's caches is touched, and is deleted after its row unless --keep.
// Writes bench-results/scale.json (one row per factor), bench-results/scale-<k>.log (the build's
// output with Docusaurus's step timings and heap) and scale-<k>-memory.json (the samples), prints a Markdown table and checks the 10× row's
// budgets (scripts/scale-curve.mjs): exits 1 when over. --check=<file> only reads a scale.json,
// prints its table and checks its budgets. --out=<file> writes the rows (and the logs beside it, named
// after it) elsewhere, for experiments (e.g. LYKTA_PERF_OFF=all for stock Docusaurus on the same
// content); --skip-search leaves out the search timings; --search-again measures them for the rows of
// --out without them whose copies were kept (--keep); --site-pages=N takes the site's page count as
// given instead of building factor 1 first. Nothing is published: the pages exist only
// in the copies.
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {chromium} from '@playwright/test';
import {serveGzip} from './serve-gzip.mjs';
import {CHROMIUM_ARGS, chromiumExecutable} from '../src/lib/chromium.mjs';
import {measureSearch} from './search-timing.mjs';
import {
  growthPer1000Pages,
  parseFactors,
  parseGnuTime,
  scaleBudgetOverruns,
  scaleTable,
  stepOf,
  syntheticPagesFor,
  treeMemory,
  readProcesses,
} from './scale-curve.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const OUT = path.resolve(ROOT, arg('out', 'bench-results/scale.json'));
const RESULTS = path.dirname(OUT);
const NAME = path.basename(OUT, '.json');
const round = (n) => Math.round(n * 10) / 10;
const MB = 1024 * 1024;

// A small deterministic generator, so two runs build the same site.
let seed = 20261125;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (xs) => xs[Math.floor(random() * xs.length)];
const WORDS = {
  noun: 'camera stream profile event topic schedule recording overlay sensor zone track frame bitrate codec certificate token firmware package manifest container model detection channel pairing relay door reader credential speaker intercom radar scene buffer request response parameter field header cursor timestamp interval threshold region'.split(
    ' ',
  ),
  verb: 'configures returns lists updates removes validates publishes subscribes records encodes decodes rotates signs installs starts stops pairs tracks counts detects buffers retries rejects accepts'.split(
    ' ',
  ),
  adj: 'active default optional required encrypted signed local remote primary secondary periodic continuous temporary persistent unique ordered nested'.split(
    ' ',
  ),
  code: 'maxBitrate retentionDays nextCursor eventTopic sceneId trackId profileName timeoutSeconds minConfidence channelId zoneMask certificateId'.split(
    ' ',
  ),
};
const sentence = () => {
  const s = `The ${pick(WORDS.adj)} ${pick(WORDS.noun)} ${pick(WORDS.verb)} the ${pick(WORDS.noun)} when \`${pick(WORDS.code)}\` is ${pick(WORDS.adj)}, and every ${pick(WORDS.noun)} ${pick(WORDS.verb)} its ${pick(WORDS.noun)}.`;
  return s[0].toUpperCase() + s.slice(1);
};
const paragraph = () => Array.from({length: 3 + Math.floor(random() * 4)}, sentence).join(' ');
const title = (n) =>
  `${pick(WORDS.adj)} ${pick(WORDS.noun)} ${pick(WORDS.noun)} ${n}`.replace(/^./, (c) => c.toUpperCase());

function page(n) {
  const sections = Array.from({length: 3 + Math.floor(random() * 3)}, (_, i) => {
    const rows = Array.from({length: 4}, () => `| \`${pick(WORDS.code)}\` | ${pick(WORDS.adj)} | ${sentence()} |`);
    return [
      `## ${title(`${n}.${i}`)}`,
      '',
      paragraph(),
      '',
      `- ${sentence()}`,
      `- ${sentence()}`,
      '',
      ...(i % 2 ? ['| Name | Kind | Meaning |', '|---|---|---|', ...rows, ''] : []),
      paragraph(),
      '',
    ].join('\n');
  });
  const t = title(n);
  return `---\ntitle: ${t}\ndescription: ${sentence()}\n---\n\n# ${t}\n\n${paragraph()}\n\n${sections.join('\n')}`;
}

// Where the pages go: one folder per search collection, in proportion to its pages today.
const TARGETS = [
  ['docs/scale-test', 0.3],
  ['docs/vireo/scale-test', 0.25],
  ['docs/vireo/network-video/scale-test', 0.2],
  ['docs/vireo/device-configuration/scale-test', 0.05],
  ['sdk/scale-test', 0.2],
];

/** A copy of the site in `dir` with `pages` synthetic pages, committed (pages show their last update from git). */
function makeCopy(dir, pages) {
  fs.rmSync(dir, {recursive: true, force: true});
  fs.mkdirSync(dir, {recursive: true});
  for (const entry of fs.readdirSync(ROOT)) {
    if (['node_modules', '.git', '.docusaurus', 'bench-results', 'test-results'].includes(entry)) continue;
    if (entry.startsWith('build')) continue;
    fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), {recursive: true});
  }
  // The packages linked one by one, the caches the copy's own: its bundler cache starts empty and
  // never touches this repository's. Drawn diagrams are copied, so the build draws none (as in CI).
  const modules = fs.realpathSync(path.join(ROOT, 'node_modules'));
  fs.mkdirSync(path.join(dir, 'node_modules/.cache'), {recursive: true});
  for (const entry of fs.readdirSync(modules))
    if (entry !== '.cache') fs.symlinkSync(path.join(modules, entry), path.join(dir, 'node_modules', entry));
  const diagrams = path.join(modules, '.cache/lykta-mermaid');
  if (fs.existsSync(diagrams))
    fs.cpSync(diagrams, path.join(dir, 'node_modules/.cache/lykta-mermaid'), {recursive: true});
  seed = 20261125;
  let written = 0;
  for (const [folder, share] of TARGETS) {
    const count = Math.round(pages * share);
    for (let i = 0; i < count; i++) {
      const sub = path.join(dir, folder, `group-${Math.floor(i / 50)}`);
      fs.mkdirSync(sub, {recursive: true});
      fs.writeFileSync(path.join(sub, `page-${i}.md`), page(written++));
    }
  }
  for (const git of [
    ['init', '-q'],
    ['add', '-A'],
    ['-c', 'user.name=scale', '-c', 'user.email=scale@lykta.example', 'commit', '-qm', 'scale'],
  ]) {
    const g = spawnSync('git', git, {cwd: dir, encoding: 'utf8'});
    if (g.status !== 0) throw new Error(`git ${git.join(' ')} failed: ${g.stderr}`);
  }
  return written;
}

/**
 * A clean build of `dir` under GNU time, the memory of its whole process tree sampled every 0.5 s and
 * labelled with the step of the build that ended last (Docusaurus's PerfLogger, the plugins' lines).
 */
function timedBuild(dir, logFile) {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const child = spawn('/usr/bin/time', ['-v', 'node', 'scripts/build.mjs'], {
      cwd: dir,
      env: {...process.env, DOCUSAURUS_PERF_LOGGER: 'true'},
    });
    const log = fs.createWriteStream(logFile);
    let stderr = '';
    let step = 'start';
    let pending = '';
    const samples = [];
    const onLine = (text) => {
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) step = stepOf(line) ?? step;
    };
    child.stdout.on('data', (d) => {
      log.write(d);
      onLine(String(d));
    });
    child.stderr.on('data', (d) => {
      log.write(d);
      stderr += d;
    });
    const sampler = setInterval(() => {
      const tree = treeMemory(readProcesses(), child.pid);
      samples.push({
        s: round((Date.now() - t0) / 1000),
        mb: Math.round(tree.totalBytes / MB),
        processes: tree.processes,
        largest: `${tree.largest.name} ${Math.round(tree.largest.rssBytes / MB)}`,
        step,
      });
    }, 500);
    child.on('error', reject);
    child.on('close', (status) => {
      clearInterval(sampler);
      log.end();
      if (status !== 0) return reject(new Error(`build of ${dir} failed (see ${logFile}):\n${stderr.slice(-3000)}`));
      const peak = samples.reduce((a, b) => (b.mb > a.mb ? b : a), {mb: 0, step: '', s: 0});
      resolve({seconds: round((Date.now() - t0) / 1000), time: parseGnuTime(stderr), samples, peak});
    });
  });
}

const filesUnder = (dir) =>
  fs
    .readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));

/** Output size, the largest page and the search files of a build. */
function measureOutput(buildDir) {
  let bytes = 0;
  let textGzipBytes = 0;
  let largestPage = {path: '', bytes: 0};
  let pages = 0;
  for (const file of filesUnder(buildDir)) {
    const size = fs.statSync(file).size;
    bytes += size;
    if (/\.(html|js|css)$/.test(file)) textGzipBytes += zlib.gzipSync(fs.readFileSync(file), {level: 6}).length;
    if (file.endsWith('/index.html')) {
      pages++;
      if (size > largestPage.bytes)
        largestPage = {path: `/${path.relative(buildDir, path.dirname(file))}/`.replace('//', '/'), bytes: size};
    }
  }
  const searchDir = path.join(buildDir, 'assets/search');
  const searchFiles = fs.readdirSync(searchDir).map((f) => {
    const buf = fs.readFileSync(path.join(searchDir, f));
    return {file: f, rawKB: round(buf.length / 1024), gzipKB: round(zlib.gzipSync(buf).length / 1024)};
  });
  const largestSearchFile = searchFiles.reduce((a, b) => (b.gzipKB > a.gzipKB ? b : a));
  return {
    pages,
    outputMB: round(bytes / MB),
    textGzipMB: round(textGzipBytes / MB),
    largestPage,
    searchFiles: searchFiles.length,
    largestSearchFile,
  };
}

async function searchTimings(buildDir) {
  const PORT = 3311;
  const server = await serveGzip(buildDir, PORT);
  const browser = await chromium.launch({executablePath: chromiumExecutable(), args: CHROMIUM_ARGS});
  try {
    return (await measureSearch(browser, `http://127.0.0.1:${PORT}`)).search;
  } finally {
    await browser.close();
    server.close();
  }
}

/**
 * The search timings, tried up to three times. The search box sometimes never answers the last
 * character typed (its answer stays at `configuratio` with `configuration` in the box; seen on the
 * site's own build as well), which fails a measurement after 60 s: each failure is recorded beside the
 * figures, never hidden.
 */
async function searchWithRetries(buildDir, tries = 3) {
  const failures = [];
  for (let i = 0; i < tries; i++) {
    try {
      return {search: await searchTimings(buildDir), failures};
    } catch (e) {
      failures.push(String(e.message ?? e).split('\n')[0]);
      console.error(`[scale] search measurement failed (${failures.length} of ${tries}): ${failures.at(-1)}`);
    }
  }
  return {failures};
}

function report(rows) {
  console.log(scaleTable(rows));
  const growth = {
    buildSeconds: growthPer1000Pages(rows, (r) => r.buildSeconds),
    peakMemoryMB: growthPer1000Pages(rows, (r) => r.peakMemoryMB),
    peakTreeMemoryMB: growthPer1000Pages(rows, (r) => r.peakTreeMemoryMB),
    outputMB: growthPer1000Pages(rows, (r) => r.outputMB),
    largestSearchFileGzipKB: growthPer1000Pages(rows, (r) => r.largestSearchFile?.gzipKB),
  };
  const g = (v, unit) => (v === undefined ? '–' : `${v} ${unit}`);
  console.log(
    `growth per 1,000 pages (least squares over the factors): build ${g(growth.buildSeconds, 's')}, peak ${g(growth.peakMemoryMB, 'MB')} (process tree ${g(growth.peakTreeMemoryMB, 'MB')}), output ${g(growth.outputMB, 'MB')}, largest search file ${g(growth.largestSearchFileGzipKB, 'KB gzip')}`,
  );
  const over = scaleBudgetOverruns(rows);
  console.log(
    over.length ? `over budget: ${over.join('; ')}` : 'scale budgets met (10×: build < 300 s, peak memory < 4096 MB)',
  );
  return {growth, over};
}

if (process.argv.includes('--search-again')) {
  // The search timings of a finished run again, for the rows without them whose copies were kept.
  const rows = JSON.parse(fs.readFileSync(OUT, 'utf8'));
  for (const row of rows) {
    const buildDir = `/tmp/lykta-${NAME}-${row.factor}/build`;
    if (row.search || !fs.existsSync(buildDir)) continue;
    const {search, failures} = await searchWithRetries(buildDir);
    Object.assign(row, {search, searchFailures: [...(row.searchFailures ?? []), ...failures]});
    fs.writeFileSync(OUT, JSON.stringify(rows, null, 2));
  }
  report(rows);
  process.exit(0);
}

if (arg('check')) {
  const rows = JSON.parse(fs.readFileSync(arg('check'), 'utf8'));
  process.exit(report(rows).over.length ? 1 : 0);
}

const factors = parseFactors(arg('factors', '1,2,5,10'), arg('site-pages') !== undefined);
const rows = [];
let sitePages = arg('site-pages') === undefined ? undefined : Number(arg('site-pages'));
for (const factor of factors) {
  const dir = `/tmp/lykta-${NAME}-${factor}`;
  const synthetic = factor === 1 ? 0 : syntheticPagesFor(factor, sitePages);
  console.error(`[scale] ${factor}×: copying the site to ${dir} with ${synthetic} synthetic pages`);
  makeCopy(dir, synthetic);
  fs.mkdirSync(RESULTS, {recursive: true});
  const logFile = path.join(RESULTS, `${NAME}-${factor}.log`);
  const build = await timedBuild(dir, logFile);
  const output = measureOutput(path.join(dir, 'build'));
  if (factor === 1 && arg('site-pages') === undefined) sitePages = output.pages;
  console.error(`[scale] ${factor}×: built ${output.pages} pages in ${build.seconds} s; measuring search`);
  const row = {
    factor,
    syntheticPages: synthetic,
    ...output,
    buildSeconds: build.seconds,
    buildCpuSeconds: build.time.cpuSeconds,
    peakMemoryMB: build.time.maxRssMB,
    peakTreeMemoryMB: build.peak.mb,
    peakTreeAtSecond: build.peak.s,
    peakTreeStep: build.peak.step,
    perfOff: process.env.LYKTA_PERF_OFF,
    nodeOptions: process.env.NODE_OPTIONS,
  };
  rows.push(row);
  // Written before the search is measured and again after every factor, so a run that stops keeps what it measured.
  fs.writeFileSync(path.join(RESULTS, `${NAME}-${factor}-memory.json`), JSON.stringify(build.samples));
  fs.writeFileSync(OUT, JSON.stringify(rows, null, 2));
  if (!process.argv.includes('--skip-search')) {
    const {search, failures} = await searchWithRetries(path.join(dir, 'build'));
    Object.assign(row, {search, searchFailures: failures});
  }
  if (!process.argv.includes('--keep')) fs.rmSync(dir, {recursive: true, force: true});
  fs.writeFileSync(OUT, JSON.stringify(rows, null, 2));
}
const {over} = report(rows);
if (!factors.includes(10)) console.log('(budgets apply to the 10× row; this run has none)');
process.exit(over.length && factors.includes(10) ? 1 : 0);
