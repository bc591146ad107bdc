/**
 * Offline reading (issue 15, item 4): @docusaurus/plugin-pwa, wrapped.
 *
 * - The plugin builds the service worker (`/sw.js`, with ./sw.js as its `swCustom`) and adds the web
 *   app manifest's head tags. Its own registration is switched off (`swRegister: false`): it would
 *   download the service worker and Workbox on every first visit. ./client.ts registers it only for a
 *   reader who kept a collection, an installed app, or a page a service worker already controls.
 * - Its precache is left empty (every file is ignored): it is all or nothing. After the build, this
 *   plugin writes one list per collection instead (src/lib/offline/lists.ts, write.ts), which the
 *   service worker caches when the reader keeps that collection, and stamps the build's id into
 *   `sw.js`, so a deployment that changes a kept file is a new service worker.
 *
 * In `npm start` the plugin-pwa returns no plugin (it runs in production builds only), and neither
 * does this: no service worker, no registration code.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin, PluginModule} from '@docusaurus/types';
import type {PluginOptions as PwaOptions} from '@docusaurus/plugin-pwa';
import * as pwaModule from '@docusaurus/plugin-pwa';
import {afterBuiltFileRewrites} from '../../lib/builtFiles';
import {collectionPrefix, type SearchCollectionDefinition} from '../../lib/search/collections';
import {SEARCH_MANIFEST_META, parseSearchManifest} from '../../lib/search/manifest';
import {
  NOTICE_FILE,
  checkChunkData,
  lazyChunkFiles,
  pageAssetUrls,
  pagesOfCollection,
  routeChunkFiles,
  searchFiles,
  stylesheetUrls,
  type ClientManifest,
  type RoutesChunkNames,
} from '../../lib/offline/lists';
import {builtFileOf, writeOfflineFiles, type CollectionUrls} from '../../lib/offline/write';
import {noticeHtml} from '../../lib/offline/notice';

const pwa = pwaModule as unknown as {
  default: (context: LoadContext, options: PwaOptions) => Plugin | null;
  validateOptions: NonNullable<PluginModule['validateOptions']>;
};

export type OfflineReadingOptions = {
  /** The site's collections (the search collections): what a reader keeps offline, one at a time. */
  collections: SearchCollectionDefinition[];
  /** Head tags for installing the site: the web app manifest, theme colour, icons. */
  pwaHead: PwaOptions['pwaHead'];
  /** The page where readers choose what to keep (src/pages/offline.tsx); kept with every collection. */
  managePage: string;
};

