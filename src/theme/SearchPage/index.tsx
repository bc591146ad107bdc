// Why: the plugin's search page searches one collection only, and its filter has no "All", no option for the main docs and no accessible name; configuration cannot change that. This page keeps its look, query parameter and result rendering (the plugin's styles and highlighters) and searches every collection.
import React, {
  startTransition,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
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

/**
 * Results per collection at first: a few from each when the whole site is searched (each result's
 * text is a file to fetch, and on a phone the first screen shows only the first group), more when
 * one collection is; each group with more offers them, MORE_RESULTS at a time.
 */
const FIRST_RESULTS_ALL = 10;
const FIRST_RESULTS_ONE = 50;
const MORE_RESULTS = 50;

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
  // The results listed, and the collections with more than listed.
  const [found, setFound] = useState<{results: SiteSearchResult[]; more: string[]}>();
  // How many each collection lists past the first, for the list `listKey` names (a new query or
  // filter starts again).
  const [extra, setExtra] = useState<{listKey: string; limits: Record<string, number>}>({listKey: '', limits: {}});
  // Where focus goes once a group's further results are in: its first new result.
  const focusNext = useRef<{id: string; index: number}>(undefined);
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
  const listKey = JSON.stringify([query, scopeKey]);
  const limits = extra.listKey === listKey ? extra.limits : {};
  const limitsKey = JSON.stringify(limits);
  const searchKey = JSON.stringify([listKey, retries, limitsKey]);
  const results = searchable ? found?.results : undefined;
  const more = (searchable && found?.more) || [];
  const searching = searchable && finishedKey !== searchKey;
  // The list of which query and filter `found` holds: asking one group for more keeps the others on
  // screen, so only the last answer (every collection's) replaces it.
  const foundList = useRef<string>(undefined);
  useEffect(() => {
    if (!searchable) return undefined;
    let current = true;
    const first = scope.length > 1 ? FIRST_RESULTS_ALL : FIRST_RESULTS_ONE;
    const keep = foundList.current === listKey;
    void searchScopeStreaming(
      scope,
      query,
      first,
      (answer, done, hasMore) => {
        if (!current || (keep && !done)) return;
        foundList.current = listKey;
        // Rendered in a transition: dozens of results with their marked words, in slices that let
        // the reader scroll and type meanwhile, not in one long task.
        startTransition(() => {
          setFound({results: answer, more: hasMore});
          if (done) setFinishedKey(searchKey);
        });
      },
      limits,
    ).catch(() => current && setFinishedKey(searchKey));
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `scope` is a new array every render; scopeKey names its collections, limitsKey its limits, and the rest follows from these
  }, [query, scopeKey, retries, limitsKey]);

  const showMore = (id: string, listed: number) => {
    setExtra({listKey, limits: {...limits, [id]: listed + MORE_RESULTS}});
    focusNext.current = {id, index: listed};
  };
  useEffect(() => {
    const next = focusNext.current;
    if (!next || !found) return;
    const link = document.querySelectorAll<HTMLElement>(`[data-search-group="${CSS.escape(next.id)}"] article h3 a`)[
      next.index
    ];
    if (link) link.focus();
    if (link || finishedKey === searchKey) focusNext.current = undefined;
  }, [found, finishedKey, searchKey]);

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
        {/* At least a screen high from the first paint, so that results coming in do not push the footer across the screen. */}
        <div className="lykta-search-page-results">
          <div aria-live="polite">
            {query && results ? (
              <p>
                {count === 0 && !loading
                  ? 'No documents were found'
                  : `${count === 1 ? '1 result' : `${count} results`}${more.length > 0 ? ' listed' : ''}${loading ? ' so far…' : ''}`}
              </p>
            ) : query && loading ? (
              <p>Loading...</p>
            ) : null}
          </div>
          {groups(results ?? []).map((g) => {
            const hasMore = more.includes(g.id);
            return (
              <section
                key={g.id}
                aria-labelledby={`search-group-${g.id}`}
                className="lykta-search-page-group"
                data-search-group={g.id}
              >
                <Heading as="h2" id={`search-group-${g.id}`}>
                  {g.label}{' '}
                  <span className="lykta-search-page-count">
                    ({g.results.length}
                    {hasMore ? '+' : ''})
                  </span>
                </Heading>
                {g.results.map((r) => (
                  <ResultItem key={`${r.collection}-${r.document.i}`} result={r} />
                ))}
                {hasMore ? (
                  <button
                    type="button"
                    className="button button--sm button--secondary lykta-search-page-more"
                    onClick={() => showMore(g.id, g.results.length)}
                  >
                    More results from {g.label}
                  </button>
                ) : null}
              </section>
            );
          })}
        </div>
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
