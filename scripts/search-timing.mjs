// Search timings on a phone profile, shared by scripts/bench.mjs and scripts/scale-content.mjs.
// (Lighthouse's mobile throttling: 150 ms RTT, 1.6 Mbit/s down, 4x CPU.) Each on a cold page in a new
// context (median of three), from focusing the box: the first results (of the collection being
// read), the query answered by every collection, and the search files that took (count and bytes
// as transferred); and that a page that never searches fetches no search file.

/**
 * @param {import('@playwright/test').Browser} browser
 * @param {string} BASE the served build's origin
 */
import {answered} from '../tests/support/relevance.mjs';

/** Cold pages measured per page; the report gives the median of each figure. */
const RUNS = 3;

export async function measureSearch(browser, BASE) {
  const report = {};
  const phone = async (pagePath) => {
    const ctx = await browser.newContext({viewport: {width: 412, height: 823}, isMobile: true, hasTouch: true});
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
    const searchFiles = [];
    page.on('requestfinished', async (r) => {
      if (!r.url().includes('/assets/search/')) return;
      const sizes = await r.sizes().catch(() => undefined);
      searchFiles.push({url: r.url(), bytes: sizes ? sizes.responseHeadersSize + sizes.responseBodySize : 0});
    });
    await page.goto(BASE + pagePath, {waitUntil: 'load'});
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached', timeout: 60000});
    return {ctx, page, searchFiles};
  };
  report.search = [];
  for (const [pagePath, query] of [
    ['/analytics/', 'configuration'],
    ['/vireo/device-configuration/time-api/', 'configuration'],
    ['/leap/', 'configuration'],
  ]) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const {ctx, page, searchFiles} = await phone(pagePath);
      const input = page.locator('input.navbar__search-input');
      const t0 = Date.now();
      await input.focus();
      await input.pressSequentially(query);
      await page.locator('.navbar__search [role="option"]').first().waitFor({timeout: 60000});
      const firstResultsMs = Date.now() - t0;
      // The query answered by every collection of the scope, and the list showing that answer.
      await answered(page, query);
      const allResultsMs = Date.now() - t0;
      const groups = await page.locator('.navbar__search [role="option"] .lykta-search-group').count();
      runs.push({
        firstResultsMs,
        allResultsMs,
        groups,
        searchFiles: searchFiles.length,
        searchTransferKB: Math.round(searchFiles.reduce((n, f) => n + f.bytes, 0) / 102.4) / 10,
      });
      await ctx.close();
    }
    // Median of the runs, each figure on its own; the runs as measured beside them.
    const median = (key) => runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
    report.search.push({
      page: pagePath,
      ...Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(k)])),
      runs: runs.map((r) => [r.firstResultsMs, r.allResultsMs]),
    });
  }
  {
    const {ctx, page, searchFiles} = await phone('/vireo/device-configuration/time-api/');
    await page.waitForTimeout(5000);
    report.searchFilesWithoutSearching = searchFiles.length;
    await ctx.close();
  }

  return report;
}
