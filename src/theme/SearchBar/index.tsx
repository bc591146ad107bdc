// Why: the spec's placeholder ("Search ⌘+K" / "Search Ctrl+K", "Loading..." until the index is ready), starting the search worker before the first focus, and saying when search files cannot be loaded (with a retry) are not options of the search plugin; this wraps it.
import React, {useCallback, useEffect, useRef, useSyncExternalStore, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import type SearchBarType from '@theme/SearchBar';
import type {WrapperProps} from '@docusaurus/types';
import {useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {SEARCH_LOADING_PLACEHOLDER, searchPlaceholder, type PlatformHints} from '@site/src/lib/searchPlaceholder';
import {isConstrainedConnection, whenIdle, type ConnectionHints} from '@site/src/lib/idle';
import usePerformanceSettings from '@site/src/lib/usePerformanceSettings';
import {
  failedCollections,
  loadCollection,
  onSearchStateChange,
  searchStateVersion,
  collectionState,
  scopeReady,
  onSearchActivity,
  searchScope,
  startSearchWorker,
} from '@site/src/lib/search/client';
import {searchFailureMessage} from '@site/src/lib/search/messages';

type Props = WrapperProps<typeof SearchBarType>;

export default function SearchBarWrapper(props: Props): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  const {pathname} = useLocation();
  useSyncExternalStore(onSearchStateChange, searchStateVersion, () => 0);
  // After hydration only: the server's markup (and hydration) know no collection state.
  const mounted = useIsBrowser();
  const scope = mounted ? searchScope(pathname) : [];
  const failed = failedCollections(scope);
  // The collection being read could not be loaded (or searched): the box says so.
  const ownFailed = scope.length > 0 && collectionState(scope[0].id) === 'failed';

  // Start the search worker once the page is idle, so the first search waits only for its files.
  // Skipped on constrained connections, like Docusaurus's own prefetching.
  const {idleSearchWorker} = usePerformanceSettings();
  useEffect(() => {
    if (!idleSearchWorker || isConstrainedConnection(navigator as ConnectionHints)) return undefined;
    return whenIdle(() => startSearchWorker());
  }, [idleSearchWorker]);

  const input = () => ref.current?.querySelector<HTMLInputElement>('input') ?? null;
  const retry = useCallback(() => {
    for (const c of failedCollections(searchScope(window.location.pathname)))
      void loadCollection(c).catch(() => undefined);
    input()?.focus();
  }, []);

  useEffect(() => {
    const root = ref.current;
    const box = input();
    if (!root || !box) return undefined;
    const ready = searchPlaceholder(navigator as PlatformHints);
    // The plugin attaches its autocomplete widget (role="combobox") once the index has loaded.
    const isReady = () => box.getAttribute('role') === 'combobox';
    box.placeholder = ready;
    const onFocus = () => {
      if (!isReady()) box.placeholder = SEARCH_LOADING_PLACEHOLDER;
      // Collections that failed before are tried again on the next focus.
      for (const c of failedCollections(searchScope(window.location.pathname)))
        void loadCollection(c).catch(() => undefined);
    };
    const observer = new MutationObserver(() => {
      if (isReady()) box.placeholder = ready;
      // ARIA 1.2 names a combobox's popup with aria-controls; the widget sets only aria-owns.
      const owns = box.getAttribute('aria-owns');
      if (owns && box.getAttribute('aria-controls') !== owns) box.setAttribute('aria-controls', owns);
    });
    observer.observe(box, {attributes: true, attributeFilter: ['role', 'aria-owns']});
    box.addEventListener('focus', onFocus);
    return () => {
      observer.disconnect();
      box.removeEventListener('focus', onFocus);
    };
  }, []);

  // aria-busy while results are still coming in from other collections, and the last query answered
  // in full (data-search-answered), set on the element directly (see onSearchActivity).
  useEffect(
    () =>
      onSearchActivity((busy, answered) => {
        const root = ref.current;
        if (!root) return;
        if (busy) root.setAttribute('aria-busy', 'true');
        else root.removeAttribute('aria-busy');
        if (answered !== undefined) root.setAttribute('data-search-answered', answered);
      }),
    [],
  );

  // The notice's height, so that the results list can open below it (src/css/custom.css).
  const hasNotice = failed.length > 0;
  useEffect(() => {
    const root = ref.current;
    const notice = root?.querySelector<HTMLElement>(':scope > .lykta-search-error');
    if (!root || !notice) return undefined;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--lykta-search-error-height', `${notice.offsetHeight}px`),
    );
    observer.observe(notice);
    return () => observer.disconnect();
  }, [hasNotice]);

  useEffect(() => {
    const box = input();
    if (box && ownFailed) box.placeholder = 'Search unavailable';
    else if (box && box.getAttribute('role') === 'combobox')
      box.placeholder = searchPlaceholder(navigator as PlatformHints);
  }, [ownFailed]);

  return (
    <div
      ref={ref}
      className="lykta-search"
      // Set once every collection this page searches is open (tests and the bench wait for it).
      data-search-ready={scopeReady(scope) ? 'true' : undefined}
    >
      <SearchBar {...props} />
      {hasNotice ? (
        <div className="lykta-search-error" role="alert">
          <span>{searchFailureMessage(failed, ownFailed)}</span>{' '}
          <button type="button" className="lykta-search-retry" onClick={retry}>
            Retry
          </button>
        </div>
      ) : null}
    </div>
  );
}
