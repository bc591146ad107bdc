/**
 * The search bar's suggestion HTML with its collection's label in front of the first result of
 * each group (the search plugin's template draws the result itself).
 */
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export const GROUP_LABEL_CLASS = 'lykta-search-group';

type Suggestion = {groupStart?: boolean; collectionLabel?: string; document?: {u: string; h?: string}};

/**
 * The result's HTML, with its collection's label in front when it starts a group, and the page it
 * leads to in a hidden element's `data-url` (what the relevance tests and the bench read).
 */
export function groupedSuggestion(html: string, suggestion: Suggestion): string {
  const url = suggestion.document ? `<span hidden data-url="${escapeHtml(suggestion.document.u)}"></span>` : '';
  if (!suggestion.groupStart || !suggestion.collectionLabel) return url + html;
  return `<span class="${GROUP_LABEL_CLASS}">${escapeHtml(suggestion.collectionLabel)}</span>${url}${html}`;
}
