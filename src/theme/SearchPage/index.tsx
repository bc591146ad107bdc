// Why: the plugin's search page searches one collection only, and its filter has no "All", no option for the main docs and no accessible name; configuration cannot change that. This page keeps its look, query parameter and result rendering (the plugin's styles and highlighters) and searches every collection.
import React, {useEffect, useMemo, useState, useSyncExternalStore, type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useHistory, useLocation} from '@docusaurus/router';
import clsx from 'clsx';
import {highlight} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/highlight';
import {highlightStemmed} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/highlightStemmed';
import {getStemmedPositions} from '@easyops-cn/docusaurus-search-local/dist/client/client/utils/getStemmedPositions';
import styles from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/SearchPage/SearchPage.module.css';
import {ALL_COLLECTIONS, searchPageScope} from '@site/src/lib/search/collections';
import {
  allCollections,
  collectionState,
  failedCollections,
  loadCollection,
  onSearchStateChange,
  searchStateVersion,
  searchScopeStreaming,
} from '@site/src/lib/search/client';
import type {SiteSearchResult} from '@site/src/lib/search/protocol';
import {searchFailureMessage} from '@site/src/lib/search/messages';
import {searchPageDescription} from '@site/src/lib/pageDescriptions';

const RESULTS_PER_COLLECTION = 50;

function ResultItem({result}: {result: SiteSearchResult}): ReactNode {
  const {document, type, page, tokens, metadata} = result;
  const isTitle = type === 0;
  const isDescriptionOrKeywords = type === 2 || type === 3;
  const isContent = type === 4;
  const pathItems = [...((isTitle ? document.b : page ? page.b : document.b) ?? [])];
  if (!isTitle && !isDescriptionOrKeywords && page) pathItems.push(page.t);
  const params = new URLSearchParams();
  for (const token of tokens) params.append('_highlight', token);
  const href = `${document.u}${tokens.length ? `?${params}` : ''}${document.h ?? ''}`;
  const title = isContent || isDescriptionOrKeywords ? (document.s ?? '') : document.t;
  return (
    <article className={styles.searchResultItem}>
      <Heading as="h3">
        <Link
          to={href}
          dangerouslySetInnerHTML={{
            __html:
              isContent || isDescriptionOrKeywords
                ? highlight(title, tokens)
                : highlightStemmed(title, getStemmedPositions(metadata, 't'), tokens, 100),
          }}
        />
      </Heading>
      {pathItems.length > 0 ? <p className={styles.searchResultItemPath}>{pathItems.join(' › ')}</p> : null}
      {isContent || type === 2 ? (
        <p
          className={styles.searchResultItemSummary}
          dangerouslySetInnerHTML={{
            __html: highlightStemmed(document.t, getStemmedPositions(metadata, 't'), tokens, 100),
          }}
        />
      ) : null}
    </article>
  );
}

/** The results, one section per collection, in the order mergeCollections gave them. */
function groups(results: SiteSearchResult[]): {id: string; label: string; results: SiteSearchResult[]}[] {
  const out: {id: string; label: string; results: SiteSearchResult[]}[] = [];
  for (const r of results) {
    if (out.at(-1)?.id !== r.collection) out.push({id: r.collection, label: r.collectionLabel, results: []});
    out.at(-1)!.results.push(r);
  }
  return out;
}

