// Usage: node scripts/bench/offline.mjs [--baseline=<dir>] — offline reading's costs (issue 15, item 4), also
// part of `npm run bench`: per collection, what "Available offline" keeps (files, bytes raw and gzip, from
// build/offline/*.json), and the first visit of the home page and a doc page without opting in (bytes
// transferred, requests, and that no service worker or Workbox file is among them), for build/ and, with
// --baseline, for another build of the same site served the same way (a build before the feature, or one
// made with LYKTA_OFFLINE=off), so the report shows the first visit did not grow.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {chromium} from 'playwright-core';
import {serveGzip} from '../serve-gzip.mjs';
import {CHROMIUM_ARGS, chromiumExecutable} from '../../src/lib/chromium.mjs';

const FIRST_VISIT_PAGES = ['/', '/vireo/device-configuration/time-api/'];
/** A first visit may transfer this much more than the baseline's (the web app manifest link, one more footer link). */
const FIRST_VISIT_TOLERANCE_KB = 1;
const kb = (n) => Math.round((n / 1024) * 10) / 10;

/** What each collection keeps offline, from the build's lists. */
export function precacheSizes(buildDir) {
  const index = JSON.parse(fs.readFileSync(path.join(buildDir, 'offline/index.json'), 'utf8'));
  const gzipOf = new Map();
  return index.collections.map((c) => {
    const list = JSON.parse(fs.readFileSync(path.join(buildDir, c.list), 'utf8'));
    let raw = 0;
    let gzip = 0;
    for (const f of list.files) {
      const file = path.join(buildDir, f.url.endsWith('/') ? `${f.url}index.html` : f.url);
      if (!gzipOf.has(f.url)) gzipOf.set(f.url, zlib.gzipSync(fs.readFileSync(file), {level: 9}).length);
      raw += f.bytes;
      gzip += gzipOf.get(f.url);
    }
    return {collection: c.id, pages: c.pages, files: list.files.length, rawKB: kb(raw), gzipKB: kb(gzip)};
  });
}

/** A first visit (new browser context, empty cache) of each page: bytes on the wire, requests, service worker files. */
export async function firstVisits(browser, base) {
  const visits = [];
  for (const p of FIRST_VISIT_PAGES) {
    const context = await browser.newContext({viewport: {width: 1280, height: 800}});
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let bytes = 0;
    const urls = [];
    cdp.on('Network.requestWillBeSent', (e) => urls.push(new URL(e.request.url).pathname));
    cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
    await page.goto(base + p, {waitUntil: 'networkidle'});
    await page.waitForTimeout(1000);
    const registrations = await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);
    visits.push({
      path: p,
      requests: urls.length,
      transferKB: kb(bytes),
      serviceWorkerFiles: urls.filter((u) => /sw\.js|workbox/.test(u)),
      registrations,
    });
    await context.close();
  }
  return visits;
}

/**
 * The offline part of the benchmark: `base` serves `build`; with `baseline` (a folder), that build is served
 * on `baselinePort` and visited the same way. Returns the report, with `overBudget` listing what failed.
 */
export async function benchOffline({browser, base, build = 'build', baseline, baselinePort = 3303}) {
  const report = {precache: precacheSizes(build), firstVisit: await firstVisits(browser, base)};
  const over = [];
  for (const v of report.firstVisit) {
    if (v.serviceWorkerFiles.length || v.registrations)
      over.push(
        `first visit of ${v.path} fetched ${v.serviceWorkerFiles.join(', ')} (${v.registrations} service workers)`,
      );
  }
  if (baseline) {
    const server = await serveGzip(baseline, baselinePort);
    try {
      report.baseline = {dir: baseline, firstVisit: await firstVisits(browser, `http://127.0.0.1:${baselinePort}`)};
    } finally {
      server.close();
    }
    for (const [i, v] of report.firstVisit.entries()) {
      const b = report.baseline.firstVisit[i];
      if (v.transferKB > b.transferKB + FIRST_VISIT_TOLERANCE_KB)
        over.push(`first visit of ${v.path} ${v.transferKB} KB vs ${b.transferKB} KB before`);
    }
  }
  report.overBudget = over;
  console.log(
    [
      'Offline reading: what "Available offline" keeps per collection',
      '| collection | pages | files | raw KB | gzip KB |',
      '|---|---|---|---|---|',
      ...report.precache.map((c) => `| ${c.collection} | ${c.pages} | ${c.files} | ${c.rawKB} | ${c.gzipKB} |`),
      `First visit without opting in${report.baseline ? ` (→ ${report.baseline.dir})` : ''}:`,
      '| page | requests | transfer KB | service worker files |',
      '|---|---|---|---|',
      ...report.firstVisit.map((v, i) => {
        const b = report.baseline?.firstVisit[i];
        const pair = (k) => (b ? `${v[k]} → ${b[k]}` : `${v[k]}`);
        return `| ${v.path} | ${pair('requests')} | ${pair('transferKB')} | ${v.serviceWorkerFiles.length} |`;
      }),
    ].join('\n'),
  );
  return report;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseline = process.argv.find((a) => a.startsWith('--baseline='))?.split('=')[1];
  const port = 3304;
  const server = await serveGzip('build', port);
  const browser = await chromium.launch({executablePath: chromiumExecutable(), args: CHROMIUM_ARGS});
  try {
    const report = await benchOffline({browser, base: `http://127.0.0.1:${port}`, baseline});
    fs.mkdirSync('bench-results', {recursive: true});
    fs.writeFileSync('bench-results/offline.json', JSON.stringify(report, null, 2));
    if (report.overBudget.length) {
      console.log(`over budget: ${report.overBudget.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    server.close();
  }
}
