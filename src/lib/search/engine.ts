/**
 * Searching one collection as far as its files (./shards.ts) are loaded, with the search plugin's
 * query forms and lunr's own query and scoring, each result's tier recorded for mergeCollections
 * (./rank.ts). No fetching here: the worker (./worker.ts) asks which files a query needs, loads
 * them, and calls back. The plugin's query helpers are passed in, so this runs in unit tests too.
 */
import lunr from 'lunr';
import {
  chunkOf,
  literalKey,
  prefixRange,
  readShard,
  shardsInRange,
  termPositions,
  SHARDED_ENCODING,
  type ChunkJson,
  type DirectoryJson,
  type SearchDocument,
  type ShardData,
  type TitlesJson,
} from './shards';

export type {SearchDocument} from './shards';

/** A collection as far as it is loaded. */
export type LoadedCollection = {
  directory: DirectoryJson;
  titles: SearchDocument[];
  maxHits: number;
  /** Lunr's search pipeline and the builder's. */
  pipeline: lunr.Pipeline;
  tokenPipeline: lunr.Pipeline;
  /** The term files loaded, by number. */
  shards: Map<number, ShardData>;
  /** The documents files loaded, by number, and the documents they hold by ref. */
  chunks: Set<number>;
  documents: Map<number, SearchDocument>;
  /** One lunr index per part over the loaded terms (made on first use; reset when a term file arrives). */
  indexes?: lunr.Index[];
  /** Every loaded term, sorted (likewise). */
  terms?: string[];
};

/** Tiers are step × TIER_STEP + part, so a step's parts come before the next step's. */
const TIER_STEP = 8;

type QueryTerm = {value: string; presence: number; wildcard: number; editDistance?: number};
export type SmartQuery = {tokens: string[]; term: QueryTerm[]};

type FieldMetadata = Record<string, Record<string, {position?: [number, number][]}>>;

/** A match before its document is loaded. */
export type Hit = {part: number; ref: number; score: number; tier: number; tokens: string[]; metadata: FieldMetadata};

export type EngineResult = {
  document: SearchDocument;
  type: number;
  page: SearchDocument | false | undefined;
  metadata: FieldMetadata;
  tokens: string[];
  score: number;
  tier: number;
};

/** Checks the directory and titles files and starts a collection from them; throws when they do not fit. */
export function openCollection(directoryFile: unknown, titlesFile: unknown): LoadedCollection {
  const directory = directoryFile as DirectoryJson;
  const titles = titlesFile as TitlesJson;
  if (
    !directory ||
    directory.encoding !== SHARDED_ENCODING ||
    !Array.isArray(directory.shards) ||
    !Array.isArray(directory.chunks) ||
    directory.shards[0]?.[0] !== ''
  )
    throw new Error('the search index file is not a search index directory');
  if (!titles || !Array.isArray(titles.searchDocs) || !Array.isArray(titles.searchDocs[0]) || !titles.options)
    throw new Error('the search documents file has no searchDocs');
  return {
    directory,
    titles: titles.searchDocs[0],
    maxHits: titles.options.maxHits,
    pipeline: lunr.Pipeline.load(directory.pipeline),
    tokenPipeline: lunr.Pipeline.load(directory.tokenPipeline),
    shards: new Map(),
    chunks: new Set(),
    documents: new Map(),
  };
}

export function addShard(loaded: LoadedCollection, n: number, json: unknown): void {
  loaded.shards.set(n, readShard(json, loaded.directory.parts));
  loaded.indexes = undefined;
  loaded.terms = undefined;
}

export function addChunk(loaded: LoadedCollection, n: number, json: unknown): void {
  const chunk = json as ChunkJson;
  if (!chunk || !Array.isArray(chunk.searchDocs) || !chunk.searchDocs.every(Array.isArray))
    throw new Error('the search documents file has no searchDocs');
  for (const docs of chunk.searchDocs) for (const d of docs) loaded.documents.set(d.i, d);
  loaded.chunks.add(n);
}

/** A word as its index term (lunr's search pipeline), or undefined for a stop word. */
const stem = (loaded: LoadedCollection, word: string): string | undefined => loaded.pipeline.runString(word)[0];

/** The longest common start of two strings. */
function commonStart(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(0, i);
}

/**
 * The key ranges a query needs: for each word, everything that starts as its term does (its prefix
 * and wildcard forms); with `wide`, everything that starts with its first letter (its typo-tolerant
 * forms and spelling correction); for a code-like query, its literal's range. A form with a leading
 * wildcard needs every range.
 */
