/**
 * What each collection needs offline: the lists the offline-reading plugin writes after the build
 * (src/plugins/offline-reading) and the service worker caches when a reader keeps a collection.
 *
 * A collection's list is its pages (the search collections of docusaurus.config.ts: a page belongs to
 * the collection with the longest prefix of its path), the files those pages reference (stylesheets,
 * scripts, images, icons), the JavaScript chunks of their routes (read from the bundler's client
 * manifest, since Docusaurus loads route chunks at hydration without naming them in the HTML), the
 * chunks that no route names (features loaded on use: search, the highlighter, Copy page), the
 * collection's search files, and the offline notice. Each file carries a revision, a hash of its
 * content, so a new deployment refreshes exactly the files that changed.
 */
import crypto from 'node:crypto';

/** One file to keep offline: its site-relative URL, a hash of its content and its size. */
export type OfflineFile = {url: string; revision: string; bytes: number};

/** `/offline/<collection>.json`: one collection's files, of one build. */
export type OfflineList = {build: string; collection: string; files: OfflineFile[]};

/** A collection as `/offline/index.json` describes it. */
export type OfflineCollectionSummary = {
  id: string;
  label: string;
  /** URL path prefix of its pages. */
  prefix: string;
  /** The page to open it at (its prefix when that is a page, else its first page). */
  home: string;
  older?: boolean;
  /** Site-relative URL of its list. */
  list: string;
  pages: number;
  files: number;
  bytes: number;
};

/** `/offline/index.json`: the build and its collections. */
export type OfflineIndex = {build: string; notice: string; collections: OfflineCollectionSummary[]};

/** The bundler's client manifest as Docusaurus writes it (`client-manifest.json` in its generated files). */
export type ClientManifest = {
  entrypoints: string[];
  origins: Record<string, string[]>;
  assets: Record<string, Record<string, {file: string}[]>>;
};

/** Docusaurus's `routesChunkNames.json`: for each route (`<path>-<hash>`), the chunk names of its modules. */
export type RoutesChunkNames = Record<string, unknown>;

/** Where the lists go, below the base URL. */
export const OFFLINE_DIR = 'offline';
/** The page the service worker answers with when a page that is not kept is opened offline. */
export const NOTICE_FILE = `${OFFLINE_DIR}/notice.html`;
/** The placeholder in the service worker that the build replaces with the build's id. */
export const BUILD_PLACEHOLDER = '__LYKTA_OFFLINE_BUILD__';

/** A hash of a file's content (SHA-256, first 16 hex digits); the service worker checks it on download. */
export function revisionOf(content: Buffer | string): string {
  return crypto.createHash('sha256').update(content).digest('hex').slice(0, 16);
}

/** The id of a build's offline files: a hash of every list (so of every file's revision). */
export function buildIdOf(lists: {collection: string; files: OfflineFile[]}[]): string {
  const h = crypto.createHash('sha256');
  for (const l of lists) {
    h.update(l.collection).update('\0');
    for (const f of l.files) h.update(f.url).update(' ').update(f.revision).update('\n');
  }
  return h.digest('hex').slice(0, 16);
}

/** The path of a route key of routesChunkNames.json (`/leap/intro/-a1b` → `/leap/intro/`). */
export function routeKeyPath(key: string): string {
  const m = /^(.*)-[0-9a-f]+$/.exec(key);
  if (!m) throw new Error(`offline lists: unexpected route key "${key}" in routesChunkNames.json`);
  return m[1];
}

function chunkNamesOf(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) value.forEach((v) => chunkNamesOf(v, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => chunkNamesOf(v, into));
}

/** The files (relative to the build folder) of a chunk group of the client manifest. */
export function chunkGroupFiles(manifest: ClientManifest, chunkName: string): string[] | undefined {
  const ids = manifest.origins[chunkName];
  if (!ids) return undefined;
  const files: string[] = [];
  for (const id of ids)
    for (const list of Object.values(manifest.assets[id] ?? {})) for (const f of list) files.push(f.file);
  return files;
}

/**
 * Checks that the two private files of Docusaurus still have the shape this module reads. Throws with a
 * message naming what changed: an upgrade must fail the build, not ship lists without route chunks.
 */
export function checkChunkData(routes: RoutesChunkNames, manifest: ClientManifest): void {
  const fail = (what: string) => {
    throw new Error(
      `offline lists: Docusaurus's ${what} changed shape (an upgrade?): update src/lib/offline/lists.ts (README, Upgrading)`,
    );
  };
  if (!manifest || typeof manifest.origins !== 'object' || typeof manifest.assets !== 'object')
    fail('client-manifest.json');
  const entries = Object.entries(routes ?? {});
  if (entries.length === 0) fail('routesChunkNames.json');
  for (const [key, value] of entries) {
    const comp = (value as {__comp?: unknown})?.__comp;
    if (typeof comp !== 'string' || !/-[0-9a-f]+$/.test(key)) fail(`routesChunkNames.json (route ${key})`);
    if (!chunkGroupFiles(manifest, comp as string)?.length)
      fail(`client-manifest.json (no files for ${key}'s component)`);
  }
}

