// Typings for the parts of @easyops-cn/docusaurus-search-local used outside its own theme
// (its package types declare only the plugin options).

/** The worker client the search bar uses; the search bar wrapper starts the worker early with it. */
declare module '@easyops-cn/docusaurus-search-local/dist/client/client/theme/searchByWorker' {
  export function searchByWorker(
    baseUrl: string,
    searchContext: string,
    input: string,
    limit: number,
  ): Promise<unknown[]>;
}

/** The plugin's index builder, which the search-index codec's tests use to build real indexes. */
declare module '@easyops-cn/docusaurus-search-local/dist/server/server/utils/buildIndex' {
  export function buildIndex(
    documents: {i: number; t: string}[][],
    options: {language: string[]; removeDefaultStopWordFilter: string[]; removeDefaultStemmer: boolean},
  ): {documents: unknown[]; index: unknown}[];
}