export function queryRanges(
  loaded: LoadedCollection,
  words: string[],
  queries: SmartQuery[],
  literal: string | undefined,
  wide: boolean,
): [string, string][] {
  if (queries.some((q) => q.term.some((t) => t.wildcard & lunr.Query.wildcard.LEADING))) return [['', '\uffff']];
  const ranges: [string, string][] = [];
  for (const word of words) {
    const term = stem(loaded, word) ?? word;
    const start = wide ? word.slice(0, 1) : commonStart(word, term) || word.slice(0, 1);
    ranges.push(prefixRange(start));
  }
  if (literal) ranges.push(prefixRange(literal));
  return ranges;
}

/** The term files for some key ranges that are not loaded yet. */
export function missingShards(loaded: LoadedCollection, ranges: [string, string][]): number[] {
  const bounds = loaded.directory.shards.map(([first]) => first);
  const needed = new Set(ranges.flatMap(([lo, hi]) => shardsInRange(bounds, lo, hi)));
  return [...needed].filter((n) => !loaded.shards.has(n)).sort((a, b) => a - b);
}

/** Lunr indexes (one per part) over the loaded terms, with their scores as the builder computed them. */
function indexes(loaded: LoadedCollection): lunr.Index[] {
  if (loaded.indexes) return loaded.indexes;
  const {field, parts} = loaded.directory;
  loaded.indexes = Array.from({length: parts}, (_, part) => {
    const terms = [...loaded.shards.values()].flatMap((s) => [...s.terms[part]!.entries()]);
    terms.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const invertedIndex: Record<string, Record<string, unknown>> = Object.create(null);
    const elements = new Map<number, number[]>();
    terms.forEach(([term, pairs], termIndex) => {
      const docs: Record<string, object> = {};
      for (let i = 0; i < pairs.length; i += 2) {
        docs[pairs[i]!] = {};
        let vector = elements.get(pairs[i]!);
        if (!vector) elements.set(pairs[i]!, (vector = []));
        vector.push(termIndex, pairs[i + 1]! / 1000);
      }
      invertedIndex[term] = {_index: termIndex, [field]: docs};
    });
    const fieldVectors: Record<string, lunr.Vector> = Object.create(null);
    for (const [ref, vector] of elements) fieldVectors[`${field}/${ref}`] = new lunr.Vector(vector);
    return new lunr.Index({
      invertedIndex,
      fieldVectors,
      // fromArray is public in lunr 2.3 (documented in its source) but missing from @types/lunr.
      tokenSet: (lunr.TokenSet as unknown as {fromArray(a: string[]): lunr.TokenSet}).fromArray(terms.map(([t]) => t)),
      fields: [field],
      pipeline: loaded.pipeline,
    } as unknown as ConstructorParameters<typeof lunr.Index>[0]);
  });
  return loaded.indexes;
}

/**
 * Documents whose text has a code-like word starting with the literal (found through the literal
 * keys of the loaded term files), titles first, then headings, descriptions, keywords and text.
 * Their tiers come before every lunr step.
 */
export function literalHits(loaded: LoadedCollection, literal: string, limit: number): Hit[] {
  const found = new Map<string, Hit>();
  for (const shard of loaded.shards.values())
    for (const [key, list] of shard.literals) {
      if (!key.startsWith(literal)) continue;
      for (let i = 0; i < list.length; i += 3) {
        const [part, ref, count] = [list[i]!, list[i + 1]!, list[i + 2]!];
        const id = `${part}:${ref}`;
        const hit = found.get(id);
        if (hit) hit.score += count;
        else
          found.set(id, {
            part,
            ref,
            score: count,
            tier: part - TIER_STEP,
            tokens: [literal],
            metadata: {[literal]: {t: {}}},
          });
      }
    }
  return [...found.values()].sort((a, b) => a.part - b.part || b.score - a.score || a.ref - b.ref).slice(0, limit);
}

/**
 * The results of the query forms (strictest first) against each part of the collection (titles,
 * headings, descriptions, keywords, text), up to `limit`, without duplicates. A result's tier is the
 * step that found it: query form × TIER_STEP + part.
 */
