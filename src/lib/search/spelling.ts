/**
 * Spelling correction for search queries. The indexes hold stemmed terms, so lunr's own fuzzy
 * matching compares a misspelt word with stems ("quantizaton" with "quantiz") and misses. A word
 * that matches no indexed term, not even as the start of one, is replaced by the closest word of the
 * collections' own text (Damerau–Levenshtein distance 1, or 2 for words of 8 letters or more), the
 * most frequent one on a tie.
 */

/** The optimal-string-alignment distance between a and b, or max + 1 once it must exceed max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length];
}

/** How far a word of this length may be from its correction. */
export const allowedDistance = (word: string) => (word.length >= 8 ? 2 : word.length >= 5 ? 1 : 0);

/** Counts the words of some texts (lower case; letters, digits and _). */
export function countWords(texts: Iterable<string>, into = new Map<string, number>()): Map<string, number> {
  for (const text of texts)
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []) into.set(word, (into.get(word) ?? 0) + 1);
  return into;
}

/** The closest word of the vocabularies to `word` within its allowed distance; undefined if `word` is one. */
export function correctWord(word: string, vocabularies: Map<string, number>[]): string | undefined {
  const max = allowedDistance(word);
  if (max === 0 || vocabularies.some((v) => v.has(word))) return undefined;
  let best: {word: string; distance: number; count: number} | undefined;
  for (const vocabulary of vocabularies)
    for (const [candidate, count] of vocabulary) {
      if (candidate.length < 3) continue;
      const distance = editDistance(word, candidate, max);
      if (distance > max || distance === 0) continue;
      if (!best || distance < best.distance || (distance === best.distance && count > best.count))
        best = {word: candidate, distance, count};
    }
  return best?.word;
}
