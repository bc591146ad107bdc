// The service worker's pure rules (src/plugins/offline-reading/sw.js imports them; the unit tests too).
// Plain JavaScript: @docusaurus/plugin-pwa compiles the service worker with Babel for .js/.mjs only.

/** Where the offline notice (src/lib/offline/notice.ts) takes the address asked for and the kept collections. */
export const NOTICE_SLOTS = {url: '<!--lykta-offline-url-->', kept: '<!--lykta-offline-kept-->'};

const PREFIX = 'lykta-offline:';

/**
 * The cache of one collection of one build.
 * @param {string} build
 * @param {string} id
 */
export function cacheName(build, id) {
  return `${PREFIX}${build}:${id}`;
}

/**
 * The build and collection of a cache name of ours, or undefined for any other cache.
 * @param {string} name
 * @returns {{build: string, id: string} | undefined}
 */
export function parseCacheName(name) {
  if (!name.startsWith(PREFIX)) return undefined;
  const [build, id] = name.slice(PREFIX.length).split(':');
  return build && id ? {build, id} : undefined;
}

/** The cache that holds which collections the reader keeps (the same for every build). */
export const STATE_CACHE = 'lykta-offline-state';

/**
 * The keys under which a request may be kept: the path without query or fragment; `/x/index.html`
 * and, for a page, `/x` are the page `/x/`.
 * @param {string} href
 * @param {boolean} navigation
 * @returns {string[]}
 */
export function cacheKeys(href, navigation) {
  const url = new URL(href);
  const p = url.pathname;
  const keys = [p];
  if (p.endsWith('/index.html')) keys.push(p.slice(0, -'index.html'.length));
  else if (navigation && !p.endsWith('/') && !/\.[a-z0-9]+$/i.test(p.slice(p.lastIndexOf('/')))) keys.push(`${p}/`);
  return keys.map((k) => new URL(k, url.origin).href);
}

/** @param {string} s */
const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The notice page for a page that is not kept: the address asked for and a link to each kept collection.
 * @param {string} html the notice page of the build, with its slots
 * @param {string} path the path asked for
 * @param {{label: string, home: string}[]} kept
 */
export function fillNotice(html, path, kept) {
  const items = kept.length
    ? kept.map((c) => `<li><a href="${escapeHtml(c.home)}">${escapeHtml(c.label)}</a></li>`).join('')
    : '<li>None yet: choose “Available offline” for a collection while you are online.</li>';
  return html.split(NOTICE_SLOTS.url).join(escapeHtml(path)).split(NOTICE_SLOTS.kept).join(items);
}

/**
 * Hex digits of a digest, as the build writes revisions (the first 16 of SHA-256).
 * @param {ArrayBuffer} digest
 */
export function revisionFromDigest(digest) {
  return [...new Uint8Array(digest)]
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 16);
}

/**
 * Response headers to keep with a saved file: the server's, less those that describe the transfer
 * (the body is kept decoded), plus the file's revision.
 * @param {Headers} headers
 * @param {string} revision
 */
export function keptHeaders(headers, revision) {
  const out = new Headers();
  headers.forEach((value, name) => {
    if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) out.set(name, value);
  });
  out.set(REVISION_HEADER, revision);
  return out;
}

export const REVISION_HEADER = 'x-lykta-offline-revision';
