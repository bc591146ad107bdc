/** Messages between the search client (./client.ts) and its worker (./worker.ts). */
import type {EngineResult} from './engine';
import type {GroupedResult} from './rank';

export type WorkerRequest =
  | {
      seq: number;
      type: 'open';
      id: string;
      label: string;
      doc: string;
      index: string;
      /** The two files' text, fetched by the page (see ./client.ts), index first. */
      texts: [string, string];
    }
  | {
      seq: number;
      type: 'search';
      /** Collections to search (those not opened are skipped). */
      ids: string[];
      query: string;
      /** Results per collection, unless `limits` gives a collection its own. */
      limit: number;
      limits?: Record<string, number>;
      currentId: string | undefined;
      /** Every collection id in the site's order, for ties. */
      order: string[];
    };

export type WorkerResponse = {seq: number; ok: true; value: unknown} | {seq: number; ok: false; error: string};

/** A search result as the search bar and the search page receive it. */
export type SiteSearchResult = GroupedResult<EngineResult> & {isInterOfTree?: boolean; isLastOfTree?: boolean};

/**
 * What a search answers: the results, the collections whose files failed to load, and those with
 * more results than the limit let through.
 */
export type SearchAnswer = {results: SiteSearchResult[]; failed: {id: string; error: string}[]; more: string[]};
