/**
 * The search files of one collection, split so that a search fetches what its query needs and no
 * more, however large the site grows.
 *
 * The search plugin builds one lunr index per part of a collection (titles, headings, descriptions,
 * keywords, text) over documents that carry their whole text. Loaded whole, a collection costs what
 * all its text costs; ten times the pages would mean ten times the wait. Here they become:
 *
 * - an index directory (`<id>-index-<token>.json`): which term range lives in which term file,
 *   which documents in which documents file, and the pipelines;
 * - the page titles with the result options (`search-doc-<token>.json`): every result shows its page;
 * - term files (`<id>-terms-<hash>.json`): the terms of one alphabetical range, each with the
 *   documents that contain it and lunr's score for it there (BM25, which lunr rounds to three
 *   decimals, so stored exactly as an integer of thousandths); the code-like words of the text
 *   (`If-Match`, `package.conf`, `/time/zone`) with where they occur; and the words of the text with
 *   their counts, for spelling correction;
 * - documents files (`<id>-docs-<hash>.json`): the headings, descriptions, keywords and text of a
 *   run of sections (pages in URL order), fetched for the results a search returns.
 *
 * A search loads the directory and titles, the term files of its words' ranges, runs lunr's own
 * query over the terms loaded (scores do not depend on terms outside the query: lunr divides by the
 * query vector's magnitude, not the document's), then fetches the documents of its results.
 *
 * `shardCollection` builds the files and, before it returns, reads them back as the worker does and
 * throws unless every term's documents and scores, and every document's term positions recomputed
 * from its text, equal what the plugin's lunr index holds.
 */
import lunr from 'lunr';

/** A document of the search plugin: `i` id, `t` text, `u` URL, `h` hash, `p` its page's id, `b` breadcrumb, `s` section title. */
export type SearchDocument = {i: number; t: string; u: string; h?: string; p?: number; b?: string[]; s?: string};

/** A position as lunr's metadata stores it: [start, length] in the document's text. */
export type Position = [number, number];
type Metadata = {position?: Position[]};
type Posting = {_index: number} & {[field: string]: {[docRef: string]: Metadata}};

/** Lunr's serialised index (lunr.Index#toJSON), as the search plugin builds it. */
export type LunrIndexJson = {
  version: string;
  fields: string[];
  fieldVectors: [string, number[]][];
  invertedIndex: [string, Posting][];
  pipeline: string[];
};

/** One part of the plugin's index file: its documents and their lunr index. */
export type IndexFilePart = {documents: SearchDocument[]; index: LunrIndexJson};

export const SHARDED_ENCODING = 'lykta-sharded-1';

/** The index directory of a collection. File names are relative to the directory's own URL. */
export type DirectoryJson = {
  encoding: typeof SHARDED_ENCODING;
  version: string;
  field: string;
  /** Lunr's search pipeline (run on query terms) and the builder's (run on the text). */
  pipeline: string[];
  tokenPipeline: string[];
  /** How many parts the plugin's index has (5: titles, headings, descriptions, keywords, text). */
  parts: number;
  /** Term files: [first key, file], in key order; each holds the keys up to the next one's first. */
  shards: [string, string][];
  /** Documents files: [first ref, file], in ref order. Refs below the first are the page titles. */
  chunks: [number, string][];
};

/** A term file. Refs are delta-coded within each entry. */
export type ShardJson = {
  /** [term, part, ref, score × 1000, ref, score × 1000, ...] */
  terms: (string | number)[][];
  /** [code-like word, part, ref, count, ref, count, ...] */
  literals: (string | number)[][];
  /** [word, count, word, count, ...] */
  words: (string | number)[];
};

/** A documents file: the documents of each part (none of part 0: the titles are in the titles file). */
export type ChunkJson = {searchDocs: SearchDocument[][]};

/** The titles file: the page titles (refs 0 to n - 1, in URL order) and the result options. */
export type TitlesJson = {searchDocs: [SearchDocument[]]; options: {highlightResult: boolean; maxHits: number}};

/** The search plugin's options that decide how it builds an index. */
export type IndexingOptions = {
  language?: string | string[];
  removeDefaultStopWordFilter?: boolean | string[];
  removeDefaultStemmer?: boolean;
};

/**
 * The pipeline the search plugin's builder runs on each document's tokens, by the labels lunr
 * registers: lunr's defaults minus what the options remove. Only English is supported (other
 * languages bring lunr-languages' own pipelines).
 */
