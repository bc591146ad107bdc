/**
 * Offline reading: the lists of what each collection keeps (src/lib/offline/lists.ts, write.ts), the
 * service worker's rules (src/lib/offline/serviceWorkerLogic.mjs), when the service worker is
 * registered (src/lib/offline/optIn.ts), and the rewriters' barrier of src/lib/builtFiles.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {
  BUILD_PLACEHOLDER,
  buildIdOf,
  checkChunkData,
  lazyChunkFiles,
  pageAssetUrls,
  pagesOfCollection,
  revisionOf,
  routeChunkFiles,
  routeKeyPath,
  searchFiles,
  stylesheetUrls,
  type ClientManifest,
  type OfflineList,
} from '../../src/lib/offline/lists';
import {refreshOfflineFiles, writeOfflineFiles} from '../../src/lib/offline/write';
import {noticeHtml} from '../../src/lib/offline/notice';
import {
  NOTICE_SLOTS,
  cacheKeys,
  cacheName,
  fillNotice,
  keptHeaders,
  parseCacheName,
  revisionFromDigest,
} from '../../src/lib/offline/serviceWorkerLogic.mjs';
import {OPT_IN_KEY, shouldRegister} from '../../src/lib/offline/optIn';
import {afterBuiltFileRewrites, rewriteBuiltFile, rewritingPostBuild} from '../../src/lib/builtFiles';

/** A client manifest and route chunk names as Docusaurus writes them, for three routes. */
const manifest: ClientManifest = {
  entrypoints: ['main'],
  origins: {
    comp1: ['1', '10'],
    comp2: ['2', '10'],
    content1: ['3'],
    layout: ['4'],
    '871': ['5'],
  },
  assets: {
    '1': {js: [{file: 'assets/js/comp1.js'}]},
    '2': {js: [{file: 'assets/js/comp2.js'}]},
    '3': {js: [{file: 'assets/js/content1.js'}]},
    '4': {js: [{file: 'assets/js/layout.js'}], css: [{file: 'assets/css/layout.css'}]},
    '5': {js: [{file: 'assets/js/lazy-search.js'}]},
    '10': {js: [{file: 'assets/js/shared.js'}]},
  },
};
const routes = {
  '/vireo/-abc': {__comp: 'layout', __context: {plugin: 'unknown-in-main-bundle'}},
  '/vireo/time/-d12': {__comp: 'comp1', content: 'content1'},
  '/leap/-e34': {__comp: 'comp2'},
};

