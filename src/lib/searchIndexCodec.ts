/**
 * A smaller, lossless encoding of the lunr indexes that the local search writes (one per part of a
 * search-index*.json file). Lunr's own JSON stores, for every term, each document that contains it
 * with the [start, length] of every occurrence, and on top a score vector per document
 * (`fieldVectors`). Both follow from less:
 *
 * - The positions follow from the document's text, which the file carries anyway for the result
 *   previews: lunr's tokenizer and the builder's pipeline (trimmer, stop words, stemmer), run on
 *   that text again, give the same terms at the same places. Lunr does not save the builder's
 *   pipeline (the index keeps only the search pipeline), so the encoding names it. `restorePositions`
 *   recomputes positions for the few documents a search returns.
 * - The scores follow from the term frequencies: lunr scores a term in a document with BM25 from
 *   its frequency, the document's length (the sum of its frequencies) and the number of documents.
 *   `decodeLunrIndex` recomputes the vectors exactly as lunr 2.3's builder does.
 *
 * So the encoding keeps, per term, only (document, frequency) pairs. The encoder checks its work
 * before it returns: the decoded postings and scores, and the positions recomputed from every
 * document's text, must equal the original; otherwise it throws and the build fails.
 *
 * Encoded at build time by src/plugins/search-local; decoded in the search worker (src/lib/search/worker.ts).
 */
import lunr from 'lunr';

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

/**
 * The encoded index. `tokenPipeline`: the builder's pipeline. `refs`: the document refs,
 * delta-coded. `terms`: each term (in lunr's sorted order), then for each document that contains
 * it the ref (delta-coded) and the term frequency.
 */
export type CompactIndexJson = {
  encoding: typeof ENCODING;
  version: string;
  field: string;
  pipeline: string[];
  tokenPipeline: string[];
  refs: number[];
  terms: [string, ...number[]][];
};

/** The documents of an index part: `i` is the ref, `t` the text that was indexed. */
export type IndexedDocument = {i: number; t: string};

export const ENCODING = 'lykta-lunr-tf-1';

// lunr.Builder's BM25 defaults; the search plugin does not change them and sets no boosts.
const K1 = 1.2;
const B = 0.75;

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
    throw new Error(
      `search index: the compact encoding supports language ["en"] only, not ${JSON.stringify(language)}`,
    );
  const stop = options.removeDefaultStopWordFilter;
  const keepStopWords = !(stop === true || (Array.isArray(stop) && stop.includes('en')));
  return [
    'trimmer',
    ...(keepStopWords ? ['stopWordFilter'] : []),
    ...(options.removeDefaultStemmer ? [] : ['stemmer']),
  ];
}

const isCompact = (index: LunrIndexJson | CompactIndexJson): index is CompactIndexJson =>
  (index as CompactIndexJson).encoding === ENCODING;

const toRef = (ref: string): number => {
  if (!/^(0|[1-9]\d*)$/.test(ref)) throw new Error(`search index: document ref "${ref}" is not an integer`);
  return Number(ref);
};

/**
 * Each term of `text` with the positions of its occurrences, as lunr's builder records them: the
 * default tokenizer, then the builder's pipeline (trimmer, stop words, stemmer).
 */
export function termPositions(text: string, pipeline: lunr.Pipeline): Map<string, Position[]> {
  const tokenize = lunr.tokenizer as (text: string, metadata: object) => lunr.Token[];
  const terms = new Map<string, Position[]>();
  for (const token of pipeline.run(tokenize(text, {}))) {
    const term = token.toString();
    const position = (token as unknown as {metadata: {position: Position}}).metadata.position;
    const list = terms.get(term);
    if (list) list.push(position);
    else terms.set(term, [position]);
  }
  return terms;
}

/** The builder's pipeline of each index loaded from the compact encoding. */
const tokenPipelines = new WeakMap<lunr.Index, lunr.Pipeline>();

/** Loads an index in either encoding into lunr (as `lunr.Index.load` does for lunr's own JSON). */
export function loadLunrIndex(json: LunrIndexJson | CompactIndexJson): lunr.Index {
  const index = lunr.Index.load(decodeLunrIndex(json));
  if (isCompact(json)) tokenPipelines.set(index, lunr.Pipeline.load(json.tokenPipeline));
  return index;
}