export function builderPipeline(options: IndexingOptions): string[] {
  const language = [options.language ?? 'en'].flat();
  if (language.length !== 1 || language[0] !== 'en')
    throw new Error(`search index: the sharded index supports language ["en"] only, not ${JSON.stringify(language)}`);
  const stop = options.removeDefaultStopWordFilter;
  const keepStopWords = !(stop === true || (Array.isArray(stop) && stop.includes('en')));
  return [
    'trimmer',
    ...(keepStopWords ? ['stopWordFilter'] : []),
    ...(options.removeDefaultStemmer ? [] : ['stemmer']),
  ];
}

/**
 * Each term of `text` with the positions of its occurrences, as lunr's builder records them: the
 * default tokenizer, then the builder's pipeline (trimmer, stop words, stemmer). Each step of that
 * pipeline looks at one token's text only, so a caller that reads many texts can pass `seen`, which
 * keeps the terms of each token text already run through it.
 */
export function termPositions(
  text: string,
  pipeline: lunr.Pipeline,
  seen?: Map<string, string[]>,
): Map<string, Position[]> {
  const tokenize = lunr.tokenizer as (text: string, metadata: object) => lunr.Token[];
  const terms = new Map<string, Position[]>();
  const add = (term: string, position: Position) => {
    const list = terms.get(term);
    if (list) list.push(position);
    else terms.set(term, [position]);
  };
  const positionOf = (token: lunr.Token) => (token as unknown as {metadata: {position: Position}}).metadata.position;
  if (!seen) {
    for (const token of pipeline.run(tokenize(text, {}))) add(token.toString(), positionOf(token));
    return terms;
  }
  for (const token of tokenize(text, {})) {
    const raw = token.toString();
    let out = seen.get(raw);
    if (!out) seen.set(raw, (out = pipeline.run([token]).map((t) => t.toString())));
    for (const term of out) add(term, positionOf(token));
  }
  return terms;
}

/** A word written like code: letters or digits on both sides of `-`, `_`, `.`, `/` or `:`. */
const LITERAL = /[\p{L}\p{N}][-_./:][\p{L}\p{N}]/u;
const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** A query or word as a literal key: lower case, surrounding punctuation dropped; undefined if not code-like. */
export function literalKey(raw: string): string | undefined {
  const key = raw.trim().toLowerCase().replace(EDGE_PUNCTUATION, '');
  return key.length >= 3 && !/\s/.test(key) && LITERAL.test(key) ? key : undefined;
}

/**
 * The literal keys of a text: each code-like word, and its tails from each separator on that are
 * still code-like (`/config/time/zone` gives `config/time/zone` and `time/zone`), so that a reader
 * who types the end of a path or a header name still finds it. Keys are looked up by prefix.
 */
export function literalKeys(text: string): string[] {
  const keys: string[] = [];
  for (const word of text.split(/\s+/)) {
    const key = literalKey(word);
    if (!key) continue;
    keys.push(key);
    for (let i = 1; i < key.length; i++) {
      if (!/[-_./:]/.test(key[i - 1]!) || !/[\p{L}\p{N}]/u.test(key[i]!)) continue;
      const tail = key.slice(i);
      if (LITERAL.test(tail)) keys.push(tail);
    }
  }
  return keys;
}

/** The words of a text for spelling correction (lower case; letters, digits and _; four or more). */
export function spellingWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter((w) => w.length >= 4);
}

/** The shards whose key ranges meet [lo, hi] (`bounds` are the first keys, sorted; the first is ''). */
export function shardsInRange(bounds: string[], lo: string, hi: string): number[] {
  const found: number[] = [];
  for (let k = 0; k < bounds.length; k++) {
    const next = bounds[k + 1];
    if (bounds[k]! <= hi && (next === undefined || next > lo)) found.push(k);
  }
  return found;
}

/** The key range of everything that starts with `prefix`. */
export const prefixRange = (prefix: string): [string, string] => [prefix, `${prefix}\uffff`];