test('a page needs the chunks of its route and of the layout routes above it', () => {
  expect(routeChunkFiles('/vireo/time/', routes, manifest).sort()).toEqual(
    [
      'assets/css/layout.css',
      'assets/js/comp1.js',
      'assets/js/content1.js',
      'assets/js/layout.js',
      'assets/js/shared.js',
    ].sort(),
  );
  expect(routeChunkFiles('/leap/', routes, manifest).sort()).toEqual(['assets/js/comp2.js', 'assets/js/shared.js']);
  expect(() => routeChunkFiles('/missing/', routes, manifest)).toThrow(/no route for \/missing\//);
  expect(routeKeyPath('/leap/4/-c83')).toBe('/leap/4/');
});

test('chunks no route names are the ones loaded on use, kept with every collection', () => {
  expect(lazyChunkFiles(routes, manifest)).toEqual(['assets/js/lazy-search.js']);
});

test('the build fails when Docusaurus changes the files the lists are read from', () => {
  expect(() => checkChunkData(routes, manifest)).not.toThrow();
  expect(() => checkChunkData({}, manifest)).toThrow(/routesChunkNames.json changed shape/);
  expect(() => checkChunkData({'/x/-a1': {component: 'comp1'}}, manifest)).toThrow(/route \/x\/-a1/);
  expect(() => checkChunkData({'/x/-a1': {__comp: 'gone'}}, manifest)).toThrow(/no files for \/x\/-a1/);
  expect(() => checkChunkData(routes, {assets: {}} as unknown as ClientManifest)).toThrow(/client-manifest.json/);
});

test('a page loads its scripts, stylesheets, images and icons, not the pages and downloads it links', () => {
  const html = `<html><head><link rel=stylesheet href=/assets/css/styles.1.css /><link rel="icon" href="/img/favicon.svg">
    <link rel=canonical href=https://site.example/x/ /><link rel=alternate type=text/markdown href=/x/index.md>
    <link rel=preload as=image href=/img/logo.svg?v=2 /><script src=/assets/js/main.1.js defer></script></head>
    <body><a href=/y/>next</a><a href="/openapi/bundled/time.yaml">Download</a>
    <img class=mermaid-dark src=/assets/images/d-dark.svg alt=x><img srcset="/img/a.png 1x, /img/b.png 2x" src="https://cdn.example/c.png">
    <img src="//cdn.example/d.png"><meta name="lykta-search" content="{&quot;doc&quot;:&quot;/assets/search/x.json&quot;}"></body></html>`;
  expect(pageAssetUrls(html).sort()).toEqual(
    [
      '/assets/css/styles.1.css',
      '/assets/images/d-dark.svg',
      '/assets/js/main.1.js',
      '/img/a.png',
      '/img/b.png',
      '/img/favicon.svg',
      '/img/logo.svg',
    ].sort(),
  );
  expect(
    stylesheetUrls(
      'a{background:url(/img/x.png)} @font-face{src:url("/fonts/f.woff2?x")} b{mask:url(data:image/svg+xml;utf8,<svg/>)}',
    ),
  ).toEqual(['/img/x.png', '/fonts/f.woff2']);
});

test('a collection keeps its search files: titles, directory and every file the directory names', () => {
  expect(
    searchFiles(
      {doc: '/assets/search/search-doc-1.json', index: '/assets/search/vireo-index-1.json'},
      {shards: [['a', 'vireo-terms-a.json']], chunks: [['/vireo/', 'vireo-docs-b.json']]},
    ),
  ).toEqual([
    '/assets/search/search-doc-1.json',
    '/assets/search/vireo-index-1.json',
    '/assets/search/vireo-terms-a.json',
    '/assets/search/vireo-docs-b.json',
  ]);
});

test('a page belongs to the collection with the longest prefix of its path', () => {
  const collections = [
    {id: 'main', prefix: '/'},
    {id: 'vireo', prefix: '/vireo/'},
    {id: 'vireo-video', prefix: '/vireo/video/'},
    {id: 'leap-4', prefix: '/leap/4/'},
  ];
  const pages = ['/', '/blog/', '/vireo/', '/vireo/time/', '/vireo/video/', '/vireo/video/rtsp/', '/leap/4/', '/leap/'];
  expect(pagesOfCollection(collections, pages, 'main')).toEqual(['/', '/blog/', '/leap/']);
  expect(pagesOfCollection(collections, pages, 'vireo')).toEqual(['/vireo/', '/vireo/time/']);
  expect(pagesOfCollection(collections, pages, 'vireo-video')).toEqual(['/vireo/video/', '/vireo/video/rtsp/']);
});

test('lists carry each file with its revision; an edited file changes its revision, the build id and the service worker', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-lists-'));
  const write = (f: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, f)), {recursive: true});
    fs.writeFileSync(path.join(dir, f), text);
  };
  write('vireo/index.html', '<h1>VIREO</h1>');
  write('assets/js/main.js', 'main()');
  // plugin-pwa's sw.js, and the chunk its bundler made of our swCustom module.
  write('sw.js', 'importScripts("927.sw.js");');
  write('927.sw.js', `const BUILD="${BUILD_PLACEHOLDER}";`);
  const index = writeOfflineFiles(
    dir,
    '/',
    [
      {
        id: 'vireo',
        label: 'VIREO',
        prefix: '/vireo/',
        home: '/vireo/',
        pages: 1,
        urls: ['/vireo/', '/assets/js/main.js', '/vireo/'],
      },
    ],
    {outDir: dir},
  );
  const list = JSON.parse(fs.readFileSync(path.join(dir, 'offline/vireo.json'), 'utf8')) as OfflineList;
  expect(list.files).toEqual([
    {url: '/assets/js/main.js', revision: revisionOf('main()'), bytes: 6},
    {url: '/vireo/', revision: revisionOf('<h1>VIREO</h1>'), bytes: 14},
  ]);
  expect(list.build).toBe(index.build);
  expect(index.build).toBe(buildIdOf([{collection: 'vireo', files: list.files}]));
  expect(index.collections[0]).toMatchObject({id: 'vireo', list: '/offline/vireo.json', files: 2, bytes: 20});
  expect(fs.readFileSync(path.join(dir, '927.sw.js'), 'utf8')).toBe(`const BUILD="${index.build}";`);
  expect(fs.readFileSync(path.join(dir, 'sw.js'), 'utf8')).toBe(
    `importScripts("927.sw.js");\n// lykta-offline-build: ${index.build}\n`,
  );

  // A second deployment: one page edited, the lists refreshed from disk.
  write('vireo/index.html', '<h1>VIREO, edited</h1>');
  const next = refreshOfflineFiles(dir);
  expect(next.build).not.toBe(index.build);
  const nextList = JSON.parse(fs.readFileSync(path.join(dir, 'offline/vireo.json'), 'utf8')) as OfflineList;
  expect(nextList.files.find((f) => f.url === '/vireo/')?.revision).toBe(revisionOf('<h1>VIREO, edited</h1>'));
  expect(nextList.files.find((f) => f.url === '/assets/js/main.js')?.revision).toBe(revisionOf('main()'));
  expect(fs.readFileSync(path.join(dir, '927.sw.js'), 'utf8')).toBe(`const BUILD="${next.build}";`);
  // sw.js itself changed too: a browser compares it byte for byte.
  expect(fs.readFileSync(path.join(dir, 'sw.js'), 'utf8')).toBe(
    `importScripts("927.sw.js");\n// lykta-offline-build: ${next.build}\n`,
  );

  // A service worker without the placeholder (swCustom no longer ours) fails the build; so does a missing file.
  write('927.sw.js', 'const BUILD="other";');
  expect(() => refreshOfflineFiles(dir)).toThrow(/no script of the service worker contains the build placeholder/);
  expect(() =>
    writeOfflineFiles(dir, '/', [{id: 'x', label: 'X', prefix: '/', home: '/', pages: 0, urls: ['/gone.js']}], {
      outDir: dir,
    }),
  ).toThrow(/\/gone.js is in a list but not in the build/);
});

