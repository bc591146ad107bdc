/**
 * The search bar's suggestion HTML with its collection's label in front of the first result of
 * each group (the search plugin's template draws the result itself).
 */
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export const GROUP_LABEL_CLASS = 'lykta-search-group';

export function groupedSuggestion(html: string, suggestion: {groupStart?: boolean; collectionLabel?: string}): string {
  if (!suggestion.groupStart || !suggestion.collectionLabel) return html;
  return `<span class="${GROUP_LABEL_CLASS}">${escapeHtml(suggestion.collectionLabel)}</span>${html}`;
}
