/**
 * Searching one loaded collection, as the search plugin's worker does (the same query forms, the
 * same order of index parts), with each result's tier recorded for mergeCollections (./rank.ts).
 * The plugin's query helpers are passed in, so this file runs in the worker and in unit tests.
 */
import type lunr from 'lunr';
import {countWords} from './spelling';
import {loadLunrIndex, restorePositions, type CompactIndexJson, type LunrIndexJson} from '../searchIndexCodec';

/** A document of a search-doc file: `i` id, `t` text, `u` URL, `h` hash, `p` its page's id, `b` breadcrumb, `s` section title. */
export type SearchDocument = {i: number; t: string; u: string; h?: string; p?: number; b?: string[]; s?: string};

/** A search-doc-<token>.json file. */
export type SearchDocFile = {searchDocs: SearchDocument[][]; options: {highlightResult: boolean; maxHits: number}};

/** One part of a collection's index (titles, headings, descriptions, keywords or text). */
export type LoadedPart = {
  type: number;
  documents: SearchDocument[];
  byId: Map<number, SearchDocument>;
  index: lunr.Index;
};

/** A collection as far as it is loaded: `parts[type]`, missing until its file pair is in. */
export type LoadedCollection = {
  parts: (LoadedPart | undefined)[];
  maxHits: number;
  /** Every indexed term, sorted (made on first use; reset when a part arrives). */
  terms?: string[];
  /** Word counts of the documents' text, for spelling correction (made on first use; reset likewise). */
  vocabulary?: Map<string, number>;
};

/** Tiers are step × TIER_STEP + part, so a step's parts come before the next step's. */
const TIER_STEP = 8;

type QueryTerm = {value: string; presence: number; wildcard: number; editDistance?: number};
export type SmartQuery = {tokens: string[]; term: QueryTerm[]};

export type EngineResult = {
  document: SearchDocument;
  type: number;
  page: SearchDocument | false | undefined;
  metadata: Record<string, Record<string, {position?: [number, number][]}>>;
  tokens: string[];
  score: number;
  tier: number;
};

/**
 * Checks a file pair's shapes and loads its indexes as the parts `types` of the collection;
 * throws with a reason when they do not fit.
 */
export function loadFilePair(loaded: LoadedCollection, docFile: unknown, indexFile: unknown, types: number[]): void {
  const doc = docFile as SearchDocFile;
  if (!doc || !Array.isArray(doc.searchDocs) || typeof doc.options !== 'object')
    throw new Error('the search documents file has no searchDocs');
  if (doc.searchDocs.length !== types.length || !Array.isArray(indexFile) || indexFile.length !== types.length)
    throw new Error('the index file does not match its search documents file');
  const parts = doc.searchDocs.map((documents, i) => ({
    type: types[i],
    documents,
    byId: new Map(documents.map((d) => [d.i, d])),
    index: loadLunrIndex(indexFile[i] as LunrIndexJson | CompactIndexJson),
  }));
  for (const part of parts) loaded.parts[part.type] = part;
  loaded.maxHits = doc.options.maxHits;
  loaded.terms = undefined;
  loaded.vocabulary = undefined;
}

/** The loaded parts, in order. */
const partsOf = (loaded: LoadedCollection) => loaded.parts.filter((p): p is LoadedPart => p !== undefined);

/**
 * A query written like code (`If-Match`, `package.conf`, `X-Lykta-Capture-Time`, `/time/zone`): one
 * word with punctuation inside. Lunr splits such words where the index was built (and drops "if" as
 * a stop word), so they are also looked up as written. Returns the literal, lower case, or undefined.
 */
export function literalQuery(raw: string): string | undefined {
  const q = raw.trim().toLowerCase();
  return q.length >= 4 && !/\s/.test(q) && /[\p{L}\p{N}][-_./:][\p{L}\p{N}]/u.test(q) ? q : undefined;
}

/**
 * Documents whose text contains the literal, titles first, then headings, descriptions, keywords and
 * text, each with the literal's positions for the preview. Their tiers come before every lunr step.
 */
export function literalMatches(loaded: LoadedCollection, literal: string, limit: number): EngineResult[] {
  const results: EngineResult[] = [];
  for (const {documents, type} of partsOf(loaded)) {
    for (const document of documents) {
      if (results.length >= limit) return results;
      const text = document.t.toLowerCase();
      const position: [number, number][] = [];
      for (let i = text.indexOf(literal); i >= 0; i = text.indexOf(literal, i + literal.length))
        position.push([i, literal.length]);
      if (position.length === 0) continue;
      results.push({
        document,
        type,
        page: type !== 0 && document.p !== undefined && loaded.parts[0]?.byId.get(document.p),
        metadata: {[literal]: {t: {position}}},
        tokens: [literal],
        score: position.length,
        tier: type - TIER_STEP,
      });
    }
  }
  return results;
}

/**
 * The results of the query forms (strictest first) against each part of the collection (titles,
 * headings, descriptions, keywords, text) that are loaded, up to `limit`, without duplicates. A
 * result's tier is the step that found it: query form × TIER_STEP + part.
 */
export function searchCollection(
  loaded: LoadedCollection,
  queries: SmartQuery[],
  limit: number,
  literal?: string,
): EngineResult[] {
  const results: EngineResult[] = literal ? literalMatches(loaded, literal, limit) : [];
  const seen = new Set<string>(results.map((r) => `${r.type}:${r.document.i}`));
  queries.forEach(({term, tokens}, q) => {
    for (const {documents, byId, index, type} of partsOf(loaded)) {
      if (results.length >= limit) return;
      if (documents.length === 0) continue;
      const matches = index.query((query) => {
        for (const item of term)
          query.term(item.value, {
            wildcard: item.wildcard,
            presence: item.presence,
            ...(item.editDistance ? {editDistance: item.editDistance} : null),
          });
      });
      for (const match of matches) {
        if (results.length >= limit) break;
        const key = `${type}:${match.ref}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const document = byId.get(Number(match.ref));
        if (!document) continue;
        results.push({
          document,
          type,
          page: type !== 0 && document.p !== undefined && loaded.parts[0]?.byId.get(document.p),
          metadata: restorePositions(
            match.matchData.metadata as EngineResult['metadata'],
            document.t,
            index,
          ) as EngineResult['metadata'],
          tokens,
          score: match.score,
          tier: q * TIER_STEP + type,
        });
      }
    }
  });
  return results;
}

/** The collection's words and how often they occur (for ./spelling.ts). */
export function vocabulary(loaded: LoadedCollection): Map<string, number> {
  loaded.vocabulary ??= countWords(partsOf(loaded).flatMap((p) => p.documents.map((d) => d.t)));
  return loaded.vocabulary;
}

/**
 * True when the collection's index has the word's term, or a term that starts with it (the reader
 * may still be typing). A stop word is known: the index leaves those out on purpose.
 */
export function knowsWord(loaded: LoadedCollection, word: string): boolean {
  const index = partsOf(loaded)[0]?.index;
  if (!index) return false;
  const [term] = (index as unknown as {pipeline: lunr.Pipeline}).pipeline.runString(word);
  if (term === undefined) return true;
  loaded.terms ??= [
    ...new Set(
      partsOf(loaded).flatMap((p) => Object.keys((p.index as unknown as {invertedIndex: object}).invertedIndex)),
    ),
  ].sort();
  const terms = loaded.terms;
  for (const t of new Set([term, word])) {
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (terms[mid] < t) lo = mid + 1;
      else hi = mid;
    }
    if (lo < terms.length && terms[lo].startsWith(t)) return true;
  }
  return false;
}