/** The options plugin-pwa gets: its precache and its registration switched off, our service worker code. */
function pwaOptions(o: OfflineReadingOptions): PwaOptions {
  return {
    debug: false,
    // Unused: with swRegister off, nothing reads the strategies (./client.ts decides when to register).
    offlineModeActivationStrategies: ['standalone'],
    // The precache (all or nothing) stays empty; src/lib/offline/lists.ts makes one list per collection.
    injectManifestConfig: {globIgnores: ['**/*']} as Partial<
      PwaOptions['injectManifestConfig']
    > as PwaOptions['injectManifestConfig'],
    pwaHead: o.pwaHead,
    swCustom: require.resolve('./sw.js'),
    swRegister: false,
  };
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;
const unescapeAttribute = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

export default function offlineReading(context: LoadContext, rawOptions: unknown): Plugin | null {
  const options = rawOptions as OfflineReadingOptions;
  const inner = pwa.default(context, pwaOptions(options));
  if (!inner) return null;
  return {
    ...inner,
    name: 'offline-reading',
    getClientModules() {
      return [require.resolve('./client')];
    },
    async postBuild(props) {
      // The lists hash the pages: wait until search-local and markdown-pages have rewritten them.
      await afterBuiltFileRewrites();
      const started = Date.now();
      const {outDir, baseUrl, generatedFilesDir} = props;
      const routes = readJson<RoutesChunkNames>(path.join(generatedFilesDir, 'routesChunkNames.json'));
      const manifest = readJson<ClientManifest>(path.join(generatedFilesDir, 'client-manifest.json'));
      checkChunkData(routes, manifest);

      const pages = props.routesPaths.filter(
        (r) => r.endsWith('/') && fs.existsSync(path.join(outDir, r, 'index.html')),
      );
      const exists = (url: string) => {
        const file = builtFileOf(outDir, baseUrl, url);
        return !url.endsWith('/') && fs.existsSync(file) && fs.statSync(file).isFile();
      };
      const cssUrls = new Map<string, string[]>();
      const withStylesheetUrls = (urls: string[]) =>
        urls.flatMap((u) => {
          if (!u.endsWith('.css')) return [u];
          if (!cssUrls.has(u)) cssUrls.set(u, stylesheetUrls(fs.readFileSync(builtFileOf(outDir, baseUrl, u), 'utf8')));
          return [u, ...cssUrls.get(u)!];
        });
      /** A page, the files its HTML loads and its route's chunks. */
      const pageUrls = (page: string): string[] => {
        const html = fs.readFileSync(builtFileOf(outDir, baseUrl, page), 'utf8');
        const assets = withStylesheetUrls(pageAssetUrls(html).filter(exists));
        return [page, ...assets, ...routeChunkFiles(page, routes, manifest).map((f) => baseUrl + f)];
      };

      // The offline notice, styled by the site's stylesheets; it and the manage page go with every collection.
      const homeHtml = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const stylesheets = pageAssetUrls(homeHtml).filter((u) => u.endsWith('.css'));
      const favicon = `${baseUrl}${String(props.siteConfig.favicon ?? '')}`;
      fs.mkdirSync(path.dirname(path.join(outDir, NOTICE_FILE)), {recursive: true});
      fs.writeFileSync(
        path.join(outDir, NOTICE_FILE),
        noticeHtml({siteTitle: props.siteConfig.title, baseUrl, stylesheets, favicon}),
      );
      if (!pages.includes(options.managePage)) throw new Error(`offline reading: no page ${options.managePage}`);
      const shared = [
        `${baseUrl}${NOTICE_FILE}`,
        ...withStylesheetUrls(stylesheets),
        ...(exists(favicon) ? [favicon] : []),
        ...pageUrls(options.managePage),
        ...lazyChunkFiles(routes, manifest).map((f) => baseUrl + f),
      ];

      const meta = new RegExp(`<meta name="${SEARCH_MANIFEST_META}" content="([^"]*)">`).exec(homeHtml);
      const search = parseSearchManifest(meta ? unescapeAttribute(meta[1]) : undefined);
      if (!search) throw new Error('offline reading: the home page has no search manifest (search-local)');

      const defs = options.collections.map((d) => ({...d, prefix: collectionPrefix(d)}));
      const collections: CollectionUrls[] = defs.map((d) => {
        const own = pagesOfCollection(defs, pages, d.id);
        if (own.length === 0) throw new Error(`offline reading: collection "${d.id}" has no pages`);
        const files = search.collections.find((c) => c.id === d.id)?.files;
        if (!files) throw new Error(`offline reading: collection "${d.id}" has no search files`);
        const directory = readJson<{shards: [string, string][]; chunks: [string, string][]}>(
          builtFileOf(outDir, baseUrl, files.index),
        );
        return {
          id: d.id,
          label: d.label,
          prefix: d.prefix,
          ...(d.older ? {older: true} : {}),
          home: own.includes(d.prefix) ? d.prefix : own[0],
          pages: own.length,
          urls: [...own.flatMap(pageUrls), ...searchFiles(files, directory), ...shared],
        };
      });

      // plugin-pwa compiles sw.js; then the lists are written and sw.js stamped with the build's id.
      await inner.postBuild?.(props);
      const index = writeOfflineFiles(outDir, baseUrl, collections, {outDir});
      console.log(
        `[offline-reading] ${index.collections.map((c) => `${c.id} ${c.files} files ${(c.bytes / 1048576).toFixed(1)} MB`).join(', ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    },
  };
}

/** Checks the site's options, and plugin-pwa's with them (its validation fills in its defaults). */
offlineReading.validateOptions = (({options, validate}) => {
  const o = options as OfflineReadingOptions;
  if (!Array.isArray(o.collections) || o.collections.length === 0)
    throw new Error('offline-reading: the `collections` option lists no collection');
  if (typeof o.managePage !== 'string' || !o.managePage.endsWith('/'))
    throw new Error('offline-reading: `managePage` must be a page path ending in /');
  pwa.validateOptions({options: pwaOptions(o) as never, validate});
  return o;
}) as NonNullable<PluginModule['validateOptions']>;
