/**
 * Meta descriptions for the pages the theme leaves without one (blog authors and tags, the Not Found
 * and search pages). Pure, unit-tested; the theme wrappers in src/theme render them.
 */

const SITE = 'the Lykta Developer Hub';

/** "a, b and c" */
export function listOf(items: readonly string[]): string {
  const xs = items.filter((s) => s.trim());
  if (xs.length <= 1) return xs[0] ?? '';
  return `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`;
}

export function authorPageDescription(
  author: {name?: string; title?: string; description?: string},
  posts: number,
): string {
  if (author.description?.trim()) return author.description.trim();
  const who = [author.name, author.title].filter(Boolean).join(', ') || 'This author';
  return `${who}: ${posts} ${posts === 1 ? 'post' : 'posts'} on the blog of ${SITE}.`;
}

export function authorsListDescription(names: readonly string[]): string {
  return names.length
    ? `The authors of the blog of ${SITE} (${listOf(names)}) and their posts.`
    : `The authors of the blog of ${SITE} and their posts.`;
}

export function tagsListDescription(labels: readonly string[]): string {
  return labels.length ? `The topics of the blog of ${SITE}: ${listOf(labels)}.` : `The topics of the blog of ${SITE}.`;
}

export const NOT_FOUND_DESCRIPTION = `There is no page at this address on ${SITE}. Search the documentation or start from the home page.`;

export function searchPageDescription(query: string): string {
  return query.trim()
    ? `Search results for "${query.trim()}" in the documentation of ${SITE}.`
    : `Search the LEAP SDK, VIREO API, analytics, video and computer vision documentation of ${SITE}.`;
}
