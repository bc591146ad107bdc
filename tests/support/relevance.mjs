// Runs the search relevance query set (tests/e2e/search-queries.json) through the navbar search box
// of a served build, as a reader types it on its page; used by tests/e2e/search-relevance.spec.ts and
// by scripts/bench.mjs. Each query's rank is the position of its page among the distinct pages listed.
import fs from 'node:fs';

/** @typedef {{query: string, from: string, expect: string, kind: string}} RelevanceQuery */
/** @typedef {RelevanceQuery & {rank: number, pages: string[]}} RelevanceResult */

/** @returns {RelevanceQuery[]} */
export function relevanceQueries() {
  return JSON.parse(fs.readFileSync(new URL('../e2e/search-queries.json', import.meta.url), 'utf8'));
}

/** The distinct page URLs of the listed results, in order, and whether "No results" shows. */
async function listed(page) {
  return page.evaluate(() => {
    const urls = [...document.querySelectorAll('.navbar__search [role="option"] [data-url]')].map((e) =>
      e.getAttribute('data-url'),
    );
    const empty = Boolean(document.querySelector('.navbar__search [class*="noResults_"]'));
    return {pages: [...new Set(urls)], empty};
  });
}

/**
 * Resolves once the search box has answered `query` from every collection it searches and the list
 * shows that answer (src/theme/SearchBar sets data-search-answered and aria-busy).
 * @param {import('@playwright/test').Page} page
 * @param {string} query
 */
export async function answered(page, query, timeout = 60_000) {
  await page.waitForFunction(
    (q) => {
      const box = document.querySelector('.lykta-search');
      return box?.getAttribute('data-search-answered') === q && !box.hasAttribute('aria-busy');
    },
    query,
    {timeout},
  );
}

/**
 * Types each query into the search box of `base + from` (one page per starting point, once every
 * collection it searches has loaded) and returns each query's rank (0: not listed).
 * @param {import('@playwright/test').BrowserContext} context
 * @param {string} base
 * @param {RelevanceQuery[]} queries
 * @returns {Promise<RelevanceResult[]>}
 */
export async function runRelevance(context, base, queries) {
  const byStart = new Map();
  for (const q of queries) byStart.set(q.from, [...(byStart.get(q.from) ?? []), q]);
  const results = [];
  for (const [from, group] of byStart) {
    const page = await context.newPage();
    await page.goto(new URL(from, base).href);
    await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
    const input = page.locator('input.navbar__search-input');
    await input.click();
    // The other collections load after the first query's results are out.
    await input.fill(group[0].query);
    await page.locator('.lykta-search[data-search-ready="true"]').waitFor({state: 'attached', timeout: 60_000});
    for (const q of group) {
      await input.fill('');
      await input.fill(q.query);
      // Wait until this query is answered by every collection (src/theme/SearchBar marks it).
      await answered(page, q.query);
      const state = await listed(page);
      const rank = state.pages.indexOf(q.expect) + 1;
      results.push({...q, rank, pages: state.pages.slice(0, 8)});
    }
    await page.close();
  }
  return results;
}

/** hit@k and mean reciprocal rank of a run. */
export function relevanceScores(results, k = 5) {
  const hits = results.filter((r) => r.rank > 0 && r.rank <= k).length;
  const mrr = results.reduce((n, r) => n + (r.rank > 0 ? 1 / r.rank : 0), 0) / results.length;
  return {queries: results.length, hitAtK: hits / results.length, mrr};
}
