/** The `<link rel="alternate" type="text/markdown">` every page with a Markdown version carries in its head. */
import {SEARCH_MANIFEST_META} from '../search/manifest';

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export const MARKDOWN_TYPE = 'text/markdown';

/**
 * The page with the alternate link to its Markdown version added (or replaced) in its head, before the
 * search manifest's meta element when the page has one (src/plugins/search-local adds it at the end of
 * the head): the two plugins rewrite pages in either order, and the page comes out the same.
 */
export function injectMarkdownLink(html: string, href: string): string {
  const link = `<link rel="alternate" type="${MARKDOWN_TYPE}" href="${escapeAttribute(href)}">`;
  const existing = /<link rel="alternate" type="text\/markdown" href="[^"]*">/;
  if (existing.test(html)) return html.replace(existing, link);
  const head = html.indexOf('</head>');
  if (head < 0) throw new Error('markdown link: the page has no </head>');
  const meta = html.slice(0, head).indexOf(`<meta name="${SEARCH_MANIFEST_META}" `);
  const at = meta >= 0 ? meta : head;
  return html.slice(0, at) + link + html.slice(at);
}
