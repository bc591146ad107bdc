/**
 * Merging the results of several search collections into one list, grouped by collection.
 *
 * Lunr scores are not comparable between indexes (term weights depend on each collection), so
 * collections are ordered by how strongly they match, not by score. Each result carries its tier,
 * the step of the search at which it was found: the search tries the strictest form of the query
 * first (every word, no typo) against page titles, then headings, descriptions, keywords and text,
 * then looser forms. A lower tier is a stronger match, whatever the collection.
 *
 * Order of the groups: a collection with a page whose title is exactly the query comes first; then
 * by the strongest tier among the collection's first results; then the collection being read;
 * then the site's order of collections.
 */

/** The part of a search result that ranking looks at. */
export type RankedResult = {
  /** 0 for a page title (the search plugin's SearchDocumentType.Title). */
  type: number;
  tier: number;
  document: {t: string; u: string};
};

export type CollectionResults<R extends RankedResult> = {
  /** Collection id and label. */
  id: string;
  label: string;
  /** The results in the order the search found them, best first. */
  results: R[];
};

export type GroupedResult<R> = R & {
  collection: string;
  collectionLabel: string;
  /** The first result of its collection's group (where the group's label goes). */
  groupStart?: true;
};

/** Lower case, words separated by single spaces, surrounding punctuation dropped. */
export function normalizeTitle(s: string): string {
  return s
    .toLowerCase()
    .replace(/[\s\-_/]+/g, ' ')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .trim();
}

/** True when a result is a page title equal to the query (case and separators aside). */
export function isExactTitleMatch(result: RankedResult, query: string): boolean {
  const q = normalizeTitle(query);
  return result.type === 0 && q.length > 0 && normalizeTitle(result.document.t) === q;
}

/**
 * Orders the collections' results into one list of groups. `order` holds the collection ids in
 * the site's order (the tie-break), `currentId` the collection being read. Each group keeps its
 * own order; an exact title match moves to the top of its group.
 */
export function mergeCollections<R extends RankedResult>(
  collections: CollectionResults<R>[],
  query: string,
  currentId: string | undefined,
  order: string[],
  /** How many of a group's first results decide its strength. */
  head = 3,
): GroupedResult<R>[] {
  const keyed = collections
    .filter((c) => c.results.length > 0)
    .map((c) => {
      const exact = c.results.filter((r) => isExactTitleMatch(r, query));
      const results = [...exact, ...c.results.filter((r) => !exact.includes(r))];
      return {
        c,
        results,
        exact: exact.length > 0,
        tier: Math.min(...results.slice(0, head).map((r) => r.tier)),
        current: c.id === currentId,
        position: order.indexOf(c.id) < 0 ? order.length : order.indexOf(c.id),
      };
    });
  keyed.sort(
    (a, b) =>
      Number(b.exact) - Number(a.exact) ||
      a.tier - b.tier ||
      Number(b.current) - Number(a.current) ||
      a.position - b.position,
  );
  return keyed.flatMap(({c, results}) =>
    results.map((r, i) => ({
      ...r,
      collection: c.id,
      collectionLabel: c.label,
      ...(i === 0 ? {groupStart: true as const} : {}),
    })),
  );
}
