/**
 * Everything of the search worker that needs lunr (./engine.ts and the search plugin's query
 * helpers): opening a collection from its first two files, and answering a query over opened
 * collections, fetching the term and documents files it needs through `load`. Loaded by
 * ./worker.ts in parallel with the first files, so that their download does not wait for lunr.
 */
import {tokenize} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize';
import {smartQueries} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries';
import {sortSearchResults} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/sortSearchResults';
import {processTreeStatusOfSearchResults} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/processTreeStatusOfSearchResults';
import {
  addChunk,
  addShard,
  knowsWord,
  literalQuery,
  missingChunks,
  missingShards,
  openCollection,
  queryRanges,
  resolveHits,
  searchCollection,
  wordsStartingWith,
  type EngineResult,
  type LoadedCollection,
  type SmartQuery,
} from './engine';
import {allowedDistance, correctWord} from './spelling';
import {isExactTitleMatch, mergeCollections} from './rank';
import type {SearchAnswer} from './protocol';

/** A collection opened in the worker: its loaded files, the URL its file names are relative to, its label. */
export type Opened = {loaded: LoadedCollection; url: string; label: string};

/** Fetches a search file (once; see ./worker.ts). */
export type Load = (url: string) => Promise<unknown>;

export function openFiles(directory: unknown, titles: unknown, url: string, label: string): Opened {
  return {loaded: openCollection(directory, titles), url, label};
}

const sibling = (o: Opened, name: string) => new URL(name, o.url).href;

/** Loads the term files (`shards`) or documents files (`chunks`) numbered, into the collection. */
async function loadFiles(load: Load, o: Opened, kind: 'shards' | 'chunks', numbers: number[]): Promise<void> {
  const {loaded} = o;
  const jsons = await Promise.all(numbers.map((n) => load(sibling(o, loaded.directory[kind][n]![1]))));
  numbers.forEach((n, i) => {
    if (loaded[kind].has(n)) return;
    if (kind === 'shards') addShard(loaded, n, jsons[i]);
    else addChunk(loaded, n, jsons[i]);
  });
}

/**
 * The query forms without typo tolerance on words under five letters: lunr's fuzzy match of "tour"
 * also finds "four", "hour" and "your", which buries the pages that have the word itself.
 */
function withoutShortFuzzyTerms(queries: SmartQuery[]): SmartQuery[] {
  const seen = new Set<string>();
  return queries
    .map((q) => ({
      ...q,
      term: q.term.map((t) => (t.editDistance && t.value.length < 5 ? {...t, editDistance: undefined} : t)),
    }))
    .filter((q) => {
      const key = JSON.stringify(q.term);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const queriesFor = (words: string[]) => withoutShortFuzzyTerms(smartQueries(words, []) as SmartQuery[]);

/**
 * One collection's results, at most `limit`, and whether it has more: the term files of the query's
 * words first (and, when a word is unknown or the strict forms find fewer than `limit`, those of its
 * first letter, for spelling correction and typo tolerance), then the documents of the results kept.
 */
async function searchOne(
  load: Load,
  o: Opened,
  query: string,
  limit: number,
): Promise<{found: EngineResult[]; more: boolean}> {
  const {loaded} = o;
  const words = tokenize(query, ['en']);
  if (words.length === 0) return {found: [], more: false};
  const literal = literalQuery(query);
  let queries = queriesFor(words);
  await loadFiles(load, o, 'shards', missingShards(loaded, queryRanges(loaded, words, queries, literal, false)));
  // A word the collection does not know is taken as a typo and replaced by its closest word.
  const unknown = words.filter((w) => allowedDistance(w) > 0 && !knowsWord(loaded, w));
  // One hit past the limit says whether there are more; only the first `limit` are resolved.
  let hits = unknown.length === 0 ? searchCollection(loaded, queries, limit + 1, literal) : [];
  const fuzzy = queries.some((q) => q.term.some((t) => t.editDistance));
  if (unknown.length > 0 || (hits.length < limit && fuzzy)) {
    await loadFiles(load, o, 'shards', missingShards(loaded, queryRanges(loaded, words, queries, literal, true)));
    const corrected = words.map((w) =>
      unknown.includes(w) ? (correctWord(w, [wordsStartingWith(loaded, w.slice(0, 1))]) ?? w) : w,
    );
    if (corrected.some((w, i) => w !== words[i])) {
      queries = queriesFor(corrected);
      await loadFiles(load, o, 'shards', missingShards(loaded, queryRanges(loaded, corrected, queries, literal, true)));
    }
    hits = searchCollection(loaded, queries, limit + 1, literal);
  }
  const more = hits.length > limit;
  hits = hits.slice(0, limit);
  await loadFiles(load, o, 'chunks', missingChunks(loaded, hits));
  return {found: resolveHits(loaded, hits), more};
}

/**
 * Searches the collections `ids` (those opened): at most `limit` results each, or `limits[id]` for a
 * collection given one. The answer names the collections that have more results than they returned.
 */
export async function search(
  load: Load,
  opened: Map<string, Promise<Opened>>,
  ids: string[],
  query: string,
  limit: number,
  currentId: string | undefined,
  order: string[],
  limits: Record<string, number> = {},
): Promise<SearchAnswer> {
  const failed: {id: string; error: string}[] = [];
  const more: string[] = [];
  const perCollection = [];
  const answers = await Promise.all(
    ids.map(async (id) => {
      const o = await opened.get(id);
      if (!o) return undefined;
      try {
        const own = limits[id];
        const {found, more: hasMore} = await searchOne(
          load,
          o,
          query,
          Number.isInteger(own) && own! > 0 ? own! : limit,
        );
        if (hasMore) more.push(id);
        return {id, label: o.label, found};
      } catch (error) {
        failed.push({id, error: error instanceof Error ? error.message : String(error)});
        return undefined;
      }
    }),
  );
  for (const answer of answers) {
    if (!answer) continue;
    // An exact title match leads its group; then the plugin's own order (sections under their page).
    const exact = answer.found.filter((r) => isExactTitleMatch(r, query));
    const results = [...exact, ...answer.found.filter((r) => !exact.includes(r))];
    sortSearchResults(results);
    processTreeStatusOfSearchResults(results);
    perCollection.push({id: answer.id, label: answer.label, results});
  }
  return {
    results: mergeCollections(perCollection, query, currentId, order),
    failed,
    more: order.filter((id) => more.includes(id)),
  };
}
