// Usage: npm run bench [-- --skip-build] [-- --runs=3] — performance report: clean build time and peak memory,
// a doc page's HTML/JS/CSS (gzip), search file sizes, search timings on a phone profile (first results of the
// collection being read, results of all collections, no search file for a page that never searches), search
// relevance (hit@5 and mean reciprocal rank of tests/e2e/search-queries.json) and Lighthouse mobile scores.
// Prints a table and writes bench-results/bench.json. Exits 1 when a budget below is exceeded.
import {execFileSync, spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {chromium} from '@playwright/test';
import {serveGzip} from './serve-gzip.mjs';
import {CHROMIUM_ARGS} from '../tests/support/chromium-args.mjs';
import {relevanceQueries, relevanceScores, runRelevance} from '../tests/support/relevance.mjs';
import {measureSearch} from './search-timing.mjs';

const BUDGETS = {
  buildSeconds: 60,
  docPageJsCssGzipKB: 230,
  searchFileGzipKB: 300,
  firstResultsMs: 2000,
  allResultsMs: 4000,
  searchHitAt5: 0.95,
  lighthousePerformance: 90,
  lighthouseOther: 100,
};
const args = new Set(process.argv.slice(2));
const RUNS = Number([...args].find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 3);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PORT = 3300;
const BASE = `http://127.0.0.1:${PORT}`;
const gzipKB = (buf) => zlib.gzipSync(buf).length / 1024;
const round = (n) => Math.round(n * 10) / 10;
const report = {date: new Date().toISOString(), budgets: BUDGETS};

// 1. Clean build, timed, with peak memory (GNU time's max RSS covers the child processes it waits for).
if (!args.has('--skip-build')) {
  fs.rmSync('build', {recursive: true, force: true});
  fs.rmSync('.docusaurus', {recursive: true, force: true});
  const t0 = Date.now();
  const r = spawnSync('/usr/bin/time', ['-v', 'npx', 'docusaurus', 'build'], {encoding: 'utf8'});
  if (r.status !== 0) throw new Error(`build failed:\n${r.stderr.slice(-3000)}`);
  report.buildSeconds = round((Date.now() - t0) / 1000);
  report.peakMemoryMB = Math.round(
    Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1] ?? 0) / 1024,
  );
}
const htmlFiles = execFileSync('find', ['build', '-name', 'index.html']).toString().trim().split('\n');
report.pages = htmlFiles.length;

// 2. Search files (documents and index of each collection).
report.searchFiles = fs
  .readdirSync('build/assets/search')
  .filter((f) => f.endsWith('.json'))
  .map((f) => {
    const buf = fs.readFileSync(path.join('build/assets/search', f));
    return {file: f, rawKB: round(buf.length / 1024), gzipKB: round(gzipKB(buf))};
  });

// 3 and 4 need the site served with compression and a browser.
const server = await serveGzip('build', PORT);
const browser = await chromium.launch({
  executablePath: CHROME,
  args: CHROMIUM_ARGS,
});
try {
  // 3. Doc pages (a guide and a VIREO API page): the JS/CSS their HTML references (the
  // budget), and every script and stylesheet they load up to network idle, lazy chunks such
  // as Mermaid included and prefetches of linked pages (<link rel=prefetch>) excluded.
  const size = (p) => gzipKB(fs.readFileSync(path.join('build', p)));
  report.docPages = [];
  for (const docPath of ['/analytics/', '/vireo/device-configuration/time-api/']) {
    const page = await browser.newPage();
    const loaded = new Set();
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (/\/assets\/(js|css)\//.test(p) && ['script', 'stylesheet'].includes(r.resourceType())) loaded.add(p);
    });
    await page.goto(BASE + docPath, {waitUntil: 'networkidle'});
    await page.close();
    const html = fs.readFileSync(path.join('build', docPath, 'index.html'), 'utf8');
    const referenced = [...html.matchAll(/(?:src|href)="?(\/assets\/(?:js|css)\/[^" >]+)/g)].map((m) => m[1]);
    const sum = (files) => round(files.reduce((n, a) => n + size(a), 0));
    report.docPages.push({
      path: docPath,
      htmlGzipKB: round(size(`${docPath}index.html`)),
      referencedFiles: referenced.length,
      jsCssGzipKB: sum(referenced),
      loadedFiles: loaded.size,
      loadedJsCssGzipKB: sum([...loaded]),
    });
  }

  // 4. Search on a phone profile (scripts/search-timing.mjs).
  Object.assign(report, await measureSearch(browser, BASE));

  // 5. Search relevance: the query set, typed on its pages (unthrottled).
  {
    const ctx = await browser.newContext({viewport: {width: 1280, height: 800}});
    const results = await runRelevance(ctx, BASE, relevanceQueries());
    const {queries, hitAtK, mrr} = relevanceScores(results);
    report.relevance = {queries, hitAt5: round(hitAtK * 1000) / 1000, mrr: Math.round(mrr * 1000) / 1000};
    report.relevance.misses = results.filter((r) => r.rank === 0 || r.rank > 5).map((r) => `${r.query} (${r.from})`);
    await ctx.close();
  }
} finally {
  await browser.close();
}

