import {test, expect} from '@playwright/test';
import {
  collectionOfPath,
  collectionPrefix,
  collectionsToSearch,
  pluginIndexFile,
  searchContextByPaths,
  searchPageScope,
  type SearchCollectionDefinition,
  type SearchFilePair,
} from '../../src/lib/search/collections';
import {injectSearchManifest, parseSearchManifest} from '../../src/lib/search/manifest';
import {isExactTitleMatch, mergeCollections, normalizeTitle, type RankedResult} from '../../src/lib/search/rank';
import {correctWord, countWords, editDistance} from '../../src/lib/search/spelling';
import {groupedSuggestion} from '../../src/lib/search/suggestion';
import {searchFailureMessage} from '../../src/lib/search/messages';
import {literalQuery} from '../../src/lib/search/engine';
import {searchActivity} from '../../src/lib/search/activity';

const defs: SearchCollectionDefinition[] = [
  {id: 'main', label: 'Main docs', versionPath: '', context: ''},
  {id: 'vireo', label: 'VIREO', versionPath: '', context: 'vireo'},
  {id: 'vireo-nv', label: 'VIREO network video', versionPath: '', context: 'vireo/network-video'},
  {id: 'leap-12', label: 'LEAP 12', versionPath: '', context: 'leap'},
  {id: 'leap-4', label: 'LEAP 4', versionPath: 'leap/4', context: '', older: true},
];
const collections = defs.map((d) => ({id: d.id, prefix: collectionPrefix(d), older: d.older}));
const byId = (id: string) => collections.find((c) => c.id === id)!;

test('collections: prefixes, the plugin contexts (most specific first) and the files it writes', () => {
  expect(collections.map((c) => c.prefix)).toEqual(['/', '/vireo/', '/vireo/network-video/', '/leap/', '/leap/4/']);
  expect(searchContextByPaths(defs).map((c) => c.path)).toEqual(['vireo/network-video', 'vireo', 'leap']);
  expect(defs.map(pluginIndexFile)).toEqual([
    'search-index.json',
    'search-index-vireo.json',
    'search-index-vireo-network-video.json',
    'search-index-leap.json',
    'leap/4/search-index.json',
  ]);
});

test('a page belongs to the collection with the longest matching prefix', () => {
  expect(collectionOfPath(collections, '/')?.id).toBe('main');
  expect(collectionOfPath(collections, '/blog/2024/06/05/x/')?.id).toBe('main');
  expect(collectionOfPath(collections, '/vireo/network-video/ptz/')?.id).toBe('vireo-nv');
  expect(collectionOfPath(collections, '/vireo/radar/')?.id).toBe('vireo');
  expect(collectionOfPath(collections, '/vireo')?.id).toBe('vireo');
  expect(collectionOfPath(collections, '/leap/4/develop/')?.id).toBe('leap-4');
  expect(collectionOfPath(collections, '/leap/40/')?.id).toBe('leap-12');
  expect(collectionOfPath(collections, '/vireox/')?.id).toBe('main');
});

test('a page searches its own collection first, then the current versions; an older LEAP never meets another', () => {
  const ids = (id: string) => collectionsToSearch(collections, byId(id)).map((c) => c.id);
  expect(ids('main')).toEqual(['main', 'vireo', 'vireo-nv', 'leap-12']);
  expect(ids('vireo-nv')).toEqual(['vireo-nv', 'main', 'vireo', 'leap-12']);
  expect(ids('leap-12')).toEqual(['leap-12', 'main', 'vireo', 'vireo-nv']);
  expect(ids('leap-4')).toEqual(['leap-4', 'main', 'vireo', 'vireo-nv']);
  expect(collectionsToSearch(collections, undefined).map((c) => c.id)).toEqual([
    'main',
    'vireo',
    'vireo-nv',
    'leap-12',
  ]);
});

