import {test, expect} from '../support/fixtures';

// The relevance query set (search-queries.json): what readers type, on which page, and the page it
// must find. At least 95% of the queries must list their page among the first five pages.
test('search relevance: at least 95% of the query set finds its page in the top 5', async ({context, baseURL}) => {
  test.setTimeout(360_000);
  // Shared with scripts/bench.mjs, which is plain Node: loaded as the ES module it is.
  const {relevanceQueries, relevanceScores, runRelevance} = await import('../support/relevance.mjs');
  const queries = relevanceQueries();
  expect(queries.length).toBeGreaterThanOrEqual(80);
  const results = await runRelevance(context, baseURL!, queries);
  const scores = relevanceScores(results);
  const misses = results.filter((r) => r.rank === 0 || r.rank > 5);
  console.log(
    `hit@5 ${(scores.hitAtK * 100).toFixed(1)}%, MRR ${scores.mrr.toFixed(3)}; misses:`,
    misses.map((m) => `${JSON.stringify(m.query)} from ${m.from}: ${m.pages.slice(0, 5).join(' ')}`),
  );
  expect(scores.hitAtK, `misses: ${JSON.stringify(misses, null, 1)}`).toBeGreaterThanOrEqual(0.95);
});
