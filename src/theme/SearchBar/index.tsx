// Why: the spec's placeholder ("Search ⌘+K" / "Search Ctrl+K", "Loading..." until the index is ready) is not configurable in the search plugin, nor is starting its worker before the first focus; this wraps it.
import React, {useEffect, useRef, type ReactNode} from 'react';
import SearchBar from '@theme-original/SearchBar';
import type SearchBarType from '@theme/SearchBar';
import type {WrapperProps} from '@docusaurus/types';
import {searchByWorker} from '@easyops-cn/docusaurus-search-local/dist/client/client/theme/searchByWorker';
import {SEARCH_LOADING_PLACEHOLDER, searchPlaceholder, type PlatformHints} from '@site/src/lib/searchPlaceholder';
import {isConstrainedConnection, whenIdle, type ConnectionHints} from '@site/src/lib/idle';

type Props = WrapperProps<typeof SearchBarType>;

export default function SearchBarWrapper(props: Props): ReactNode {
  const ref = useRef<HTMLDivElement>(null);
  // Start the search worker (about 13 KB gzip with lunr) once the page is idle, so the first search
  // waits only for its index. An empty query makes the worker load and answer without fetching any
  // index. Skipped on constrained connections, like Docusaurus's own prefetching.
  useEffect(() => {
    if (isConstrainedConnection(navigator as ConnectionHints)) return undefined;
    return whenIdle(() => void searchByWorker('/', '', '', 1).catch(() => undefined));
  }, []);
  useEffect(() => {
    const root = ref.current;
    const input = root?.querySelector<HTMLInputElement>('input');
    if (!root || !input) return undefined;
    const ready = searchPlaceholder(navigator as PlatformHints);
    // The plugin attaches its autocomplete widget (role="combobox") once the index has loaded.
    const isReady = () => input.getAttribute('role') === 'combobox';
    input.placeholder = ready;
    const onFocus = () => {
      if (!isReady()) input.placeholder = SEARCH_LOADING_PLACEHOLDER;
    };
    const observer = new MutationObserver(() => {
      if (isReady()) input.placeholder = ready;
    });
    observer.observe(input, {attributes: true, attributeFilter: ['role']});
    input.addEventListener('focus', onFocus);
    return () => {
      observer.disconnect();
      input.removeEventListener('focus', onFocus);
    };
  }, []);
  return (
    <div ref={ref} className="lykta-search">
      <SearchBar {...props} />
    </div>
  );
}