test('the search page: a known ctx is that collection, anything else is All (and All is what is shown)', () => {
  expect(searchPageScope(collections, 'leap-4')).toEqual({value: 'leap-4', scope: [byId('leap-4')]});
  for (const ctx of [null, undefined, '', 'all', 'nonsense', '<b>', 'constructor', '__proto__']) {
    const {value, scope} = searchPageScope(collections, ctx);
    expect(value).toBe('all');
    expect(scope.map((c) => c.id)).toEqual(['main', 'vireo', 'vireo-nv', 'leap-12']);
  }
});

test('the manifest goes into the head once, escaped, and reads back; bad content reads as none', () => {
  const manifest = {
    collections: [
      {
        id: 'main',
        label: 'Main "docs" <&>',
        prefix: '/',
        files: {doc: '/a.json', index: '/b.json'} as SearchFilePair,
      },
    ],
  };
  const html = '<html><head><title>x</title></head><body></body></html>';
  const once = injectSearchManifest(html, manifest);
  expect(injectSearchManifest(once, manifest)).toBe(once);
  expect(once).not.toContain('<&>');
  const content = /content="([^"]*)"/.exec(once)![1];
  const decoded = content
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  expect(parseSearchManifest(decoded)).toEqual(manifest);
  expect(() => injectSearchManifest('<p>no head</p>', manifest)).toThrow(/no <\/head>/);
  for (const bad of [
    undefined,
    null,
    '',
    '{',
    '[]',
    '{"collections":{}}',
    '{"collections":[{"id":1}]}',
    '{"collections":[{"id":"a","label":"A","prefix":"/","files":[]}]}',
    '{"collections":[{"id":"a","label":"A","prefix":"/","files":{"doc":"/a.json"}}]}',
  ])
    expect(parseSearchManifest(bad)).toBeUndefined();
});

const r = (type: number, tier: number, t: string, u = `/${t.replace(/\W+/g, '-')}/`): RankedResult => ({
  type,
  tier,
  document: {t, u},
});

test('titles compare without case and separators', () => {
  expect(normalizeTitle('  Time-API ')).toBe('time api');
  expect(isExactTitleMatch(r(0, 0, 'Time API'), 'time api')).toBe(true);
  expect(isExactTitleMatch(r(1, 1, 'Time API'), 'time api')).toBe(false);
  expect(isExactTitleMatch(r(0, 0, 'Time API v2'), 'time api')).toBe(false);
  expect(isExactTitleMatch(r(0, 0, 'Time API'), '  ')).toBe(false);
});

test('groups: stronger match first, then the collection being read, then the site order; labels on group starts', () => {
  const merged = mergeCollections(
    [
      {id: 'main', label: 'Main docs', results: [r(4, 4, 'a'), r(4, 9, 'b')]},
      {id: 'vireo', label: 'VIREO', results: [r(1, 1, 'c')]},
      {id: 'leap-12', label: 'LEAP 12', results: [r(4, 4, 'd')]},
      {id: 'vireo-nv', label: 'VIREO network video', results: []},
    ],
    'q',
    'leap-12',
    ['main', 'vireo', 'vireo-nv', 'leap-12'],
  );
  expect(merged.map((m) => [m.collection, m.document.t, m.groupStart ?? false])).toEqual([
    ['vireo', 'c', true],
    ['leap-12', 'd', true],
    ['main', 'a', true],
    ['main', 'b', false],
  ]);
  expect(merged[0].collectionLabel).toBe('VIREO');
});

test('an exact title match puts its collection first and leads its group, whatever the tiers', () => {
  const merged = mergeCollections(
    [
      {id: 'main', label: 'Main docs', results: [r(0, 0, 'Guard tours explained'), r(1, 1, 'x')]},
      {id: 'vireo', label: 'VIREO', results: [r(4, 4, 'y'), r(0, 10, 'Guard Tour API')]},
    ],
    'guard tour api',
    'main',
    ['main', 'vireo'],
  );
  expect(merged.map((m) => m.document.t)).toEqual(['Guard Tour API', 'y', 'Guard tours explained', 'x']);
});

