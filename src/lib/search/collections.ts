/**
 * The search collections: one set of search files per collection (./shards.ts), built
 * by src/plugins/search-local from the search plugin's per-context output. The one list that
 * decides which pages go into which file, how each collection is labelled in results and in the
 * search page's filter, and which collections a page searches.
 */

/** A collection as the site defines it. */
export type SearchCollectionDefinition = {
  /** Stable id, used in file names (`<id>-index-<token>.json`) and in the search page's `ctx` parameter. */
  id: string;
  /** Shown above its results and in the search page's filter. */
  label: string;
  /**
   * The docs version the collection belongs to, as its URL path below the base URL (`leap/4`), or ''
   * for the current versions. The search plugin writes each version's files in that folder.
   */
  versionPath: string;
  /** The search plugin's context (a path below the version's URL), or '' for the version's remaining pages. */
  context: string;
  /** An older version of a versioned collection: searched only from its own pages or when chosen. */
  older?: boolean;
};

/**
 * The two files a collection opens with (site-relative URLs): its search documents file (the page
 * titles, with the result options) and its index file (the directory of its term and documents
 * files, see ./shards.ts).
 */
export type SearchFilePair = {doc: string; index: string};

/** A collection with its built files, as the pages receive it (see `SearchManifest`). */
export type SearchCollection = {
  id: string;
  label: string;
  /** URL path prefix of the collection's pages ('/' for the main collection). */
  prefix: string;
  older?: boolean;
  files: SearchFilePair;
};

/** What every page carries (in a meta element) so that search finds its files without a request. */
export type SearchManifest = {collections: SearchCollection[]};

/** The URL path prefix of a collection's pages, below the base URL ('/' for the whole site). */
export function collectionPrefix(c: Pick<SearchCollectionDefinition, 'versionPath' | 'context'>): string {
  const parts = [c.versionPath, c.context].filter(Boolean).join('/');
  return parts ? `/${parts}/` : '/';
}

/**
 * The search plugin's `searchContextByPaths`, derived from the collections: the contexts of the
 * current versions, most specific first (the plugin takes the first that matches a page).
 */
export function searchContextByPaths(defs: SearchCollectionDefinition[]): {label: string; path: string}[] {
  return defs
    .filter((d) => d.context && !d.versionPath)
    .sort((a, b) => b.context.split('/').length - a.context.split('/').length)
    .map((d) => ({label: d.label, path: d.context}));
}

/** The file (relative to the build folder) the search plugin writes for a collection. */
export function pluginIndexFile(d: SearchCollectionDefinition): string {
  const name = `search-index${d.context ? `-${d.context.replace(/\//g, '-')}` : ''}.json`;
  return d.versionPath ? `${d.versionPath}/${name}` : name;
}

/** The collection a page belongs to: the one with the longest prefix of its path. */
export function collectionOfPath<C extends {prefix: string}>(collections: C[], pathname: string): C | undefined {
  const path = pathname.endsWith('/') ? pathname : `${pathname}/`;
  let best: C | undefined;
  for (const c of collections) {
    if (path.startsWith(c.prefix) && (!best || c.prefix.length > best.prefix.length)) best = c;
  }
  return best;
}

/**
 * The collections a page searches, in the order they load: its own first, then the other
 * collections of the current versions. Older versions are searched only from their own pages, and
 * from an older version's page the current version of that collection is left out, so that one
 * version never crowds out another.
 */
export function collectionsToSearch<C extends {id: string; prefix: string; older?: boolean}>(
  collections: C[],
  current: C | undefined,
): C[] {
  const own = current ? [current] : [];
  const others = collections.filter((c) => {
    if (c === current || c.older) return false;
    // From /leap/4/, the current LEAP (/leap/) is another version of the same collection.
    if (current?.older && current.prefix.startsWith(c.prefix) && c.prefix !== '/') return false;
    return true;
  });
  return [...own, ...others];
}

/** The search page's filter value for the whole site. */
export const ALL_COLLECTIONS = 'all';

/**
 * What the search page searches for its `ctx` parameter: one collection by id, or (for 'all',
 * missing or unknown values) every collection of the current versions. The filter then shows
 * `value`, which is always one of its options.
 */
export function searchPageScope<C extends {id: string; older?: boolean}>(
  collections: C[],
  ctx: string | null | undefined,
): {value: string; scope: C[]} {
  const chosen = collections.find((c) => c.id === ctx);
  if (chosen) return {value: chosen.id, scope: [chosen]};
  return {value: ALL_COLLECTIONS, scope: collections.filter((c) => !c.older)};
}