/**
 * Fills in the positions of a search result's match data (which the compact encoding leaves out)
 * from the document's text; the result previews highlight with them. Match data that has its
 * positions is returned as it is.
 */
export function restorePositions<M extends {[term: string]: {[field: string]: Metadata}}>(
  metadata: M,
  text: string,
  index: lunr.Index,
): M {
  const missing = Object.values(metadata).some((fields) => Object.values(fields).some((m) => !m.position));
  const pipeline = tokenPipelines.get(index);
  if (!missing || !pipeline) return metadata;
  const positions = termPositions(text, pipeline);
  for (const [term, fields] of Object.entries(metadata))
    for (const m of Object.values(fields)) m.position ??= positions.get(term) ?? [];
  return metadata;
}

export function encodeLunrIndex(
  index: LunrIndexJson,
  documents: IndexedDocument[],
  tokenPipeline: string[],
): CompactIndexJson {
  if (index.fields.length !== 1) throw new Error(`search index: expected one field, got ${index.fields.length}`);
  const field = index.fields[0]!;
  const prefix = `${field}/`;
  const refs = index.fieldVectors.map(([fieldRef]) => {
    if (!fieldRef.startsWith(prefix)) throw new Error(`search index: unexpected field ref "${fieldRef}"`);
    return toRef(fieldRef.slice(prefix.length));
  });
  refs.sort((a, b) => a - b);
  const terms = index.invertedIndex.map(([term, posting]): [string, ...number[]] => {
    const extraKeys = Object.keys(posting).filter((k) => k !== '_index' && k !== field);
    if (extraKeys.length) throw new Error(`search index: term "${term}" has unexpected keys ${extraKeys.join(', ')}`);
    const encoded: [string, ...number[]] = [term];
    let previousRef = 0;
    for (const [docRef, metadata] of Object.entries(posting[field] ?? {})) {
      const ref = toRef(docRef);
      const tf = metadata.position?.length ?? 0;
      if (Object.keys(metadata).length !== 1 || tf === 0)
        throw new Error(`search index: term "${term}" in document ${ref} has no positions`);
      encoded.push(ref - previousRef, tf);
      previousRef = ref;
    }
    return encoded;
  });
  const compact: CompactIndexJson = {
    encoding: ENCODING,
    version: index.version,
    field,
    pipeline: index.pipeline,
    tokenPipeline,
    refs: refs.map((r, i) => (i === 0 ? r : r - refs[i - 1]!)),
    terms,
  };
  assertSameIndex(index, compact, documents);
  return compact;
}

/**
 * Returns lunr's JSON for an encoded index, without positions (see `restorePositions`); an index
 * in lunr's own JSON is returned unchanged.
 */
export function decodeLunrIndex(index: LunrIndexJson | CompactIndexJson): LunrIndexJson {
  if (!isCompact(index)) return index;
  const {field} = index;
  const refs: number[] = [];
  for (const d of index.refs) refs.push((refs.at(-1) ?? 0) + d);

  // Postings, and per document (by its place in `refs`): its length and its terms' frequencies.
  const slot = new Map<number, number>(refs.map((r, n) => [r, n]));
  const length = new Array<number>(refs.length).fill(0);
  const frequencies = refs.map((): number[] => []); // [termIndex, tf, termIndex, tf, ...]
  const documentsWithTerm: number[] = [];
  const invertedIndex = index.terms.map(([term, ...pairs], termIndex): [string, Posting] => {
    const postings: {[docRef: string]: Metadata} = {};
    let ref = 0;
    for (let i = 0; i < pairs.length; i += 2) {
      ref += pairs[i]!;
      const tf = pairs[i + 1]!;
      postings[ref] = {};
      const n = slot.get(ref);
      if (n === undefined) throw new Error(`search index: term "${term}" names unknown document ${ref}`);
      frequencies[n]!.push(termIndex, tf);
      length[n]! += tf;
    }
    documentsWithTerm.push(pairs.length / 2);
    return [term, {_index: termIndex, [field]: postings} as Posting];
  });

  // BM25 as lunr.Builder#createFieldVectors computes it (same operations in the same order, so
  // the same floating-point results), rounded to three decimals like lunr.
  const documentCount = refs.length;
  let totalLength = 0;
  for (const l of length) totalLength += l;
  const averageLength = totalLength / documentCount;
  const idf = documentsWithTerm.map((n) => {
    const x = (documentCount - n + 0.5) / (n + 0.5);
    return Math.log(1 + Math.abs(x));
  });
  const fieldVectors = refs.map((ref, n): [string, number[]] => {
    const norm = K1 * (1 - B + B * (length[n]! / averageLength));
    const termFrequencies = frequencies[n]!;
    const elements: number[] = [];
    for (let i = 0; i < termFrequencies.length; i += 2) {
      const termIndex = termFrequencies[i]!;
      const tf = termFrequencies[i + 1]!;
      const score = (idf[termIndex]! * ((K1 + 1) * tf)) / (norm + tf);
      elements.push(termIndex, Math.round(score * 1000) / 1000);
    }
    return [`${field}/${ref}`, elements];
  });
  return {version: index.version, fields: [field], fieldVectors, invertedIndex, pipeline: index.pipeline};
}