test('spelling: edit distance with transpositions, capped', () => {
  expect(editDistance('rekognitoin', 'rekognition', 2)).toBe(1);
  expect(editDistance('quantizaton', 'quantization', 2)).toBe(1);
  expect(editDistance('abc', 'abc', 1)).toBe(0);
  expect(editDistance('kitten', 'sitting', 3)).toBe(3);
  expect(editDistance('kitten', 'sitting', 1)).toBe(2);
  expect(editDistance('a', 'abcdef', 2)).toBe(3);
});

test('spelling: the closest, then the most frequent word; short words and far words are left alone', () => {
  const vocab = countWords(['Quantization and quantisation. Quantization again.', 'Rekognition', 'tour four hour']);
  expect(correctWord('quantizaton', [vocab])).toBe('quantization');
  expect(correctWord('rekognitoin', [vocab])).toBe('rekognition');
  expect(correctWord('tuor', [vocab])).toBeUndefined();
  expect(correctWord('zzzzzzzzzz', [vocab])).toBeUndefined();
  expect(correctWord('quantization', [vocab])).toBeUndefined();
});

test('the suggestion carries its group label and its page, escaped', () => {
  const html = groupedSuggestion('<span>hit</span>', {
    groupStart: true,
    collectionLabel: 'A <b>"x"</b>',
    document: {u: '/a/"><img src=x>/'},
  });
  expect(html).toBe(
    '<span class="lykta-search-group">A &lt;b&gt;&quot;x&quot;&lt;/b&gt;</span><span hidden data-url="/a/&quot;&gt;&lt;img src=x&gt;/"></span><span>hit</span>',
  );
  expect(groupedSuggestion('<i>x</i>', {document: {u: '/b/'}})).toBe('<span hidden data-url="/b/"></span><i>x</i>');
});

test('failure messages name what failed', () => {
  expect(searchFailureMessage([], false)).toBe('');
  expect(searchFailureMessage([{label: 'Main docs'}], true)).toBe(
    'Search is unavailable: its index could not be loaded.',
  );
  expect(searchFailureMessage([{label: 'VIREO'}], false)).toMatch(/^Search of VIREO is unavailable: its index/);
  expect(searchFailureMessage([{label: 'VIREO'}, {label: 'LEAP 12'}, {label: 'Main'}], false)).toMatch(
    /^Search of VIREO, LEAP 12 and Main is unavailable: their indexes/,
  );
});

test('code-like queries are looked up as written (lower case, surrounding punctuation dropped); words and phrases are not', () => {
  for (const q of ['If-Match', 'package.conf', 'X-Lykta-Capture-Time', 'time.unknown_time_zone'])
    expect(literalQuery(q)).toBe(q.toLowerCase());
  expect(literalQuery('/time/zone')).toBe('time/zone');
  expect(literalQuery('"If-Match:"')).toBe('if-match');
  for (const q of ['time zone', 'nextCursor', 'a-b', '---', 'lyk app-logs now', ''])
    expect(literalQuery(q)).toBeUndefined();
});

test('the box answers the newest query: an older search that ends later changes nothing', () => {
  const a = searchActivity();
  expect([a.busy(), a.answered()]).toEqual([false, undefined]);
  const older = a.begin('configuratio');
  const newer = a.begin('configuration');
  expect(a.busy()).toBe(true);
  a.end(newer, true);
  expect([a.busy(), a.answered()]).toEqual([false, 'configuration']);
  a.end(older, true); // its files came in last
  expect([a.busy(), a.answered()]).toEqual([false, 'configuration']);

  // In order, too; and while the newest runs, an older one ending neither answers nor frees the box.
  const first = a.begin('time');
  const second = a.begin('time zone');
  a.end(first, true);
  expect([a.busy(), a.answered()]).toEqual([true, 'configuration']);
  a.end(second, true);
  expect([a.busy(), a.answered()]).toEqual([false, 'time zone']);

  // A failed newest search frees the box and answers nothing; it ends once.
  const failed = a.begin('ntp');
  a.end(failed, false);
  a.end(failed, true);
  expect([a.busy(), a.answered()]).toEqual([false, 'time zone']);
});