test('the service worker keeps pages under their path, /x/index.html and /x as the page /x/', () => {
  expect(cacheKeys('https://s.example/vireo/time/?q=1#a', true)).toEqual(['https://s.example/vireo/time/']);
  expect(cacheKeys('https://s.example/vireo/time/index.html', true)).toEqual([
    'https://s.example/vireo/time/index.html',
    'https://s.example/vireo/time/',
  ]);
  expect(cacheKeys('https://s.example/vireo/time', true)).toEqual([
    'https://s.example/vireo/time',
    'https://s.example/vireo/time/',
  ]);
  expect(cacheKeys('https://s.example/assets/js/main.js', false)).toEqual(['https://s.example/assets/js/main.js']);
  expect(cacheName('b1', 'vireo')).toBe('lykta-offline:b1:vireo');
  expect(parseCacheName(cacheName('b1', 'vireo'))).toEqual({build: 'b1', id: 'vireo'});
  expect(parseCacheName('workbox-precache-v2')).toBeUndefined();
});

test('the offline notice names the page asked for and links every kept collection, escaped', () => {
  const html = noticeHtml({siteTitle: 'Hub', baseUrl: '/', stylesheets: ['/assets/css/s.css'], favicon: '/img/f.svg'});
  expect(html).toContain(NOTICE_SLOTS.url);
  expect(html).toContain(NOTICE_SLOTS.kept);
  expect(html).toContain('<link rel="stylesheet" href="/assets/css/s.css">');
  const filled = fillNotice(html, '/leap/<x>/', [{label: 'VIREO & more', home: '/vireo/'}]);
  expect(filled).toContain('<code>/leap/&lt;x&gt;/</code>');
  expect(filled).toContain('<li><a href="/vireo/">VIREO &amp; more</a></li>');
  expect(filled).not.toContain('<!--lykta-offline');
  expect(fillNotice(html, '/', [])).toContain('None yet');
});

test('saved files keep the server headers less the transfer ones, with their revision', () => {
  const h = keptHeaders(
    new Headers({'content-type': 'text/html', 'content-encoding': 'gzip', 'content-length': '10', etag: '"1"'}),
    'abc',
  );
  const entries: [string, string][] = [];
  h.forEach((v, k) => entries.push([k, v]));
  expect(entries.sort()).toEqual([
    ['content-type', 'text/html'],
    ['etag', '"1"'],
    ['x-lykta-offline-revision', 'abc'],
  ]);
  expect(revisionFromDigest(new Uint8Array([0, 1, 255, 16, 2, 3, 4, 5, 6, 7]).buffer)).toBe('0001ff1002030405');
});

test('the service worker is registered only for a reader who opted in, an installed app, or a controlled page', () => {
  const storage = (v: string | null) => ({getItem: (k: string) => (k === OPT_IN_KEY ? v : null)});
  expect(shouldRegister({controlled: false, standalone: false, storage: storage(null)})).toBe(false);
  expect(shouldRegister({controlled: false, standalone: false, storage: storage('1')})).toBe(true);
  expect(shouldRegister({controlled: false, standalone: true, storage: storage(null)})).toBe(true);
  expect(shouldRegister({controlled: true, standalone: false, storage: storage(null)})).toBe(true);
  const blocked = {
    getItem: () => {
      throw new Error('SecurityError');
    },
  };
  expect(shouldRegister({controlled: false, standalone: false, storage: blocked})).toBe(false);
});

test('a hook that reads built pages waits for every rewriting postBuild and its rewrites', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-barrier-'));
  const file = path.join(dir, 'index.html');
  fs.writeFileSync(file, 'page');
  const order: string[] = [];
  // As Docusaurus does: every postBuild starts in the same tick, the reader (awaiting the barrier
  // first) before the rewriter.
  const reader = (async () => {
    await afterBuiltFileRewrites();
    order.push(`reader saw ${fs.readFileSync(file, 'utf8')}`);
  })();
  const rewriter = rewritingPostBuild(async () => {
    await new Promise((r) => setTimeout(r, 50));
    await rewriteBuiltFile(file, (t) => `${t}+search`);
    order.push('rewriter');
  });
  await Promise.all([rewriter, reader]);
  expect(order).toEqual(['rewriter', 'reader saw page+search']);
});