/** The documents file that holds `ref` (`firsts` are the files' first refs, sorted), or -1. */
export function chunkOf(firsts: number[], ref: number): number {
  let lo = 0;
  let hi = firsts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (firsts[mid]! <= ref) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** What a term file holds, decoded: per part, term → [ref, score × 1000, ...]; literals; words. */
export type ShardData = {
  terms: Map<string, number[]>[];
  literals: Map<string, number[]>;
  words: Map<string, number>;
};

const isRow = (row: unknown): row is (string | number)[] =>
  Array.isArray(row) &&
  typeof row[0] === 'string' &&
  Number.isInteger(row[1]) &&
  row.length % 2 === 0 &&
  row.slice(1).every((n) => Number.isInteger(n));

/** Decodes a term file; throws when it is not one. */
export function readShard(json: unknown, parts: number): ShardData {
  const shard = json as ShardJson;
  if (!shard || !Array.isArray(shard.terms) || !Array.isArray(shard.literals) || !Array.isArray(shard.words))
    throw new Error('not a search term file');
  const rows = (list: unknown[], what: string) => {
    for (const row of list)
      if (!isRow(row) || (row[1] as number) < 0 || (row[1] as number) >= parts)
        throw new Error(`search term file: a malformed ${what} entry`);
    return list as [string, number, ...number[]][];
  };
  const undelta = (pairs: number[]) => {
    const out: number[] = [];
    let ref = 0;
    for (let i = 0; i < pairs.length; i += 2) {
      ref += pairs[i]!;
      out.push(ref, pairs[i + 1]!);
    }
    return out;
  };
  const terms = Array.from({length: parts}, () => new Map<string, number[]>());
  for (const [term, part, ...pairs] of rows(shard.terms, 'term')) terms[part]!.set(term, undelta(pairs));
  const literals = new Map<string, number[]>();
  for (const [key, part, ...pairs] of rows(shard.literals, 'literal')) {
    const list = literals.get(key) ?? [];
    const refs = undelta(pairs);
    for (let i = 0; i < refs.length; i += 2) list.push(part, refs[i]!, refs[i + 1]!);
    literals.set(key, list);
  }
  const words = new Map<string, number>();
  for (let i = 0; i < shard.words.length; i += 2) {
    const [word, count] = [shard.words[i], shard.words[i + 1]];
    if (typeof word !== 'string' || !Number.isInteger(count)) throw new Error('search term file: a malformed word');
    words.set(word, count as number);
  }
  return {terms, literals, words};
}

export type ShardLimits = {
  /** A term file is closed once its JSON reaches this many characters. */
  shardChars: number;
  /** A documents file is closed once its JSON reaches this many characters. */
  chunkChars: number;
};

export const DEFAULT_LIMITS: ShardLimits = {shardChars: 24_000, chunkChars: 8_000};

export type ShardedCollection = {
  directory: Omit<DirectoryJson, 'shards' | 'chunks'>;
  titles: SearchDocument[];
  /** Term files with the first key of each. */
  shards: {first: string; json: ShardJson}[];
  /** Documents files with the first ref of each. */
  chunks: {first: number; json: ChunkJson}[];
};

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Splits a collection's index (the plugin's parts) into the files described above. Throws when the
 * plugin's output is not what this reads (one field, every document under a page title), or when
 * reading the files back does not give lunr's index again.
 */