/** Term → score for each document, so vectors can be compared whatever the term numbering. */
function scoresByDocument(index: LunrIndexJson): Map<string, Map<string, number>> {
  const termByIndex = new Map(index.invertedIndex.map(([term, posting]) => [posting._index, term]));
  return new Map(
    index.fieldVectors.map(([ref, elements]) => {
      const scores = new Map<string, number>();
      for (let i = 0; i < elements.length; i += 2) scores.set(termByIndex.get(elements[i]!)!, elements[i + 1]!);
      return [ref, scores];
    }),
  );
}

/**
 * Throws unless `compact` decodes to the same terms, documents and scores as `original`, and the
 * positions recomputed from each document's text are the ones `original` recorded.
 */
function assertSameIndex(original: LunrIndexJson, compact: CompactIndexJson, documents: IndexedDocument[]): void {
  const decoded = decodeLunrIndex(compact);
  const fail = (what: string) => {
    throw new Error(`search index: the encoded index does not decode to the original (${what})`);
  };
  const field = original.fields[0]!;
  const docRefs = (posting: Posting) => JSON.stringify(Object.keys(posting[field] ?? {}));
  if (original.invertedIndex.length !== decoded.invertedIndex.length) fail('term count');
  original.invertedIndex.forEach(([term, posting], i) => {
    const [otherTerm, otherPosting] = decoded.invertedIndex[i]!;
    if (term !== otherTerm || docRefs(posting) !== docRefs(otherPosting)) fail(`postings of "${term}"`);
  });
  const want = scoresByDocument(original);
  const got = scoresByDocument(decoded);
  if (want.size !== got.size) fail('document count');
  for (const [ref, scores] of want) {
    const other = got.get(ref);
    if (!other || other.size !== scores.size) fail(`terms of ${ref}`);
    for (const [term, score] of scores) if (other!.get(term) !== score) fail(`score of "${term}" in ${ref}`);
  }
  // Positions: recompute every document's and compare with what the builder recorded.
  const recorded = new Map<string, Map<string, Position[]>>();
  for (const [term, posting] of original.invertedIndex)
    for (const [ref, metadata] of Object.entries(posting[field] ?? {})) {
      if (!recorded.has(ref)) recorded.set(ref, new Map());
      recorded.get(ref)!.set(term, metadata.position ?? []);
    }
  const pipeline = lunr.Pipeline.load(compact.tokenPipeline);
  if (documents.length !== want.size) fail('documents given');
  for (const doc of documents) {
    const ref = String(doc.i);
    const computed = termPositions(doc.t ?? '', pipeline);
    const expected = recorded.get(ref) ?? new Map<string, Position[]>();
    if (computed.size !== expected.size) fail(`terms of document ${ref} recomputed from its text`);
    for (const [term, positions] of expected)
      if (JSON.stringify(computed.get(term)) !== JSON.stringify(positions)) fail(`positions of "${term}" in ${ref}`);
  }
}
