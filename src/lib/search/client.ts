/**
 * The search client in the page: finds the collections in the page's manifest, runs the search
 * worker, loads collections (the one being read first, the others after it without holding it
 * up), reports each collection's state, and answers queries in two steps: the results of the
 * collection being read as soon as it is loaded, then those of every collection.
 */
import {collectionOfPath, collectionsToSearch, type SearchCollection, type SearchManifest} from './collections';
import {SEARCH_MANIFEST_META, parseSearchManifest} from './manifest';
import type {SiteSearchResult, WorkerRequest, WorkerResponse} from './protocol';

export type CollectionState = 'idle' | 'loading' | 'ready' | 'failed';

let manifest: SearchManifest | undefined | null = null;
let worker: Worker | undefined;
let seq = 0;
const pending = new Map<number, {resolve: (v: unknown) => void; reject: (e: Error) => void}>();
/** The state of each index (file pair), by `<collection>:<n>`: 0 the titles and headings, 1 the text. */
const states = new Map<string, CollectionState>();
const loads = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();
/** Changes whenever an index's state does: the snapshot for React's useSyncExternalStore. */
let stateVersion = 0;
export const searchStateVersion = () => stateVersion;

/** The page's search manifest (undefined in `npm start`, which builds no search files). */
export function searchManifest(): SearchManifest | undefined {
  if (manifest === null) {
    const meta = document.querySelector<HTMLMetaElement>(`meta[name="${SEARCH_MANIFEST_META}"]`);
    manifest = parseSearchManifest(meta?.content);
  }
  return manifest;
}

export const allCollections = (): SearchCollection[] => searchManifest()?.collections ?? [];

/** The collection of the page at `pathname`. */
export const collectionOf = (pathname: string) => collectionOfPath(allCollections(), pathname);

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./worker.ts', import.meta.url));
    worker.onmessage = (event: MessageEvent<WorkerResponse>) => {
      const answer = event.data;
      const waiting = pending.get(answer.seq);
      if (!waiting) return;
      pending.delete(answer.seq);
      if (answer.ok) waiting.resolve(answer.value);
      else waiting.reject(new Error(answer.error));
    };
  }
  return worker;
}

type Request = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'seq'> : never) : never;

function call(request: Request): Promise<unknown> {
  const w = getWorker();
  const message = {...request, seq: ++seq} as WorkerRequest;
  return new Promise((resolve, reject) => {
    pending.set(message.seq, {resolve, reject});
    w.postMessage(message);
  });
}

/** Starts the worker (its code only, no index), so the first search waits only for its files. */
export function startSearchWorker(): void {
  if (searchManifest()) getWorker();
}

const pairKey = (id: string, n: number) => `${id}:${n}`;
export const pairState = (id: string, n: number): CollectionState => states.get(pairKey(id, n)) ?? 'idle';

/** A collection's state: failed if one of its indexes failed, ready when both are loaded. */
export function collectionState(id: string): CollectionState {
  const both = [pairState(id, 0), pairState(id, 1)];
  if (both.includes('failed')) return 'failed';
  if (both.every((s) => s === 'ready')) return 'ready';
  return both.includes('loading') ? 'loading' : 'idle';
}

/** Calls `listener` whenever an index's state changes; returns the unsubscribe function. */
export function onSearchStateChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setState(key: string, state: CollectionState): void {
  if (states.get(key) === state) return;
  states.set(key, state);
  stateVersion += 1;
  for (const l of [...listeners]) l();
}

/**
 * Loads one index of a collection (its two files) into the worker: n = 0 the titles and headings,
 * 1 the text. Rejects when a file cannot be fetched or parsed; a later call then tries again.
 */
export function loadPair(c: SearchCollection, n: 0 | 1): Promise<void> {
  const key = pairKey(c.id, n);
  let promise = loads.get(key);
  if (!promise) {
    setState(key, 'loading');
    const {doc, index, types} = c.files[n];
    promise = call({type: 'load', id: c.id, label: c.label, doc, index, types}).then(
      () => setState(key, 'ready'),
      (error: Error) => {
        loads.delete(key);
        setState(key, 'failed');
        throw error;
      },
    );
    loads.set(key, promise);
  }
  return promise;
}

/** Loads both indexes of a collection (again, where one failed). */
export async function loadCollection(c: SearchCollection): Promise<void> {
  await loadPair(c, 0);
  await loadPair(c, 1);
}

/** The collections a search from `pathname` uses, the page's own first (see collectionsToSearch). */
export function searchScope(pathname: string): SearchCollection[] {
  return collectionsToSearch(allCollections(), collectionOf(pathname));
}

/** Collections of the scope with an index that could not be loaded. */
export const failedCollections = (scope: SearchCollection[]) => scope.filter((c) => collectionState(c.id) === 'failed');

/** True when every index of the scope is loaded. */
export const scopeReady = (scope: SearchCollection[]) =>
  scope.length > 0 && scope.every((c) => collectionState(c.id) === 'ready');

/**
 * Loads the first index (titles and headings) of the collection being read, the first in the
 * scope; the search box is ready when it is in.
 */
export async function loadScope(scope: SearchCollection[]): Promise<void> {
  if (scope[0]) await loadPair(scope[0], 0);
}

function searchLoaded(scope: SearchCollection[], query: string, limit: number, currentId: string | undefined) {
  return call({
    type: 'search',
    ids: scope.filter((c) => pairState(c.id, 0) === 'ready' || pairState(c.id, 1) === 'ready').map((c) => c.id),
    query,
    limit,
    currentId,
    order: allCollections().map((c) => c.id),
  }) as Promise<SiteSearchResult[]>;
}

/**
 * Searches the scope and calls `onResults` with what is loaded, as more loads: first the titles and
 * headings of the collection being read, then those of the other collections (small files, so every
 * collection answers early), then the text of the collection being read, then that of the others.
 * Files already loaded are not loaded again, so once everything is in there is one call. `done` is
 * true on the last call. A file that fails is skipped (and reported through the states).
 */
export async function searchScopeStreaming(
  scope: SearchCollection[],
  query: string,
  limit: number,
  onResults: (results: SiteSearchResult[], done: boolean) => void,
): Promise<void> {
  if (scope.length === 0) {
    onResults([], true);
    return;
  }
  const [own, ...others] = scope;
  const steps: [SearchCollection, 0 | 1][][] = [
    [[own, 0]],
    others.map((c) => [c, 0]),
    [[own, 1]],
    others.map((c) => [c, 1]),
  ];
  const pairs = steps.flat();
  const left = () => pairs.filter(([c, n]) => !['ready', 'failed'].includes(pairState(c.id, n))).length;
  const loaded = () => pairs.filter(([c, n]) => pairState(c.id, n) === 'ready').length;
  let shown = -1;
  for (const step of steps) {
    for (const [c, n] of step) await loadPair(c, n).catch(() => undefined);
    const done = left() === 0;
    // Search again only when this step brought something in, and always for the last answer.
    if (loaded() !== shown || done) {
      shown = loaded();
      onResults(await searchLoaded(scope, query, limit, own.id), done);
    }
    if (done) return;
  }
}