export function searchCollection(
  loaded: LoadedCollection,
  queries: SmartQuery[],
  limit: number,
  literal?: string,
): Hit[] {
  const hits: Hit[] = literal ? literalHits(loaded, literal, limit) : [];
  const seen = new Set<string>(hits.map((h) => `${h.part}:${h.ref}`));
  const parts = indexes(loaded);
  queries.forEach(({term, tokens}, q) => {
    parts.forEach((index, part) => {
      if (hits.length >= limit) return;
      const matches = index.query((query) => {
        for (const item of term)
          query.term(item.value, {
            wildcard: item.wildcard,
            presence: item.presence,
            ...(item.editDistance ? {editDistance: item.editDistance} : null),
          });
      });
      for (const match of matches) {
        if (hits.length >= limit) break;
        const key = `${part}:${match.ref}`;
        if (seen.has(key)) continue;
        seen.add(key);
        hits.push({
          part,
          ref: Number(match.ref),
          score: match.score,
          tier: q * TIER_STEP + part,
          tokens,
          metadata: match.matchData.metadata as FieldMetadata,
        });
      }
    });
  });
  return hits;
}

/** The documents files that hold the hits' documents and are not loaded yet. */
export function missingChunks(loaded: LoadedCollection, hits: Hit[]): number[] {
  const firsts = loaded.directory.chunks.map(([first]) => first);
  const needed = new Set(hits.filter((h) => h.part !== 0).map((h) => chunkOf(firsts, h.ref)));
  return [...needed].filter((n) => n >= 0 && !loaded.chunks.has(n)).sort((a, b) => a - b);
}

/**
 * The hits as results, with their documents and pages, and the positions of their terms (for the
 * previews' highlights) recomputed from the text. Hits whose document is not loaded are left out.
 */
export function resolveHits(loaded: LoadedCollection, hits: Hit[]): EngineResult[] {
  const results: EngineResult[] = [];
  for (const hit of hits) {
    const document = hit.part === 0 ? loaded.titles[hit.ref] : loaded.documents.get(hit.ref);
    if (!document) continue;
    const text = document.t ?? '';
    const metadata: FieldMetadata = {};
    let positions: Map<string, [number, number][]> | undefined;
    for (const [term, fields] of Object.entries(hit.metadata)) {
      metadata[term] = {};
      for (const name of Object.keys(fields)) {
        let position: [number, number][];
        if (hit.tier < 0) {
          // A literal: every occurrence of it in the text, as written.
          position = [];
          const lower = text.toLowerCase();
          for (let i = lower.indexOf(term); i >= 0; i = lower.indexOf(term, i + term.length))
            position.push([i, term.length]);
        } else {
          positions ??= termPositions(text, loaded.tokenPipeline);
          position = positions.get(term) ?? [];
        }
        metadata[term]![name] = {position};
      }
    }
    results.push({
      document,
      type: hit.part,
      page: hit.part !== 0 && document.p !== undefined && loaded.titles[document.p],
      metadata,
      tokens: hit.tokens,
      score: hit.score,
      tier: hit.tier,
    });
  }
  return results;
}

function loadedTerms(loaded: LoadedCollection): string[] {
  loaded.terms ??= [
    ...new Set([...loaded.shards.values()].flatMap((s) => s.terms.flatMap((m) => [...m.keys()]))),
  ].sort();
  return loaded.terms;
}

/**
 * True when the collection has the word's term, or a term that starts with it (the reader may still
 * be typing), among the loaded terms (load the word's range first). A stop word is known: the index
 * leaves those out on purpose.
 */
export function knowsWord(loaded: LoadedCollection, word: string): boolean {
  const term = stem(loaded, word);
  if (term === undefined) return true;
  const terms = loadedTerms(loaded);
  for (const t of new Set([term, word])) {
    let lo = 0;
    let hi = terms.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (terms[mid]! < t) lo = mid + 1;
      else hi = mid;
    }
    if (lo < terms.length && terms[lo]!.startsWith(t)) return true;
  }
  return false;
}

/** The words of the text that start with `prefix`, with their counts, from the loaded term files. */
export function wordsStartingWith(loaded: LoadedCollection, prefix: string): Map<string, number> {
  const words = new Map<string, number>();
  for (const shard of loaded.shards.values())
    for (const [word, count] of shard.words) if (word.startsWith(prefix)) words.set(word, count);
  return words;
}

/** A query written like code (`If-Match`, `package.conf`, `/time/zone`): its literal key, else undefined. */
export function literalQuery(raw: string): string | undefined {
  const key = literalKey(raw);
  return key && key.length >= 4 ? key : undefined;
}
