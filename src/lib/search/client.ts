/**
 * The search client in the page: finds the collections in the page's manifest, runs the search
 * worker, opens collections (the one being read first, the others after its first answer or a
 * moment after it opened), reports each collection's state, and answers queries in two steps: the
 * results of the collection being read, then those of every collection.
 */
import {collectionOfPath, collectionsToSearch, type SearchCollection, type SearchManifest} from './collections';
import {searchActivity} from './activity';
import {SEARCH_MANIFEST_META, parseSearchManifest} from './manifest';
import type {SearchAnswer, SiteSearchResult, WorkerRequest, WorkerResponse} from './protocol';

export type CollectionState = 'idle' | 'loading' | 'ready' | 'failed';

let manifest: SearchManifest | undefined | null = null;
let worker: Worker | undefined;
let seq = 0;
const pending = new Map<number, {resolve: (v: unknown) => void; reject: (e: Error) => void}>();
/** The state of each collection, by id. */
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

/** A collection's state: ready once its index directory and titles are loaded; failed when a file of it failed. */
export const collectionState = (id: string): CollectionState => states.get(id) ?? 'idle';

/** Calls `listener` whenever a collection's state changes; returns the unsubscribe function. */
export function onSearchStateChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setState(id: string, state: CollectionState): void {
  if (states.get(id) === state) return;
  states.set(id, state);
  stateVersion += 1;
  for (const l of [...listeners]) l();
}

/** The box's searches: the newest one's progress and the last query answered in full (./activity.ts). */
const searches = searchActivity();
const activityListeners = new Set<(busy: boolean, lastAnswered: string | undefined) => void>();

/**
 * Calls `listener` when a search starts or ends: whether the newest search is still gathering
 * results (the box marks itself aria-busy), and the newest query whose results from every
 * collection are in (the bench and the tests wait for it). A plain callback, not React state: a
 * search starts inside the input event, and a React render there would reset the plugin's
 * controlled input before React has seen the change.
 */
export function onSearchActivity(listener: (busy: boolean, lastAnswered: string | undefined) => void): () => void {
  activityListeners.add(listener);
  return () => activityListeners.delete(listener);
}

function activityChanged(): void {
  for (const l of [...activityListeners]) l(searches.busy(), searches.answered());
}

/** Collections open in the worker. */
const openIds = new Set<string>();

async function fetchText(url: string): Promise<string> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.text();
}

/**
 * Opens a collection in the worker: loads its index directory and page titles. The page fetches
 * the two files itself, so that they are on their way while the worker starts (on a cold page the
 * worker needs its own script first); the worker parses and checks them.
 */
function open(c: SearchCollection): Promise<void> {
  let promise = loads.get(c.id);
  if (!promise) {
    setState(c.id, 'loading');
    const {doc, index} = c.files;
    getWorker(); // the worker starts (and loads its searcher) while the page fetches the files
    const texts = Promise.all([fetchText(index), fetchText(doc)]);
    promise = texts
      .then((t) => call({type: 'open', id: c.id, label: c.label, doc, index, texts: t}))
      .then(
        () => {
          openIds.add(c.id);
          setState(c.id, 'ready');
        },
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

/**
 * Loads a collection's two files, the index directory and the page titles (its term and documents
 * files follow as searches need them); for a collection whose opening failed, tries again. Rejects
 * when a file cannot be fetched or parsed. A collection that is open but whose term or documents
 * file failed stays failed until a search that needs those files succeeds (the search box searches
 * again on focus): clearing it here would make the notice and its Retry button flicker.
 */
export const loadCollection = open;

/** The collections a search from `pathname` uses, the page's own first (see collectionsToSearch). */
export function searchScope(pathname: string): SearchCollection[] {
  return collectionsToSearch(allCollections(), collectionOf(pathname));
}

/** Collections of the scope with a file that could not be loaded. */
export const failedCollections = (scope: SearchCollection[]) => scope.filter((c) => collectionState(c.id) === 'failed');

/** True when every collection of the scope is open. */
export const scopeReady = (scope: SearchCollection[]) =>
  scope.length > 0 && scope.every((c) => collectionState(c.id) === 'ready');

/** How long after the collection being read has opened the others open, if no search opens them first. */
const OTHERS_DELAY_MS = 1000;

/**
 * Opens the collection being read, the first in the scope (the search box is ready when it is), and,
 * a moment later, the others. Not at once: over HTTP/1.1 a browser opens six connections per host,
 * and the first search of the collection being read must not queue behind the others' files.
 */
export async function loadScope(scope: SearchCollection[]): Promise<void> {
  const [own, ...others] = scope;
  if (!own) return;
  await open(own);
  if (others.length > 0)
    setTimeout(() => {
      for (const c of others) void open(c).catch(() => undefined);
    }, OTHERS_DELAY_MS);
}

async function searchOpen(
  scope: SearchCollection[],
  query: string,
  limit: number,
  currentId: string | undefined,
  limits: Record<string, number> | undefined,
): Promise<SearchAnswer> {
  const answer = (await call({
    type: 'search',
    ids: scope.filter((c) => openIds.has(c.id)).map((c) => c.id),
    query,
    limit,
    limits,
    currentId,
    order: allCollections().map((c) => c.id),
  })) as SearchAnswer;
  for (const c of scope) {
    if (answer.failed.some((f) => f.id === c.id)) setState(c.id, 'failed');
    else if (openIds.has(c.id)) setState(c.id, 'ready');
  }
  return answer;
}

/** Receives a search's results: `done` on the last call; `more` names the collections with more. */
export type ResultsListener = (results: SiteSearchResult[], done: boolean, more: string[]) => void;

/**
 * Searches the scope and calls `onResults` twice: with the results of the collection being read as
 * soon as they are in, then with those of every collection (grouped, see ./rank.ts). `done` is true
 * on the last call. At most `limit` results per collection, or `limits[id]` for one given its own. A
 * collection whose files fail is left out (and reported through the states).
 */
export async function searchScopeStreaming(
  scope: SearchCollection[],
  query: string,
  limit: number,
  onResults: ResultsListener,
  limits?: Record<string, number>,
): Promise<void> {
  const ticket = searches.begin(query);
  activityChanged();
  let ok = false;
  try {
    await streamResults(scope, query, limit, onResults, limits);
    ok = true;
  } finally {
    searches.end(ticket, ok);
    activityChanged();
  }
}

async function streamResults(
  scope: SearchCollection[],
  query: string,
  limit: number,
  onResults: ResultsListener,
  limits: Record<string, number> | undefined,
): Promise<void> {
  const [own, ...others] = scope;
  if (!own) {
    onResults([], true, []);
    return;
  }
  await open(own).catch(() => undefined);
  if (others.length > 0) {
    // The collection being read first, with the connections to itself; then the others open (most
    // often they already are, see loadScope) and every collection answers.
    const first = await searchOpen([own], query, limit, own.id, limits);
    onResults(first.results, false, first.more);
    await Promise.all(others.map((c) => open(c).catch(() => undefined)));
  }
  const all = await searchOpen(scope, query, limit, own.id, limits);
  onResults(all.results, true, all.more);
}