function SearchPageContent(): ReactNode {
  const history = useHistory();
  const location = useLocation();
  // The query is read once the page runs in the browser, so hydration matches the prebuilt HTML.
  const isBrowser = useIsBrowser();
  const params = new URLSearchParams(isBrowser ? location.search : '');
  const query = params.get('q') ?? '';
  // The collections are read from the page in the browser only, so hydration matches the prebuilt HTML.
  const collections = useMemo(() => (isBrowser ? allCollections() : []), [isBrowser]);
  const {value: filter, scope} = useMemo(
    () => searchPageScope(collections, params.get('ctx')),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `params` is a new object every render; location.search is what it is read from
    [collections, location.search, isBrowser],
  );
  useSyncExternalStore(onSearchStateChange, searchStateVersion, () => 0);
  const [found, setFound] = useState<SiteSearchResult[] | undefined>();
  const [retries, setRetries] = useState(0);
  // The search of `searchKey` is finished once `finishedKey` equals it (set when its last answer arrives).
  const [finishedKey, setFinishedKey] = useState<string>();

  const update = (next: {q?: string; ctx?: string}) => {
    const p = new URLSearchParams(location.search);
    if (next.q !== undefined) {
      if (next.q) p.set('q', next.q);
      else p.delete('q');
    }
    if (next.ctx !== undefined) {
      if (next.ctx === ALL_COLLECTIONS) p.delete('ctx');
      else p.set('ctx', next.ctx);
    }
    history.replace({search: p.toString()});
  };

  const scopeKey = scope.map((c) => c.id).join(',');
  const searchable = Boolean(query) && scope.length > 0;
  const searchKey = JSON.stringify([query, scopeKey, retries]);
  const results = searchable ? found : undefined;
  const searching = searchable && finishedKey !== searchKey;
  useEffect(() => {
    if (!searchable) return undefined;
    let current = true;
    void searchScopeStreaming(scope, query, RESULTS_PER_COLLECTION, (answer, done) => {
      if (!current) return;
      setFound(answer);
      if (done) setFinishedKey(searchKey);
    }).catch(() => current && setFinishedKey(searchKey));
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `scope` is a new array every render; scopeKey names its collections, and searchable and searchKey follow from these three
  }, [query, scopeKey, retries]);

  const failed = failedCollections(scope);
  const ownFailed = scope.length > 0 && failed.length === scope.length;
  const retry = () => {
    void Promise.all(failed.map((c) => loadCollection(c).catch(() => undefined))).then(() => setRetries((n) => n + 1));
  };
  const loading = scope.some((c) => collectionState(c.id) === 'loading') || searching;
  const title = query ? `Search results for "${query}"` : 'Search the documentation';
  const count = results?.length ?? 0;

  return (
    <>
      <Head>
        {/* Indexable, with the canonical URL /search/ (Docusaurus's, without the query): a results page is not a page of its own. */}
        <title>{title}</title>
        <meta name="description" content={searchPageDescription(query)} />
      </Head>
      <div className="container margin-vert--lg">
        <Heading as="h1">{title}</Heading>
        <div className="row">
          <div className={clsx('col', 'col--9', styles.searchQueryColumn)}>
            <input
              type="search"
              name="q"
              className={styles.searchQueryInput}
              aria-label="Search"
              value={query}
              onChange={(e) => update({q: e.target.value})}
              autoComplete="off"
              autoFocus
            />
          </div>
          <div className={clsx('col', 'col--3', 'padding-left--none', styles.searchContextColumn)}>
            <select
              name="ctx"
              aria-label="Search in"
              className={styles.searchContextInput}
              value={filter}
              onChange={(e) => update({ctx: e.target.value})}
            >
              <option value={ALL_COLLECTIONS}>All</option>
              {collections.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        {failed.length > 0 ? (
          <p className="lykta-search-page-error" role="alert">
            {searchFailureMessage(failed, ownFailed)}{' '}
            <button type="button" className="button button--sm button--secondary" onClick={retry}>
              Retry
            </button>
          </p>
        ) : null}
        <div aria-live="polite">
          {query && results ? (
            <p>
              {count === 0 && !loading
                ? 'No documents were found'
                : `${count === 1 ? '1 result' : `${count} results`}${loading ? ' so far…' : ''}`}
            </p>
          ) : query && loading ? (
            <p>Loading...</p>
          ) : null}
        </div>
        {groups(results ?? []).map((g) => (
          <section key={g.id} aria-labelledby={`search-group-${g.id}`} className="lykta-search-page-group">
            <Heading as="h2" id={`search-group-${g.id}`}>
              {g.label} <span className="lykta-search-page-count">({g.results.length})</span>
            </Heading>
            {g.results.map((r) => (
              <ResultItem key={`${r.collection}-${r.document.i}`} result={r} />
            ))}
          </section>
        ))}
      </div>
    </>
  );
}

export default function SearchPage(): ReactNode {
  return (
    <Layout>
      <SearchPageContent />
    </Layout>
  );
}
