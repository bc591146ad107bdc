/// <reference lib="webworker" />
/**
 * The search worker: opens collections (their index directory and titles, fetched by the page, see
 * ./client.ts), and answers queries over any set of them, fetching each collection's term files for
 * the query's words and then the documents of its results (./shards.ts), merged and grouped by
 * ./rank.ts. Each message {seq, type: 'open' | 'search', ...} gets one answer
 * {seq, ok, value | error}.
 *
 * The searcher (./searcher.ts: lunr, the engine, the plugin's query helpers) loads as the worker
 * starts, in its own chunks; the page fetches a collection's first two files meanwhile, so neither
 * waits for the other (a worker loads chunks with importScripts, which blocks it until they are in).
 */
import type {Opened} from './searcher';
import type {WorkerRequest, WorkerResponse} from './protocol';

let searcherModule: Promise<typeof import('./searcher')> | undefined;
/** The searcher module; a failed load is forgotten, so the next message tries again. */
function searcher(): Promise<typeof import('./searcher')> {
  if (!searcherModule) {
    searcherModule = import('./searcher');
    searcherModule.catch(() => (searcherModule = undefined));
  }
  return searcherModule;
}
// A failed load is reported by the first message that needs the searcher, not here.
searcher().catch(() => undefined);

/** Each collection's opening, by id; and each file's load, by URL (a failed one is forgotten). */
const opened = new Map<string, Promise<Opened>>();
const files = new Map<string, Promise<unknown>>();

async function fetchJson(url: string): Promise<unknown> {
  // Only files of this site: the URLs come from the page's manifest and the directories it names.
  if (new URL(url, self.location.origin).origin !== self.location.origin)
    throw new Error(`not a file of this site: ${url}`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return parseJson(await response.text(), url);
}

function parseJson(text: string, url: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${url}: not valid JSON (incomplete download?)`);
  }
}

/** Fetches a file once; a failed fetch is forgotten, so the next search tries again. */
function file(url: string): Promise<unknown> {
  let promise = files.get(url);
  if (!promise) {
    promise = fetchJson(url);
    promise.catch(() => files.delete(url));
    files.set(url, promise);
  }
  return promise;
}

/** Opens a collection from its two files, which the page fetched while this worker started. */
function open(id: string, label: string, doc: string, index: string, texts: [string, string]): Promise<Opened> {
  let promise = opened.get(id);
  if (!promise) {
    promise = Promise.all([parseJson(texts[0], index), parseJson(texts[1], doc), searcher()]).then(
      ([directory, titles, s]) => s.openFiles(directory, titles, new URL(index, self.location.origin).href, label),
    );
    promise.catch(() => opened.delete(id));
    opened.set(id, promise);
  }
  return promise;
}

self.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const message = event.data;
  let answer: WorkerResponse;
  try {
    if (message.type === 'open') {
      await open(message.id, message.label, message.doc, message.index, message.texts);
      answer = {seq: message.seq, ok: true, value: null};
    } else {
      const value = await (
        await searcher()
      ).search(
        file,
        opened,
        message.ids,
        message.query,
        message.limit,
        message.currentId,
        message.order,
        message.limits,
      );
      answer = {seq: message.seq, ok: true, value};
    }
  } catch (error) {
    answer = {seq: message.seq, ok: false, error: error instanceof Error ? error.message : String(error)};
  }
  self.postMessage(answer);
};
