/// <reference lib="webworker" />
/**
 * The search worker: opens collections (their index directory and titles), and answers queries over
 * any set of them, fetching each collection's term files for the query's words and then the
 * documents of its results (./shards.ts), merged and grouped by ./rank.ts. Started by ./client.ts;
 * each message {seq, type: 'open' | 'search', ...} gets one answer {seq, ok, value | error}.
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
import type {SearchAnswer, WorkerRequest, WorkerResponse} from './protocol';

type Opened = {loaded: LoadedCollection; url: string; label: string};
/** Each collection's opening, by id; and each file's load, by URL (a failed one is forgotten). */
const opened = new Map<string, Promise<Opened>>();
const files = new Map<string, Promise<unknown>>();

async function fetchJson(url: string): Promise<unknown> {
  // Only files of this site: the URLs come from the page's manifest and the directories it names.
  if (new URL(url, self.location.origin).origin !== self.location.origin)
    throw new Error(`not a file of this site: ${url}`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new Error(`${url}: not valid JSON (incomplete download?)`);
  }
}

/** Fetches a file once; a failed fetch is forgotten, so the next search tries again. */
function file(url: string): Promise<unknown> {
  let promise = files.get(url);
  if (!promise) {
    promise = fetchJson(url);
    promise.catch(() => files.delete(url));
    files.set(url, promise);
  }
  return promise;
}

function open(id: string, label: string, doc: string, index: string): Promise<Opened> {
  let promise = opened.get(id);
  if (!promise) {
    promise = Promise.all([file(index), file(doc)]).then(([directory, titles]) => ({
      loaded: openCollection(directory, titles),
      url: new URL(index, self.location.origin).href,
      label,
    }));
    promise.catch(() => opened.delete(id));
    opened.set(id, promise);
  }
  return promise;
}

const sibling = (o: Opened, name: string) => new URL(name, o.url).href;

async function loadShards(o: Opened, numbers: number[]): Promise<void> {
  const {loaded} = o;
  const jsons = await Promise.all(numbers.map((n) => file(sibling(o, loaded.directory.shards[n]![1]))));
  numbers.forEach((n, i) => {
    if (!loaded.shards.has(n)) addShard(loaded, n, jsons[i]);
  });
}

async function loadChunks(o: Opened, numbers: number[]): Promise<void> {
  const {loaded} = o;
  const jsons = await Promise.all(numbers.map((n) => file(sibling(o, loaded.directory.chunks[n]![1]))));
  numbers.forEach((n, i) => {
    if (!loaded.chunks.has(n)) addChunk(loaded, n, jsons[i]);
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
 * One collection's results: the term files of the query's words first (and, when a word is unknown
 * or the strict forms find fewer than `limit`, those of its first letter, for spelling correction and
 * typo tolerance), then the documents of what was found.
 */
async function searchOne(o: Opened, query: string, limit: number): Promise<EngineResult[]> {
  const {loaded} = o;
  const words = tokenize(query, ['en']);
  if (words.length === 0) return [];
  const literal = literalQuery(query);
  let queries = queriesFor(words);
  await loadShards(o, missingShards(loaded, queryRanges(loaded, words, queries, literal, false)));
  // A word the collection does not know is taken as a typo and replaced by its closest word.
  const unknown = words.filter((w) => allowedDistance(w) > 0 && !knowsWord(loaded, w));
  let hits = unknown.length === 0 ? searchCollection(loaded, queries, limit, literal) : [];
  const fuzzy = queries.some((q) => q.term.some((t) => t.editDistance));
  if (unknown.length > 0 || (hits.length < limit && fuzzy)) {
    await loadShards(o, missingShards(loaded, queryRanges(loaded, words, queries, literal, true)));
    const corrected = words.map((w) =>
      unknown.includes(w) ? (correctWord(w, [wordsStartingWith(loaded, w.slice(0, 1))]) ?? w) : w,
    );
    if (corrected.some((w, i) => w !== words[i])) {
      queries = queriesFor(corrected);
      await loadShards(o, missingShards(loaded, queryRanges(loaded, corrected, queries, literal, true)));
    }
    hits = searchCollection(loaded, queries, limit, literal);
  }
  await loadChunks(o, missingChunks(loaded, hits));
  return resolveHits(loaded, hits);
}

async function search(
  ids: string[],
  query: string,
  limit: number,
  currentId: string | undefined,
  order: string[],
): Promise<SearchAnswer> {
  const failed: {id: string; error: string}[] = [];
  const perCollection = [];
  const answers = await Promise.all(
    ids.map(async (id) => {
      const o = await opened.get(id);
      if (!o) return undefined;
      try {
        return {id, label: o.label, found: await searchOne(o, query, limit)};
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
  return {results: mergeCollections(perCollection, query, currentId, order), failed};
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const message = event.data;
  let answer: WorkerResponse;
  try {
    if (message.type === 'open') {
      await open(message.id, message.label, message.doc, message.index);
      answer = {seq: message.seq, ok: true, value: null};
    } else {
      const value = await search(message.ids, message.query, message.limit, message.currentId, message.order);
      answer = {seq: message.seq, ok: true, value};
    }
  } catch (error) {
    answer = {seq: message.seq, ok: false, error: error instanceof Error ? error.message : String(error)};
  }
  self.postMessage(answer);
};