export function shardCollection(
  parts: IndexFilePart[],
  tokenPipeline: string[],
  limits: ShardLimits = DEFAULT_LIMITS,
): ShardedCollection {
  const [first] = parts;
  if (!first) throw new Error('search index: no parts');
  const field = first.index.fields[0]!;
  for (const {index} of parts)
    if (index.fields.length !== 1 || index.fields[0] !== field)
      throw new Error(`search index: expected the one field "${field}" in every part`);

  // Pages in URL order: the titles are refs 0..n-1, then each page's other documents in turn.
  const pages = [...first.documents].sort((a, b) => compare(a.u, b.u) || a.i - b.i);
  const pageOf = new Map(pages.map((d, n) => [d.i, n]));
  if (pageOf.size !== pages.length) throw new Error('search index: two page titles share an id');
  const titles = pages.map((d, n) => ({...d, i: n}));
  const refs = parts.map(() => new Map<string, number>());
  titles.forEach((d, n) => refs[0]!.set(String(pages[n]!.i), d.i));
  const perPage = pages.map((): {part: number; doc: SearchDocument}[] => []);
  parts.forEach(({documents}, part) => {
    if (part === 0) return;
    for (const doc of documents) {
      const page = doc.p === undefined ? undefined : pageOf.get(doc.p);
      if (page === undefined) throw new Error(`search index: document ${doc.i} (${doc.u}) belongs to no page title`);
      perPage[page]!.push({part, doc});
    }
  });
  const chunks: {first: number; json: ChunkJson; size: number}[] = [];
  let next = titles.length;
  perPage.forEach((docs, page) => {
    for (const {part, doc} of docs) {
      // A long page may span two files: a search fetches the sections it found, not whole pages.
      let chunk = chunks.at(-1);
      if (!chunk || chunk.size >= limits.chunkChars) {
        chunk = {first: next, json: {searchDocs: parts.map(() => [])}, size: 0};
        chunks.push(chunk);
      }
      const moved = {...doc, i: next, p: page};
      refs[part]!.set(String(doc.i), next++);
      chunk.json.searchDocs[part]!.push(moved);
      chunk.size += JSON.stringify(moved).length + 1;
    }
  });
  const refOf = (part: number, old: string) => {
    const ref = refs[part]!.get(old);
    if (ref === undefined) throw new Error(`search index: part ${part} indexes unknown document ${old}`);
    return ref;
  };

  // Every key (term, code-like word, word) with what it holds.
  type Entry = {terms: (string | number)[][]; literals: (string | number)[][]; words?: number};
  const entries = new Map<string, Entry>();
  const entry = (key: string) => {
    let e = entries.get(key);
    if (!e) entries.set(key, (e = {terms: [], literals: []}));
    return e;
  };
  const deltaRow = (key: string, part: number, pairs: [number, number][]) => {
    pairs.sort((a, b) => a[0] - b[0]);
    const row: (string | number)[] = [key, part];
    let previous = 0;
    for (const [ref, value] of pairs) {
      row.push(ref - previous, value);
      previous = ref;
    }
    return row;
  };
  parts.forEach(({index}, part) => {
    const termOf = new Map(index.invertedIndex.map(([term, posting]) => [posting._index, term]));
    const scores = new Map<string, number>(); // `${term}\0${old ref}` → score × 1000
    for (const [fieldRef, elements] of index.fieldVectors) {
      const old = fieldRef.slice(field.length + 1);
      for (let i = 0; i < elements.length; i += 2) {
        const thousandths = Math.round(elements[i + 1]! * 1000);
        if (Math.abs(thousandths - elements[i + 1]! * 1000) > 1e-6)
          throw new Error(`search index: a score with more than three decimals (${elements[i + 1]})`);
        scores.set(`${termOf.get(elements[i]!)}\0${old}`, thousandths);
      }
    }
    for (const [term, posting] of index.invertedIndex) {
      const pairs = Object.keys(posting[field] ?? {}).map((old): [number, number] => {
        const score = scores.get(`${term}\0${old}`);
        if (score === undefined) throw new Error(`search index: no score for "${term}" in document ${old}`);
        return [refOf(part, old), score];
      });
      if (pairs.length) entry(term).terms.push(deltaRow(term, part, pairs));
    }
  });
  const allDocuments = [
    ...titles.map((doc) => ({part: 0, doc})),
    ...chunks.flatMap((c) => c.json.searchDocs.flatMap((docs, part) => docs.map((doc) => ({part, doc})))),
  ];
  const literalCounts = new Map<string, Map<string, number>>(); // key → `${part}:${ref}` → count
  const wordCounts = new Map<string, number>();
  for (const {part, doc} of allDocuments) {
    for (const key of literalKeys(doc.t)) {
      const counts = literalCounts.get(key) ?? new Map<string, number>();
      counts.set(`${part}:${doc.i}`, (counts.get(`${part}:${doc.i}`) ?? 0) + 1);
      literalCounts.set(key, counts);
    }
    for (const word of spellingWords(doc.t)) wordCounts.set(word, (wordCounts.get(word) ?? 0) + 1);
  }
  for (const [key, counts] of literalCounts) {
    const byPart = new Map<number, [number, number][]>();
    for (const [where, count] of counts) {
      const [part, ref] = where.split(':').map(Number) as [number, number];
      const pairs = byPart.get(part) ?? [];
      pairs.push([ref, count]);
      byPart.set(part, pairs);
    }
    for (const [part, pairs] of [...byPart].sort((a, b) => a[0] - b[0]))
      entry(key).literals.push(deltaRow(key, part, pairs));
  }
  for (const [word, count] of wordCounts) entry(word).words = count;

  // Term files: keys in order, closed at the size limit.
  const shards: {first: string; json: ShardJson; size: number}[] = [];
  for (const key of [...entries.keys()].sort(compare)) {
    const e = entries.get(key)!;
    let shard = shards.at(-1);
    if (!shard || shard.size >= limits.shardChars) {
      shard = {first: shards.length === 0 ? '' : key, json: {terms: [], literals: [], words: []}, size: 0};
      shards.push(shard);
    }
    shard.json.terms.push(...e.terms);
    shard.json.literals.push(...e.literals);
    if (e.words !== undefined) shard.json.words.push(key, e.words);
    shard.size += JSON.stringify(e).length;
  }
  if (shards.length === 0) shards.push({first: '', json: {terms: [], literals: [], words: []}, size: 0});

  const directory = {
    encoding: SHARDED_ENCODING,
    version: first.index.version,
    field,
    pipeline: first.index.pipeline,
    tokenPipeline,
    parts: parts.length,
  } as const;
  const sharded = {
    directory,
    titles,
    shards: shards.map(({first: f, json}) => ({first: f, json})),
    chunks: chunks.map(({first: f, json}) => ({first: f, json})),
  };
  assertSameIndex(parts, sharded, refOf);
  return sharded;
}

