// Usage: npm run bench [-- --skip-build] [-- --runs=3] [-- --pages=home,api] [-- --compare-stock | --compare-without=<name>[,<name>]] [-- --offline-baseline=<dir>]
// — performance report: clean build time, peak memory, CPU use and profile (Docusaurus's own step timings), a warm rebuild, `npm start` to its first page,
// a doc page's HTML/JS/CSS (gzip), search file sizes, search timings on a phone profile (first results of the
// collection being read, results of all collections, no search file for a page that never searches), search
// relevance (hit@5 and mean reciprocal rank of tests/e2e/search-queries.json) and Lighthouse mobile scores.
// --compare-stock also builds the same content with every performance customisation switched off
// (LYKTA_PERF_OFF=all: Docusaurus's own page template, diagrams drawn in the browser, Prism at hydration;
// src/lib/performance.ts) into build-stock/, and measures both builds side by side, runs interleaved;
// --compare-without=<name> does the same with only the named customisations switched off.
// Prints a table and writes bench-results/bench.json. Exits 1 when a budget below is exceeded.
import {execFileSync, spawn} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {chromium} from '@playwright/test';
import {serveGzip} from './serve-gzip.mjs';
import {CHROMIUM_ARGS, chromiumExecutable} from '../src/lib/chromium.mjs';
import {relevanceQueries, relevanceScores, runRelevance} from '../tests/support/relevance.mjs';
import {measureSearch} from './search-timing.mjs';
import {buildPhases, parseBuildProfile} from './build-profile.mjs';
import {docusaurusBin} from './build-processes.mjs';
import {parseGnuTime, readProcesses, treeMemory} from './scale-curve.mjs';
import {benchOffline} from './bench/offline.mjs';

// Issue 13's targets. With a comparison: TBT with applied throttling at most 70% of the compared build's,
// LCP no later, a clean build at most 10% slower and peak memory no higher.
const BUDGETS = {
  buildSeconds: 60,
  buildVsComparedRatio: 1.1,
  docPageJsCssGzipKB: 180,
  searchFileGzipKB: 300,
  firstResultsMs: 2000,
  allResultsMs: 4000,
  searchHitAt5: 0.95,
  lighthousePerformance: 100,
  lighthouseOther: 100,
  appliedTbtMs: 150,
  appliedTbtVsCompared: 0.7,
};
const args = new Set(process.argv.slice(2));
const option = (name) => [...args].find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const RUNS = Number(option('runs') ?? 3);
/** What the compared build switches off (LYKTA_PERF_OFF), or undefined for no comparison. */
const COMPARE = args.has('--compare-stock') ? 'all' : option('compare-without');
/**
 * Clean builds of each site, interleaved A, B, A, B… when comparing, their medians compared: one pair's
 * times vary by up to a tenth here, as much as the budget. Three unless --build-runs says otherwise (one
 * without a comparison).
 */
const BUILD_RUNS = Number(option('build-runs') ?? (COMPARE ? 3 : 1));
if (!Number.isInteger(BUILD_RUNS) || BUILD_RUNS < 1)
  throw new Error(`--build-runs takes a whole number of builds, got ${option('build-runs')}`);
const COMPARE_DIR = 'build-stock';
const COMPARE_PORT = 3301;
const COMPARE_BASE = `http://127.0.0.1:${COMPARE_PORT}`;
const CHROME = chromiumExecutable();
const PORT = 3300;
const BASE = `http://127.0.0.1:${PORT}`;
const gzipKB = (buf) => zlib.gzipSync(buf).length / 1024;
const round = (n) => Math.round(n * 10) / 10;
const report = {date: new Date().toISOString(), budgets: BUDGETS};

// 1. Clean build, timed, with peak memory.
function cleanBuild(outDir, env = {}) {
  fs.rmSync(outDir, {recursive: true, force: true});
  fs.rmSync('.docusaurus', {recursive: true, force: true});
  // The bundler's cache too: a clean build is a cold one. (Rendered diagrams stay cached, as in CI.)
  fs.rmSync('node_modules/.cache/webpack', {recursive: true, force: true});
  fs.rmSync('node_modules/.cache/rspack', {recursive: true, force: true});
  return timedBuild(outDir, env);
}
/**
 * A build into `outDir`, timed, with its peak memory: the whole process tree's resident memory, sampled
 * every 0.25 s (the site's build runs processes side by side), and GNU time's figure, the largest single
 * process (its max RSS covers the child processes it waits for); the report's peak is the higher.
 */
