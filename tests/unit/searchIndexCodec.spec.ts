import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import lunr from 'lunr';
import {buildIndex} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex';
import {
  builderPipeline,
  decodeLunrIndex,
  encodeLunrIndex,
  ENCODING,
  loadLunrIndex,
  restorePositions,
  type CompactIndexJson,
  type IndexedDocument,
  type LunrIndexJson,
} from '../../src/lib/searchIndexCodec';

/** Sections of real pages (split at h1–h3), numbered from 1 like the search plugin numbers them. */
function sectionsOf(dir: string, limit: number): IndexedDocument[] {
  const files = fs.readdirSync(dir, {recursive: true, encoding: 'utf8'}).filter((f) => /\.mdx?$/.test(f));
  const sections = files
    .sort()
    .flatMap((f) =>
      fs
        .readFileSync(path.join(dir, f), 'utf8')
        .replace(/^---[\s\S]*?---/, '')
        .split(/^#{1,3} /m),
    )
    .slice(0, limit);
  // An empty section and one of stop words only: documents without terms still count for BM25.
  sections.push('', 'the and of to');
  return sections.map((t, n) => ({i: n + 1, t}));
}

/** Builds the index exactly as the search plugin does, and returns lunr's JSON for it. */
function pluginIndex(documents: IndexedDocument[]): LunrIndexJson {
  const [part] = buildIndex([documents], {
    language: ['en'],
    removeDefaultStopWordFilter: [],
    removeDefaultStemmer: false,
  });
  return JSON.parse(JSON.stringify(part!.index)) as LunrIndexJson;
}

/** Over the network: the encoded index as the worker gets it. */
const roundTrip = (index: CompactIndexJson) => JSON.parse(JSON.stringify(index)) as CompactIndexJson;

type Metadata = {[term: string]: {[field: string]: {position?: [number, number][]}}};
/** Lunr repeats a position when two clauses of one query match the same term; the previews do not care. */
const withoutRepeats = (metadata: Metadata): Metadata =>
  Object.fromEntries(
    Object.entries(metadata).map(([term, fields]) => [
      term,
      Object.fromEntries(
        Object.entries(fields).map(([f, m]) => [
          f,
          {position: [...new Map(m.position!.map((p) => [p.join(), p])).values()]},
        ]),
      ),
    ]),
  );

const QUERIES = ['metadata', 'stream*', 'rtsp~1', '+mqtt +broker', 'camera -radar', 'api key', 'onvif onvif*', 'zzzz'];

test.describe('search index codec', () => {
  const documents = sectionsOf('docs', 1500);
  const original = pluginIndex(documents);
  const pipeline = builderPipeline({language: ['en']});
  const encode = (index: LunrIndexJson, docs = documents) => encodeLunrIndex(index, docs, pipeline);

  test('decodes to the same terms, documents and scores, at less than a third of the size', () => {
    const encoded = roundTrip(encode(original));
    expect(encoded.encoding).toBe(ENCODING);
    const decoded = decodeLunrIndex(encoded);
    const vectorSizes = (vectors: [string, number[]][]) => new Map(vectors.map(([ref, v]) => [ref, v.length]));
    expect(vectorSizes(decoded.fieldVectors)).toEqual(vectorSizes(original.fieldVectors));
    expect(decoded.invertedIndex.map(([t]) => t)).toEqual(original.invertedIndex.map(([t]) => t));
    expect(JSON.stringify(encoded).length).toBeLessThan(JSON.stringify(original).length / 3);
  });

  test('lunr ranks the same with the decoded index, and the restored positions are the recorded ones', () => {
    const before = lunr.Index.load(original);
    const after = loadLunrIndex(roundTrip(encode(original)));
    const textOf = new Map(documents.map((d) => [String(d.i), d.t]));
    let hits = 0;
    for (const q of QUERIES) {
      const want = before.search(q);
      const got = after.search(q);
      hits += want.length;
      expect(
        got.map((r) => [r.ref, r.score]),
        q,
      ).toEqual(want.map((r) => [r.ref, r.score]));
      got.forEach((r, n) => {
        const metadata = restorePositions(r.matchData.metadata as Metadata, textOf.get(r.ref)!, after);
        expect(metadata, `${q}: ${r.ref}`).toEqual(withoutRepeats(want[n]!.matchData.metadata as Metadata));
      });
    }
    expect(hits).toBeGreaterThan(100);
  });

  test('an index in lunr’s own JSON passes through the decoder, and its positions are kept', () => {
    expect(decodeLunrIndex(original)).toBe(original);
    const [result] = lunr.Index.load(original).search('metadata');
    const metadata = result!.matchData.metadata as Metadata;
    expect(restorePositions(metadata, 'unrelated text', loadLunrIndex(original))).toEqual(metadata);
  });

  test('refuses what it cannot encode faithfully', () => {
    expect(() => encode({...original, fields: ['t', 's']})).toThrow(/one field/);
    const [term, posting] = original.invertedIndex[0]!;
    const [ref] = Object.keys(posting.t!);
    const noPositions = {
      ...original,
      invertedIndex: [[term, {...posting, t: {...posting.t, [ref!]: {}}}], ...original.invertedIndex.slice(1)],
    } as LunrIndexJson;
    expect(() => encode(noPositions)).toThrow(/no positions/);
    // A score that does not follow from the frequencies (as a boost would make it).
    const boosted = structuredClone(original);
    const vector = boosted.fieldVectors.find(([, v]) => v.length > 0)![1];
    vector[1] = vector[1]! * 2 + 1;
    expect(() => encode(boosted)).toThrow(/score of/);
    // Text that is not what was indexed (as another tokenizer would make it): positions differ.
    const edited = documents.map((d, n) => (n === 10 ? {...d, t: ` ${d.t}`} : d));
    expect(() => encode(original, edited)).toThrow(/positions of|recomputed/);
    // A builder pipeline other than the one that built the index (here: stop words kept out).
    expect(() => encodeLunrIndex(original, documents, ['trimmer', 'stemmer'])).toThrow(/recomputed/);
  });

  test('builderPipeline follows the plugin options, for English only', () => {
    expect(builderPipeline({})).toEqual(['trimmer', 'stopWordFilter', 'stemmer']);
    expect(builderPipeline({language: 'en', removeDefaultStopWordFilter: true})).toEqual(['trimmer', 'stemmer']);
    expect(builderPipeline({removeDefaultStopWordFilter: ['en'], removeDefaultStemmer: true})).toEqual(['trimmer']);
    expect(() => builderPipeline({language: ['en', 'de']})).toThrow(/English|"en"/);
  });
});
