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
const states = new Map<string, CollectionState>();
const loads = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();

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

export const collectionState = (id: string): CollectionState => states.get(id) ?? 'idle';

/** Calls `listener` whenever a collection's state changes; returns the unsubscribe function. */
export function onSearchStateChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setState(id: string, state: CollectionState): void {
  if (states.get(id) === state) return;
  states.set(id, state);
  for (const l of [...listeners]) l();
}

/**
 * Loads a collection's two files into the worker. Resolves when both are loaded; rejects when one
 * cannot be fetched or parsed, and then a later call tries again.
 */
export function loadCollection(c: SearchCollection): Promise<void> {
  let promise = loads.get(c.id);
  if (!promise) {
    setState(c.id, 'loading');
    promise = call({type: 'load', id: c.id, label: c.label, doc: c.doc, index: c.index}).then(
      () => setState(c.id, 'ready'),
      (error: Error) => {
        loads.delete(c.id);
        setState(c.id, 'failed');
        throw error;
      },
    );
    loads.set(c.id, promise);
  }
  return promise;
}

/** The collections a search from `pathname` uses, the page's own first (see collectionsToSearch). */
export function searchScope(pathname: string): SearchCollection[] {
  return collectionsToSearch(allCollections(), collectionOf(pathname));
}

/** Collections of the scope that could not be loaded. */
export const failedCollections = (scope: SearchCollection[]) => scope.filter((c) => collectionState(c.id) === 'failed');

/** Loads the first collection of the scope, the one being read (resolves when it is loaded). */
export async function loadScope(scope: SearchCollection[]): Promise<void> {
  if (scope[0]) await loadCollection(scope[0]);
}

/**
 * Loads the other collections of the scope, one after another. Called once the first results are
 * out: the worker loads a collection in one go, and a search waits for it.
 */
async function loadRest(scope: SearchCollection[]): Promise<void> {
  for (const c of scope.slice(1)) await loadCollection(c).catch(() => undefined);
}

function searchLoaded(scope: SearchCollection[], query: string, limit: number, currentId: string | undefined) {
  return call({
    type: 'search',
    ids: scope.filter((c) => collectionState(c.id) === 'ready').map((c) => c.id),
    query,
    limit,
    currentId,
    order: allCollections().map((c) => c.id),
  }) as Promise<SiteSearchResult[]>;
}

/**
 * Searches the scope and calls `onResults` once with the results of what is loaded (the first
 * collection at least, unless it failed), and again with all of them once the rest has loaded,
 * when that adds anything. `done` is true on the last call.
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
  const currentId = scope[0].id;
  await loadScope(scope).catch(() => undefined);
  const settled = () => scope.every((c) => ['ready', 'failed'].includes(collectionState(c.id)));
  const first = await searchLoaded(scope, query, limit, currentId);
  const done = settled();
  onResults(first, done);
  if (done) return;
  await loadRest(scope);
  onResults(await searchLoaded(scope, query, limit, currentId), true);
}
