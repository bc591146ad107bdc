import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import lunr from 'lunr';
import {buildIndex} from '@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex';
import {
  builderPipeline,
  chunkOf,
  literalKeys,
  shardCollection,
  shardsInRange,
  type IndexFilePart,
  type LunrIndexJson,
  type SearchDocument,
  type ShardedCollection,
} from '../../src/lib/search/shards';
import {
  addChunk,
  addShard,
  literalQuery,
  missingChunks,
  missingShards,
  openCollection,
  queryRanges,
  resolveHits,
  searchCollection,
  type LoadedCollection,
  type SmartQuery,
} from '../../src/lib/search/engine';

/**
 * A collection like the plugin writes one: pages of the docs split at h2/h3, each page a title
 * (part 0), its headings (1) and its sections' text (4); parts 2 and 3 (descriptions, keywords) hold
 * a line per page.
 */
function collection(dir: string, pageLimit: number): IndexFilePart[] {
  const files = fs
    .readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((f) => /\.mdx?$/.test(f))
    .sort()
    .slice(0, pageLimit);
  const parts: SearchDocument[][] = [[], [], [], [], []];
  let id = 1;
  files.forEach((f, n) => {
    const source = fs.readFileSync(path.join(dir, f), 'utf8').replace(/^---[\s\S]*?---/, '');
    const u = `/docs/${f.replace(/\.mdx?$/, '/')}`;
    // Out of URL order on purpose: the sharding sorts pages by URL.
    const page = {i: id++, t: /^# (.*)$/m.exec(source)?.[1] ?? f, u: n % 2 ? u : u.toUpperCase()};
    parts[0]!.push(page);
    parts[2]!.push({i: id++, t: `About ${page.t}`, u: page.u, p: page.i});
    parts[3]!.push({i: id++, t: f.split('/').join(' '), u: page.u, p: page.i});
    for (const section of source.split(/^#{2,3} /m).slice(1)) {
      const [heading, ...text] = section.split('\n');
      parts[1]!.push({i: id++, t: heading!, u: page.u, h: `#${heading}`, p: page.i});
      parts[4]!.push({i: id++, t: text.join('\n'), u: page.u, h: `#${heading}`, p: page.i});
    }
  });
  parts[4]!.push({i: id++, t: 'the and of to', u: parts[0]![0]!.u, p: parts[0]![0]!.i});
  return buildIndex(parts, {language: ['en'], removeDefaultStopWordFilter: [], removeDefaultStemmer: false}).map(
    ({documents, index}) => ({
      documents: documents as SearchDocument[],
      index: JSON.parse(JSON.stringify(index)) as LunrIndexJson,
    }),
  );
}

/** Opens the sharded collection as the worker does, over JSON round trips, loading the files named. */
function open(sharded: ShardedCollection, maxHits = 8): LoadedCollection {
  const json = <T>(v: T) => JSON.parse(JSON.stringify(v)) as T;
  return openCollection(
    json({
      ...sharded.directory,
      shards: sharded.shards.map((s, n) => [s.first, `t${n}.json`]),
      chunks: sharded.chunks.map((c, n) => [c.first, `d${n}.json`]),
    }),
    json({searchDocs: [sharded.titles], options: {highlightResult: true, maxHits}}),
  );
}

const loadAll = (sharded: ShardedCollection, loaded: LoadedCollection) => {
  sharded.shards.forEach((s, n) => addShard(loaded, n, JSON.parse(JSON.stringify(s.json))));
  sharded.chunks.forEach((c, n) => addChunk(loaded, n, JSON.parse(JSON.stringify(c.json))));
};

const REQUIRED = lunr.Query.presence.REQUIRED;
const form = (words: string[], wildcard = lunr.Query.wildcard.NONE, editDistance?: number): SmartQuery => ({
  tokens: words,
  term: words.map((value) => ({value, presence: REQUIRED, wildcard, editDistance})),
});
const FORMS: [string, SmartQuery[]][] = [
  ['metadata', [form(['metadata'])]],
  ['stream*', [form(['stream'], lunr.Query.wildcard.TRAILING)]],
  ['mqtt broker', [form(['mqtt', 'broker'])]],
  ['rtsp~1', [form(['rtsp'], lunr.Query.wildcard.NONE, 1)]],
  ['api key', [form(['api', 'key']), form(['api', 'key'], lunr.Query.wildcard.TRAILING)]],
  ['zzzzq', [form(['zzzzq'])]],
];

test.describe('sharded search files', () => {
  const parts = collection('docs', 120);
  const pipeline = builderPipeline({language: ['en']});
  // Small files, so that a collection of 120 pages makes dozens of each.
  const sharded = shardCollection(parts, pipeline, {shardChars: 6_000, chunkChars: 8_000});

  test('many small files, every key in exactly one range, every document in exactly one file', () => {
    expect(sharded.shards.length).toBeGreaterThan(20);
    expect(sharded.chunks.length).toBeGreaterThan(10);
    const bounds = sharded.shards.map((s) => s.first);
    expect(bounds[0]).toBe('');
    expect([...bounds].sort()).toEqual(bounds);
    // Collected, then one expect: an expect per term took minutes (each records its own step).
    const misplaced: string[] = [];
    for (const [n, s] of sharded.shards.entries())
      for (const [term] of s.json.terms) {
        const found = shardsInRange(bounds, term as string, term as string);
        if (found.length !== 1 || found[0] !== n) misplaced.push(`${String(term)} in file ${n}: ${found.join(',')}`);
      }
    expect(misplaced).toEqual([]);
    const firsts = sharded.chunks.map((c) => c.first);
    expect(firsts[0]).toBe(sharded.titles.length);
    const strays = sharded.chunks.flatMap((c, n) =>
      c.json.searchDocs
        .flat()
        .filter((d) => chunkOf(firsts, d.i) !== n)
        .map((d) => `${d.i} in file ${n}`),
    );
    expect(strays).toEqual([]);
    expect(chunkOf(firsts, 0)).toBe(-1);
    // Titles in URL order, every other document under its page.
    expect(sharded.titles.map((t) => t.u)).toEqual([...sharded.titles.map((t) => t.u)].sort());
    expect(sharded.chunks.flatMap((c) => c.json.searchDocs.flat()).filter((d) => !sharded.titles[d.p!])).toEqual([]);
  });

  test('lunr finds the same documents with the same scores as with the plugin’s whole index', () => {
    const loaded = open(sharded);
    loadAll(sharded, loaded);
    // The plugin's documents by their new refs: same text, so compare by text and part.
    let compared = 0;
    for (const [q, queries] of FORMS)
      parts.forEach(({index, documents}, part) => {
        const original = lunr.Index.load(index);
        const want = original.query((query) => {
          for (const item of queries[0]!.term)
            query.term(item.value, {
              presence: item.presence,
              wildcard: item.wildcard,
              ...(item.editDistance ? {editDistance: item.editDistance} : {}),
            });
        });
        const byId = new Map(documents.map((d) => [String(d.i), d]));
        const got = resolveHits(
          loaded,
          searchCollection(loaded, [queries[0]!], 10_000).filter((h) => h.part === part),
        );
        // Equal scores come in ref order, and the refs differ (pages are renumbered in URL order):
        // compare in score order, ties by URL and text.
        const canonical = (rows: [string, string, number][]) =>
          rows.sort((a, b) => b[2] - a[2] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) || (a[0] < b[0] ? -1 : 1));
        // Scores to 1e-9: the dot product adds the same terms in another order (term numbers differ),
        // which moves the last bit of a double.
        const score = (s: number) => Math.round(s * 1e9) / 1e9;
        const gotRows = got.map((r): [string, string, number] => [r.document.t, r.document.u, score(r.score)]);
        const wantRows = want.map((m): [string, string, number] => [
          byId.get(m.ref)!.t,
          byId.get(m.ref)!.u,
          score(m.score),
        ]);
        expect(canonical(gotRows), `${q}, part ${part}`).toEqual(canonical(wantRows));
        // Scores in the order lunr returned them: the same sequence either way.
        expect(got.map((r) => score(r.score))).toEqual(want.map((m) => score(m.score)));
        compared += want.length;
      });
    expect(compared).toBeGreaterThan(100);
  });

  test('a query loads only the term files of its words, and finds what the whole index finds', () => {
    const whole = open(sharded);
    loadAll(sharded, whole);
    for (const [q, queries] of FORMS) {
      if (queries.some((f) => f.term.some((t) => t.editDistance))) continue;
      const loaded = open(sharded);
      const words = queries[0]!.tokens;
      const needed = missingShards(loaded, queryRanges(loaded, words, queries, undefined, false));
      expect(needed.length, q).toBeLessThan(sharded.shards.length / 4);
      for (const n of needed) addShard(loaded, n, sharded.shards[n]!.json);
      const hits = searchCollection(loaded, queries, 8);
      const chunks = missingChunks(loaded, hits);
      for (const n of chunks) addChunk(loaded, n, sharded.chunks[n]!.json);
      const results = resolveHits(loaded, hits);
      expect(results.length, q).toBe(hits.length);
      expect(
        results.map((r) => [r.document.i, r.score, r.metadata]),
        q,
      ).toEqual(
        resolveHits(whole, searchCollection(whole, queries, 8)).map((r) => [r.document.i, r.score, r.metadata]),
      );
      for (const r of results)
        for (const fields of Object.values(r.metadata))
          for (const {position} of Object.values(fields))
            for (const [start, length] of position!)
              expect(r.document.t.slice(start, start + length).length).toBe(length);
    }
  });

  test('code-like words: found by their start and by the tails of paths, titles first, every occurrence marked', () => {
    expect(literalKeys('Send If-Match: "abc" to /config/time/zone (see package.conf).')).toEqual([
      'if-match',
      'config/time/zone',
      'time/zone',
      'package.conf',
    ]);
    const doc = (i: number, t: string, p?: number): SearchDocument => ({i, t, u: `/p${p ?? i}/`, p});
    const small = shardCollection(
      buildIndex(
        [
          [doc(1, 'If-Match and ETag'), doc(2, 'Other page')],
          [doc(3, 'Conditional requests', 1)],
          [],
          [],
          [doc(4, 'Send the ETag in If-Match; if-match fails with 412.', 1), doc(5, 'Nothing here', 2)],
        ],
        {language: ['en'], removeDefaultStopWordFilter: [], removeDefaultStemmer: false},
      ).map(({documents, index}) => ({
        documents: documents as SearchDocument[],
        index: JSON.parse(JSON.stringify(index)) as LunrIndexJson,
      })),
      builderPipeline({}),
    );
    const loaded = open(small);
    loadAll(small, loaded);
    for (const query of ['If-Match', 'if-mat', 'IF-MATCH:']) {
      const literal = literalQuery(query);
      expect(literal, query).toBeDefined();
      const results = resolveHits(loaded, searchCollection(loaded, [], 8, literal));
      expect(results.map((r) => [r.document.t, r.type, r.tier])).toEqual([
        ['If-Match and ETag', 0, -8],
        ['Send the ETag in If-Match; if-match fails with 412.', 4, -4],
      ]);
      expect(Object.values(results[1]!.metadata)[0]!.t!.position).toEqual([
        [17, literal!.length],
        [27, literal!.length],
      ]);
      expect(results[1]!.page).toEqual(expect.objectContaining({t: 'If-Match and ETag'}));
    }
  });

  test('refuses what it cannot split faithfully', () => {
    expect(() =>
      shardCollection(
        parts.map((p) => ({...p, index: {...p.index, fields: ['t', 's']}})),
        pipeline,
      ),
    ).toThrow(/one field/);
    // A score that lunr would not have stored (a boost, or another scoring).
    const boosted = structuredClone(parts);
    const vector = boosted[4]!.index.fieldVectors.find(([, v]) => v.length > 0)![1];
    vector[1] = vector[1]! + 0.0004;
    expect(() => shardCollection(boosted, pipeline)).toThrow(/three decimals/);
    // Text that is not what was indexed (another tokenizer): positions would not match.
    const edited = structuredClone(parts);
    edited[4]!.documents[3]!.t = ` ${edited[4]!.documents[3]!.t}`;
    expect(() => shardCollection(edited, pipeline)).toThrow(/positions of|recomputed/);
    // A builder pipeline other than the one that built the index.
    expect(() => shardCollection(parts, ['trimmer', 'stemmer'])).toThrow(/recomputed/);
    // A section that belongs to no page.
    const orphan = structuredClone(parts);
    orphan[1]!.documents[0]!.p = 999_999;
    expect(() => shardCollection(orphan, pipeline)).toThrow(/no page title/);
  });

  test('the worker refuses files that are not what the directory says', () => {
    expect(() => openCollection({encoding: 'x'}, {searchDocs: [[]], options: {}})).toThrow(/directory/);
    const loaded = open(sharded);
    expect(() => addShard(loaded, 0, {terms: [['a', 9, 1, 1]], literals: [], words: []})).toThrow(/malformed/);
    expect(() => addShard(loaded, 0, {terms: [['a', 0, 1]], literals: [], words: []})).toThrow(/malformed/);
    expect(() => addShard(loaded, 0, '{"terms": [')).toThrow(/not a search term file/);
    expect(() => addChunk(loaded, 0, {docs: []})).toThrow(/searchDocs/);
  });

  test('builderPipeline follows the plugin options, for English only', () => {
    expect(builderPipeline({})).toEqual(['trimmer', 'stopWordFilter', 'stemmer']);
    expect(builderPipeline({language: 'en', removeDefaultStopWordFilter: true})).toEqual(['trimmer', 'stemmer']);
    expect(builderPipeline({removeDefaultStopWordFilter: ['en'], removeDefaultStemmer: true})).toEqual(['trimmer']);
    expect(() => builderPipeline({language: ['en', 'de']})).toThrow(/English|"en"/);
  });
});
