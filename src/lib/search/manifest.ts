/**
 * How pages carry the search manifest (which files hold which collection): a meta element that
 * src/plugins/search-local writes into every built page once the file names, content hashes, are
 * known. HTML is revalidated on each visit, so a page always names the files of its own build.
 */
import type {SearchCollection, SearchManifest} from './collections';

export const SEARCH_MANIFEST_META = 'lykta-search';
/** Where the search files go, below the base URL. */
export const SEARCH_FILES_DIR = 'assets/search';

const escapeAttribute = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page with the manifest's meta element added (or replaced) in its head. */
export function injectSearchManifest(html: string, manifest: SearchManifest): string {
  const meta = `<meta name="${SEARCH_MANIFEST_META}" content="${escapeAttribute(JSON.stringify(manifest))}">`;
  const existing = new RegExp(`<meta name="${SEARCH_MANIFEST_META}" content="[^"]*">`);
  if (existing.test(html)) return html.replace(existing, meta);
  const head = html.indexOf('</head>');
  if (head < 0) throw new Error('search manifest: the page has no </head>');
  return html.slice(0, head) + meta + html.slice(head);
}

const isFilePair = (f: unknown): boolean => {
  const o = f as Record<string, unknown>;
  return typeof o === 'object' && o !== null && typeof o.doc === 'string' && typeof o.index === 'string';
};

const isCollection = (c: unknown): c is SearchCollection => {
  const o = c as Record<string, unknown>;
  return (
    typeof o === 'object' &&
    o !== null &&
    ['id', 'label', 'prefix'].every((k) => typeof o[k] === 'string') &&
    (o.older === undefined || typeof o.older === 'boolean') &&
    isFilePair(o.files)
  );
};

/** Parses a manifest; undefined when it is missing or not one (a page from `npm start` has none). */
export function parseSearchManifest(content: string | null | undefined): SearchManifest | undefined {
  if (!content) return undefined;
  try {
    const value = JSON.parse(content) as {collections?: unknown};
    if (!Array.isArray(value.collections) || !value.collections.every(isCollection)) return undefined;
    return {collections: value.collections};
  } catch {
    return undefined;
  }
}
