/**
 * What the search box says about its searches: whether it is still gathering results (aria-busy)
 * and the query it has answered in full (data-search-answered). Searches can finish out of order:
 * one started for `configuratio` may need files that one started a keystroke later for
 * `configuration` does not. The list shows only the newest query's results (the autocomplete drops
 * older answers), so only the newest search's end may change what the box says.
 */
export interface SearchActivity {
  /** A search of `query` starts; returns its ticket for `end`. */
  begin(query: string): number;
  /** The search with `ticket` has ended: answered in full when `ok`, failed otherwise. */
  end(ticket: number, ok: boolean): void;
  /** True while the newest search started has not ended. */
  busy(): boolean;
  /** The newest query answered in full that no newer search has superseded yet. */
  answered(): string | undefined;
}

export function searchActivity(): SearchActivity {
  let newest = 0;
  let newestQuery = '';
  let newestEnded = true;
  let answered: string | undefined;
  return {
    begin(query) {
      newest += 1;
      newestQuery = query;
      newestEnded = false;
      return newest;
    },
    end(ticket, ok) {
      if (ticket !== newest || newestEnded) return;
      newestEnded = true;
      if (ok) answered = newestQuery;
    },
    busy: () => !newestEnded,
    answered: () => answered,
  };
}
