/// <reference lib="webworker" />
/**
 * The search worker: loads collections (two files each) and answers queries over any set of loaded
 * collections, merged and grouped by ./rank.ts. Started by ./client.ts; messages are
 * {id, type: 'load' | 'search', ...} and each gets one answer {id, ok, value | error}.
 */
import {tokenize} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/tokenize';
import {smartQueries} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/smartQueries';
import {sortSearchResults} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/sortSearchResults';
import {processTreeStatusOfSearchResults} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/processTreeStatusOfSearchResults';
import {
  knowsWord,
  literalQuery,
  loadFilePair,
  searchCollection,
  vocabulary,
  type LoadedCollection,
  type SmartQuery,
} from './engine';
import {correctWord} from './spelling';
import {isExactTitleMatch, mergeCollections} from './rank';
import type {WorkerRequest, WorkerResponse} from './protocol';

/** The collections, with the parts loaded so far; and each file pair's load, by `<id>:<types>`. */
const collections = new Map<string, LoadedCollection>();
const pairs = new Map<string, Promise<LoadedCollection>>();
const labels = new Map<string, string>();
const order: string[] = [];

async function fetchJson(url: string): Promise<unknown> {
  // Only files of this site: the URLs come from the page's manifest.
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

function load(id: string, label: string, doc: string, index: string, types: number[]): Promise<LoadedCollection> {
  labels.set(id, label);
  if (!order.includes(id)) order.push(id);
  const key = `${id}:${types.join(',')}`;
  let promise = pairs.get(key);
  if (!promise) {
    promise = Promise.all([fetchJson(doc), fetchJson(index)]).then(([d, i]) => {
      let loaded = collections.get(id);
      if (!loaded) collections.set(id, (loaded = {parts: [], maxHits: 0}));
      loadFilePair(loaded, d, i, types);
      return loaded;
    });
    // A failed load is forgotten, so the next attempt fetches again.
    promise.catch(() => pairs.delete(key));
    pairs.set(key, promise);
  }
  return promise;
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

async function search(ids: string[], query: string, limit: number, currentId: string | undefined, siteOrder: string[]) {
  const loadedCollections = ids.flatMap((id) => {
    const loaded = collections.get(id);
    return loaded ? [{id, loaded}] : [];
  });
  // A word no collection knows is taken as a typo and replaced by the closest word they have.
  const tokens = tokenize(query, ['en']).map((word) =>
    loadedCollections.some(({loaded}) => knowsWord(loaded, word))
      ? word
      : (correctWord(
          word,
          loadedCollections.map(({loaded}) => vocabulary(loaded)),
        ) ?? word),
  );
  if (tokens.length === 0) return [];
  const queries = withoutShortFuzzyTerms(smartQueries(tokens, []) as SmartQuery[]);
  const literal = literalQuery(query);
  const perCollection = [];
  for (const {id, loaded} of loadedCollections) {
    const found = searchCollection(loaded, queries, limit, literal);
    // An exact title match leads its group; then the plugin's own order (sections under their page).
    const exact = found.filter((r) => isExactTitleMatch(r, query));
    const results = [...exact, ...found.filter((r) => !exact.includes(r))];
    sortSearchResults(results);
    processTreeStatusOfSearchResults(results);
    perCollection.push({id, label: labels.get(id) ?? id, results});
  }
  return mergeCollections(perCollection, query, currentId, siteOrder.length ? siteOrder : order);
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const message = event.data;
  let answer: WorkerResponse;
  try {
    if (message.type === 'load') {
      await load(message.id, message.label, message.doc, message.index, message.types);
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