function timedBuild(outDir, env = {}) {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const child = spawn('/usr/bin/time', ['-v', 'node', 'scripts/build.mjs', '--out-dir', outDir], {
      // The build's own profile: Docusaurus's logger times each step (scripts/build-profile.mjs).
      env: {...process.env, DOCUSAURUS_PERF_LOGGER: 'true', ...env},
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    let treeBytes = 0;
    const sampler = setInterval(() => {
      treeBytes = Math.max(treeBytes, treeMemory(readProcesses(), child.pid).totalBytes);
    }, 250);
    child.on('error', reject);
    child.on('close', (status) => {
      clearInterval(sampler);
      if (status !== 0) return reject(new Error(`build of ${outDir} failed:\n${stderr.slice(-3000)}`));
      const seconds = (Date.now() - t0) / 1000;
      const time = parseGnuTime(stderr);
      const treeMB = Math.round(treeBytes / 1048576);
      resolve({
        seconds: round(seconds),
        peakMemoryMB: Math.max(treeMB, time.maxRssMB),
        treePeakMemoryMB: treeMB,
        largestProcessMB: time.maxRssMB,
        // CPU seconds over wall seconds: how much of the two cores the build used.
        cpuPerWall: round(time.cpuSeconds / seconds),
        profile: buildPhases(parseBuildProfile(stdout)),
      });
    });
  });
}
// `npm start`: from starting the dev server to the first page (a guide) served with its content.
async function devServerFirstPage(port = 3302, page = '/analytics/') {
  const t0 = Date.now();
  const child = spawn(
    process.execPath,
    [docusaurusBin(process.cwd()), 'start', '--no-open', '--port', String(port), '--host', '127.0.0.1'],
    {
      detached: true,
      stdio: 'ignore',
    },
  );
  try {
    for (;;) {
      if (Date.now() - t0 > 600_000) throw new Error('npm start served no page within 10 minutes');
      const html = await fetch(`http://127.0.0.1:${port}${page}`)
        .then((r) => (r.ok ? r.text() : ''))
        .catch(() => '');
      // The dev server answers once its first compilation is done; the page is ready when its scripts are.
      const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
      if (scripts.length > 0) {
        const ok = await Promise.all(
          scripts.map((src) =>
            fetch(new URL(src, `http://127.0.0.1:${port}${page}`)).then(
              (r) => r.ok,
              () => false,
            ),
          ),
        );
        if (ok.every(Boolean)) return round((Date.now() - t0) / 1000);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    process.kill(-child.pid, 'SIGTERM');
  }
}
if (COMPARE) report.compared = {perfOff: COMPARE, dir: COMPARE_DIR};
/** The median of some numbers (the upper middle one of an even count). */
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** The run whose time is the median: its memory and profile are reported with it. */
const medianRun = (runs) => runs.find((r) => r.seconds === median(runs.map((x) => x.seconds)));
if (!args.has('--skip-build')) {
  const aRuns = [];
  const bRuns = [];
  for (let i = 0; i < BUILD_RUNS; i++) {
    aRuns.push(await cleanBuild('build'));
    if (i === BUILD_RUNS - 1) {
      // A warm rebuild: the same build again with the bundler's cache and .docusaurus kept (what a writer's
      // second `npm run build` or a CI with a cache restored costs).
      const w = await timedBuild('build');
      report.warmBuildSeconds = w.seconds;
      report.warmBuildPeakMemoryMB = w.peakMemoryMB;
      report.devServerFirstPageSeconds = await devServerFirstPage();
    }
    if (COMPARE) bRuns.push(await cleanBuild(COMPARE_DIR, {LYKTA_PERF_OFF: COMPARE}));
  }
  const a = medianRun(aRuns);
  report.buildSeconds = a.seconds;
  report.peakMemoryMB = Math.max(...aRuns.map((r) => r.peakMemoryMB));
  report.buildCpuPerWall = a.cpuPerWall;
  report.buildProfile = a.profile;
  const runSummary = ({seconds, peakMemoryMB, treePeakMemoryMB, largestProcessMB}) => ({
    seconds,
    peakMemoryMB,
    treePeakMemoryMB,
    largestProcessMB,
  });
  report.buildRuns = aRuns.map(runSummary);
  if (COMPARE) {
    const b = medianRun(bRuns);
    report.compared.buildSeconds = b.seconds;
    report.compared.peakMemoryMB = Math.max(...bRuns.map((r) => r.peakMemoryMB));
    report.compared.buildCpuPerWall = b.cpuPerWall;
    report.compared.buildProfile = b.profile;
    report.compared.buildRuns = bRuns.map(runSummary);
  }
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
const comparedServer = COMPARE ? await serveGzip(COMPARE_DIR, COMPARE_PORT) : undefined;
const browser = await chromium.launch({
  executablePath: CHROME,
  args: CHROMIUM_ARGS,
});
try {
  // 3. Doc pages (a guide and a VIREO API page): the JS/CSS their HTML references (the
  // budget), and every script and stylesheet they load up to network idle, lazy chunks such
  // as Mermaid included and prefetches of linked pages (<link rel=prefetch>) excluded.
  const docPageWeights = async (dir, base) => {
    const size = (p) => gzipKB(fs.readFileSync(path.join(dir, p)));
    const pages = [];
    for (const docPath of ['/analytics/', '/vireo/device-configuration/time-api/']) {
      const page = await browser.newPage();
      const loaded = new Set();
      page.on('request', (r) => {
        const p = new URL(r.url()).pathname;
        if (/\/assets\/(js|css)\//.test(p) && ['script', 'stylesheet'].includes(r.resourceType())) loaded.add(p);
      });
      await page.goto(base + docPath, {waitUntil: 'networkidle'});
      await page.close();
      const html = fs.readFileSync(path.join(dir, docPath, 'index.html'), 'utf8');
      // In src and href attributes, and in the inline scripts that load the bundles after the first
      // paint (src/lib/appStart.ts: a JSON array of their URLs), each counted once.
      const referenced = [
        ...new Set([...html.matchAll(/(?:(?:src|href)="?|")(\/assets\/(?:js|css)\/[^" >]+)/g)].map((m) => m[1])),
      ];
      const sum = (files) => round(files.reduce((n, a) => n + size(a), 0));
      pages.push({
        path: docPath,
        htmlGzipKB: round(size(`${docPath}index.html`)),
        referencedFiles: referenced.length,
        jsCssGzipKB: sum(referenced),
        loadedFiles: loaded.size,
        loadedJsCssGzipKB: sum([...loaded]),
      });
    }
    return pages;
  };
  report.docPages = await docPageWeights('build', BASE);
  if (COMPARE) report.compared.docPages = await docPageWeights(COMPARE_DIR, COMPARE_BASE);

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

  // 6. Offline reading: what each collection keeps, and a first visit's transfer (scripts/bench/offline.mjs).
  report.offline = await benchOffline({browser, base: BASE, baseline: option('offline-baseline')});
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
// Every page type, each measured both ways, the runs interleaved so drift on the machine hits both
// ways and, with a comparison, both builds alike. The Not Found page is measured at /404.html: Lighthouse
// refuses to measure a page served with status 404.
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
  ['notFound', '/404.html'],
].filter(([type]) => !option('pages') || option('pages').split(',').includes(type));
const medianOf = (runs) => Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k]))]));
const applied = ({performance, tbtMs, lcpMs, fcpMs}) => ({performance, tbtMs, lcpMs, fcpMs});
const sites = [{base: BASE, into: report}];
if (COMPARE) sites.push({base: COMPARE_BASE, into: report.compared});
for (const site of sites) [site.into.lighthouse, site.into.lighthouseApplied] = [{}, {}];
for (const [type, p] of PAGE_TYPES) {
  const runs = sites.map(() => ({simulated: [], applied: []}));
  for (let i = 0; i < RUNS; i++)
    for (const method of ['simulate', 'devtools'])
      for (const [s, site] of sites.entries())
        runs[s][method === 'simulate' ? 'simulated' : 'applied'].push(await lighthouse(site.base + p, method));
  for (const [s, site] of sites.entries()) {
    site.into.lighthouse[type] = medianOf(runs[s].simulated);
    site.into.lighthouseApplied[type] = applied(medianOf(runs[s].applied));
  }
}
server.close();
comparedServer?.close();

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
for (const [type, a] of Object.entries(report.lighthouseApplied)) {
  if (a.tbtMs > BUDGETS.appliedTbtMs) over.push(`${type} TBT (applied) ${a.tbtMs} ms`);
  const b = report.compared?.lighthouseApplied?.[type];
  if (!b) continue;
  if (a.tbtMs > b.tbtMs * BUDGETS.appliedTbtVsCompared)
    over.push(`${type} TBT (applied) ${a.tbtMs} ms vs ${b.tbtMs} ms compared`);
  if (a.lcpMs > b.lcpMs) over.push(`${type} LCP (applied) ${a.lcpMs} ms vs ${b.lcpMs} ms compared`);
}
if (report.compared?.buildSeconds) {
  if (report.buildSeconds > report.compared.buildSeconds * BUDGETS.buildVsComparedRatio)
    over.push(`build ${report.buildSeconds}s vs ${report.compared.buildSeconds}s compared`);
  if (report.peakMemoryMB > report.compared.peakMemoryMB)
    over.push(`peak memory ${report.peakMemoryMB} MB vs ${report.compared.peakMemoryMB} MB compared`);
}
over.push(...report.offline.overBudget);
report.overBudget = over;
fs.mkdirSync('bench-results', {recursive: true});
fs.writeFileSync('bench-results/bench.json', JSON.stringify(report, null, 2));
console.log(JSON.stringify(report, null, 2));
// Side by side: this build (A) and, with a comparison, the compared one (B).
const row = (type) => {
  const [a, as] = [report.lighthouseApplied[type], report.lighthouse[type]];
  const [b, bs] = [report.compared?.lighthouseApplied?.[type], report.compared?.lighthouse?.[type]];
  const pair = (x, y, k) => (y ? `${x[k]} → ${y[k]}` : `${x[k]}`);
  return `| ${type} | ${pair(as, bs, 'performance')} | ${pair(as, bs, 'tbtMs')} | ${pair(as, bs, 'lcpMs')} | ${pair(a, b, 'performance')} | ${pair(a, b, 'tbtMs')} | ${pair(a, b, 'lcpMs')} |`;
};
console.log(
  [
    `Lighthouse, median of ${RUNS}${COMPARE ? ` (A → B, B = LYKTA_PERF_OFF=${COMPARE})` : ''}:`,
    '| page | simulated score | simulated TBT ms | simulated LCP ms | applied score | applied TBT ms | applied LCP ms |',
    '|---|---|---|---|---|---|---|',
    ...Object.keys(report.lighthouseApplied).map(row),
  ].join('\n'),
);
if (report.buildSeconds)
  console.log(
    `clean build ${report.buildSeconds} s (peak ${report.peakMemoryMB} MB)${report.compared?.buildSeconds ? `, compared ${report.compared.buildSeconds} s (peak ${report.compared.peakMemoryMB} MB)` : ''}${report.buildRuns?.length > 1 ? ` (median time, highest peak of ${report.buildRuns.length} interleaved runs: ${report.buildRuns.map((r) => r.seconds).join(', ')} s${report.compared?.buildRuns ? ` against ${report.compared.buildRuns.map((r) => r.seconds).join(', ')} s` : ''})` : ''}; warm rebuild ${report.warmBuildSeconds} s; npm start to its first page ${report.devServerFirstPageSeconds} s`,
  );
if (report.buildProfile) {
  // Where a clean build's time goes, phase by phase, beside the compared build's.
  const phases = [...new Set([...report.buildProfile, ...(report.compared?.buildProfile ?? [])].map((p) => p.phase))];
  // A step that ran more than once (the site loaded by both processes of scripts/build.mjs) counts in full.
  const ms = (profile, phase) =>
    profile?.filter((p) => p.phase === phase).reduce((sum, p) => (sum ?? 0) + p.ms, undefined);
  console.log(
    [
      `clean build profile (ms; CPU/wall ${report.buildCpuPerWall}${report.compared?.buildCpuPerWall ? ` → ${report.compared.buildCpuPerWall}` : ''}):`,
      `| phase | A |${COMPARE ? ' B |' : ''}`,
      `|---|---|${COMPARE ? '---|' : ''}`,
      ...phases.map(
        (p) =>
          `| ${p} | ${ms(report.buildProfile, p) ?? '–'} |${COMPARE ? ` ${ms(report.compared?.buildProfile, p) ?? '–'} |` : ''}`,
      ),
    ].join('\n'),
  );
}
console.log(over.length ? `over budget: ${over.join('; ')}` : 'all budgets met');
process.exit(over.length ? 1 : 0);