/**
 * The chunk files a page needs to render and hydrate: those of its own route and of every route whose
 * path is a prefix of its path (the layout routes of its docs version and sidebar).
 */
export function routeChunkFiles(pagePath: string, routes: RoutesChunkNames, manifest: ClientManifest): string[] {
  const files = new Set<string>();
  let found = false;
  for (const [key, value] of Object.entries(routes)) {
    const p = routeKeyPath(key);
    if (p !== pagePath && !(p.endsWith('/') && pagePath.startsWith(p))) continue;
    if (p === pagePath) found = true;
    const names = new Set<string>();
    chunkNamesOf(value, names);
    // A name the manifest does not know is in the main bundle (the site config, for one).
    for (const n of names) for (const f of chunkGroupFiles(manifest, n) ?? []) files.add(f);
  }
  if (!found) throw new Error(`offline lists: no route for ${pagePath} in routesChunkNames.json`);
  return [...files];
}

/** The chunk files no route names: code the pages load on use (search, highlighter, Copy page, …). */
export function lazyChunkFiles(routes: RoutesChunkNames, manifest: ClientManifest): string[] {
  const routeNames = new Set<string>();
  chunkNamesOf(routes, routeNames);
  const files = new Set<string>();
  for (const name of Object.keys(manifest.origins)) {
    if (routeNames.has(name)) continue;
    for (const f of chunkGroupFiles(manifest, name) ?? []) files.add(f);
  }
  return [...files];
}

const ATTRIBUTE = /<([a-zA-Z][\w-]*)\b([^>]*)>/g;
const ATTR = /([\w:-]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;

/**
 * The site-relative URLs a page's HTML loads by itself: `src` and `srcset` of any element,
 * `href` of `<link>` elements that the browser fetches (stylesheets, icons, preloads, the web app
 * manifest). Links to other pages and downloads are not included.
 */
export function pageAssetUrls(html: string): string[] {
  const urls = new Set<string>();
  const add = (raw: string) => {
    const u = raw.trim().replace(/&amp;/g, '&');
    if (!u.startsWith('/') || u.startsWith('//')) return;
    urls.add(u.replace(/[?#].*$/, ''));
  };
  for (const tag of html.matchAll(ATTRIBUTE)) {
    const name = tag[1].toLowerCase();
    const attrs = new Map<string, string>();
    for (const a of tag[2].matchAll(ATTR)) attrs.set(a[1].toLowerCase(), (a[2] ?? '').replace(/^["']|["']$/g, ''));
    if (attrs.has('src')) add(attrs.get('src')!);
    if (attrs.has('srcset')) for (const part of attrs.get('srcset')!.split(',')) add(part.trim().split(/\s+/)[0] ?? '');
    if (name === 'link' && attrs.has('href')) {
      const rel = (attrs.get('rel') ?? '').toLowerCase().split(/\s+/);
      if (
        rel.some((r) => ['stylesheet', 'icon', 'preload', 'modulepreload', 'manifest', 'apple-touch-icon'].includes(r))
      )
        add(attrs.get('href')!);
    }
  }
  return [...urls];
}

/** The site-relative URLs a stylesheet loads (`url(/…)`; data: URLs are left out). */
export function stylesheetUrls(css: string): string[] {
  const urls = new Set<string>();
  for (const m of css.matchAll(/url\(\s*(["']?)(\/[^"')]+)\1\s*\)/g))
    if (!m[2].startsWith('//')) urls.add(m[2].replace(/[?#].*$/, ''));
  return [...urls];
}

/** The search files of a collection: its titles and index files and every file its index names. */
export function searchFiles(
  files: {doc: string; index: string},
  directory: {shards: [string, string][]; chunks: [string, string][]},
): string[] {
  const dir = files.index.slice(0, files.index.lastIndexOf('/') + 1);
  return [
    files.doc,
    files.index,
    ...directory.shards.map(([, n]) => dir + n),
    ...directory.chunks.map(([, n]) => dir + n),
  ];
}

/** A collection's pages: the pages whose path has its prefix as the longest collection prefix. */
export function pagesOfCollection<C extends {id: string; prefix: string}>(
  collections: C[],
  pages: string[],
  id: string,
): string[] {
  return pages.filter((p) => {
    let best: C | undefined;
    for (const c of collections)
      if (p.startsWith(c.prefix) && (!best || c.prefix.length > best.prefix.length)) best = c;
    return best?.id === id;
  });
}