const samePositions = (a: Position[] | undefined, b: Position[]) =>
  a !== undefined && a.length === b.length && a.every((p, i) => p[0] === b[i]![0] && p[1] === b[i]![1]);

/**
 * Throws unless the term files, read back as the worker reads them, give every part's terms with
 * the same documents and scores as lunr's index, and unless each document's term positions,
 * recomputed from its text (the previews' highlights), are the ones lunr's builder recorded.
 */
function assertSameIndex(
  parts: IndexFilePart[],
  sharded: ShardedCollection,
  refOf: (part: number, old: string) => number,
): void {
  const fail = (what: string) => {
    throw new Error(`search index: the term files do not read back as the plugin's index (${what})`);
  };
  const read = sharded.shards.map(({json}) => readShard(JSON.parse(JSON.stringify(json)), parts.length));
  const bounds = sharded.shards.map((s) => s.first);
  const field = sharded.directory.field;
  const pipeline = lunr.Pipeline.load(sharded.directory.tokenPipeline);
  const seen = new Map<string, string[]>();
  const documents = new Map<string, string>(); // `${part}:${ref}` → text
  sharded.titles.forEach((d) => documents.set(`0:${d.i}`, d.t));
  for (const {json} of sharded.chunks)
    json.searchDocs.forEach((docs, part) => docs.forEach((d) => documents.set(`${part}:${d.i}`, d.t)));
  parts.forEach(({index, documents: docs}, part) => {
    const termOf = new Map(index.invertedIndex.map(([term, posting]) => [posting._index, term]));
    let count = 0;
    for (const shard of read) count += shard.terms[part]!.size;
    if (count !== index.invertedIndex.length) fail(`term count of part ${part}`);
    const recorded = new Map<number, Map<string, Position[]>>();
    for (const [term, posting] of index.invertedIndex) {
      const [k] = shardsInRange(bounds, term, term);
      const got = read[k!]!.terms[part]!.get(term);
      if (!got) fail(`"${term}" is not in the term file of its range`);
      const want = Object.entries(posting[field] ?? {}).map(([old, metadata]) => {
        const ref = refOf(part, old);
        const positions = recorded.get(ref) ?? new Map<string, Position[]>();
        positions.set(term, metadata.position ?? []);
        recorded.set(ref, positions);
        return ref;
      });
      want.sort((a, b) => a - b);
      if (got!.length !== 2 * want.length || want.some((ref, i) => got![2 * i] !== ref)) fail(`documents of "${term}"`);
    }
    const scoresOf = new Map<string, Map<number, number>>();
    for (const [fieldRef, elements] of index.fieldVectors) {
      const ref = refOf(part, fieldRef.slice(field.length + 1));
      for (let i = 0; i < elements.length; i += 2) {
        const term = termOf.get(elements[i]!)!;
        const [k] = shardsInRange(bounds, term, term);
        let byRef = scoresOf.get(term);
        if (!byRef) {
          const got = read[k!]!.terms[part]!.get(term)!;
          byRef = new Map<number, number>();
          for (let j = 0; j < got.length; j += 2) byRef.set(got[j]!, got[j + 1]!);
          scoresOf.set(term, byRef);
        }
        if (byRef.get(ref) === undefined || byRef.get(ref)! / 1000 !== elements[i + 1])
          fail(`score of "${term}" in document ${ref}`);
      }
    }
    if (docs.length !== index.fieldVectors.length) fail(`documents of part ${part}`);
    for (const doc of docs) {
      const ref = refOf(part, String(doc.i));
      const text = documents.get(`${part}:${ref}`);
      if (text !== doc.t) fail(`text of document ${ref}`);
      const computed = termPositions(doc.t ?? '', pipeline, seen);
      const expected = recorded.get(ref) ?? new Map<string, Position[]>();
      if (computed.size !== expected.size) fail(`terms of document ${ref} recomputed from its text`);
      for (const [term, positions] of expected)
        if (!samePositions(computed.get(term), positions)) fail(`positions of "${term}" in ${ref}`);
    }
  });
}
