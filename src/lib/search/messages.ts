/** What the search box and the search page say when search files cannot be loaded. */
export function searchFailureMessage(failed: {label: string}[], ownFailed: boolean): string {
  if (failed.length === 0) return '';
  if (ownFailed && failed.length === 1) return 'Search is unavailable: its index could not be loaded.';
  const names = failed.map((c) => c.label);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return ownFailed
    ? `Search is unavailable: the indexes of ${list} could not be loaded.`
    : `Search of ${list} is unavailable: ${names.length === 1 ? 'its index' : 'their indexes'} could not be loaded. Results from the rest of the site are shown.`;
}