// 6. Lighthouse, mobile preset (the default), median of RUNS per page type.
// Lighthouse runs as a child process while this process serves the site, so it must not
// block the event loop (spawnSync would starve the server and time the page out).
const run = (cmd, argv, env) =>
  new Promise((resolve) => {
    const child = spawn(cmd, argv, {env});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (status) => resolve({status, stdout, stderr}));
  });
// `simulate` is Lighthouse's default: one unthrottled load, then a model of a phone. `devtools`
// applies the phone profile while the page loads (4x CPU, 562.5 ms request latency, 1.4 Mbit/s
// down: Lighthouse's mobile preset), so its TBT and LCP are what a phone feels.
const lighthouse = async (url, method = 'simulate', retried = false) => {
  console.error(`lighthouse ${method} ${url}${retried ? ' (retry)' : ''}`);
  const out = await run(
    'npx',
    [
      'lighthouse',
      url,
      '--quiet',
      '--output=json',
      '--output-path=stdout',
      `--throttling-method=${method}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      `--chrome-flags=--headless=new ${CHROMIUM_ARGS.join(' ')}`,
    ],
    {...process.env, CHROME_PATH: CHROME},
  );
  if (out.status !== 0) {
    if (!retried) return lighthouse(url, method, true);
    throw new Error(`lighthouse failed twice for ${url}: ${out.stderr.slice(-1500)}`);
  }
  const lhr = JSON.parse(out.stdout);
  if (lhr.runtimeError) throw new Error(`lighthouse could not measure ${url}: ${lhr.runtimeError.message}`);
  const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const ms = (a) => Math.round(lhr.audits[a]?.numericValue ?? NaN);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    tbtMs: ms('total-blocking-time'),
    lcpMs: ms('largest-contentful-paint'),
    fcpMs: ms('first-contentful-paint'),
  };
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
// Every page type, each measured both ways, the runs interleaved so drift on the machine hits both.
const PAGE_TYPES = [
  ['home', '/'],
  ['doc', '/analytics/'],
  ['api', '/vireo/device-configuration/time-api/'],
  ['leap', '/leap/'],
  ['leap3', '/leap/3/'],
  ['diagram', '/vireo/device-configuration/virtual-host/'],
  ['blogIndex', '/blog/'],
  ['blog', '/blog/2024/11/13/vireo/'],
  ['search', '/search/?q=configuration'],
];
const medianOf = (runs) => Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k]))]));
report.lighthouse = {};
report.lighthouseApplied = {};
for (const [type, p] of PAGE_TYPES) {
  const simulated = [];
  const applied = [];
  for (let i = 0; i < RUNS; i++) {
    simulated.push(await lighthouse(BASE + p, 'simulate'));
    applied.push(await lighthouse(BASE + p, 'devtools'));
  }
  report.lighthouse[type] = medianOf(simulated);
  const {tbtMs, lcpMs, fcpMs, performance} = medianOf(applied);
  report.lighthouseApplied[type] = {performance, tbtMs, lcpMs, fcpMs};
}
server.close();

// Report and budgets.
const over = [];
if (report.buildSeconds > BUDGETS.buildSeconds) over.push(`build ${report.buildSeconds}s > ${BUDGETS.buildSeconds}s`);
for (const d of report.docPages)
  if (d.jsCssGzipKB > BUDGETS.docPageJsCssGzipKB) over.push(`${d.path} JS+CSS ${d.jsCssGzipKB} KB`);
for (const i of report.searchFiles) if (i.gzipKB > BUDGETS.searchFileGzipKB) over.push(`${i.file} ${i.gzipKB} KB gzip`);
for (const s of report.search) {
  if (s.firstResultsMs > BUDGETS.firstResultsMs) over.push(`${s.page} first results ${s.firstResultsMs} ms`);
  if (s.allResultsMs > BUDGETS.allResultsMs) over.push(`${s.page} results of all collections ${s.allResultsMs} ms`);
}
if (report.searchFilesWithoutSearching > 0)
  over.push(`a page that never searched fetched ${report.searchFilesWithoutSearching} search files`);
if (report.relevance.hitAt5 < BUDGETS.searchHitAt5) over.push(`search hit@5 ${report.relevance.hitAt5}`);
for (const [type, s] of Object.entries(report.lighthouse)) {
  if (s.performance < BUDGETS.lighthousePerformance) over.push(`${type} performance ${s.performance}`);
  for (const k of ['accessibility', 'bestPractices', 'seo'])
    if (s[k] < BUDGETS.lighthouseOther) over.push(`${type} ${k} ${s[k]}`);
}
report.overBudget = over;
fs.mkdirSync('bench-results', {recursive: true});
fs.writeFileSync('bench-results/bench.json', JSON.stringify(report, null, 2));
console.log(JSON.stringify(report, null, 2));
console.log(over.length ? `over budget: ${over.join('; ')}` : 'all budgets met');
process.exit(over.length ? 1 : 0);
