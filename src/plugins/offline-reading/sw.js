// Offline reading in the service worker: the `swCustom` module of @docusaurus/plugin-pwa, whose own
// service worker (registered with `offlineMode: false`) precaches nothing and answers no request, so
// everything here decides what is kept and served. Plain JavaScript: the plugin compiles it with Babel.
//
// - A reader keeps collections (a message from the page, src/lib/offline/registration.ts): each is
//   saved into its own cache, `lykta-offline:<build>:<collection>`, from `/offline/<collection>.json`
//   of this service worker's build, every file checked against its revision (a hash of its content),
//   so a cache never holds files of two deployments.
// - Requests for a kept file are answered from the caches of this build only; a page that is not kept
//   goes to the network, and with no network gets the offline notice.
// - A new deployment's service worker saves the kept collections again from its own lists while it
//   installs (unchanged files are copied from the old caches, not downloaded), then waits until the
//   reader chooses Reload; when it takes over it deletes the older builds' caches.
import {
  STATE_CACHE,
  cacheKeys,
  cacheName,
  fillNotice,
  keptHeaders,
  parseCacheName,
  revisionFromDigest,
  REVISION_HEADER,
} from '../../lib/offline/serviceWorkerLogic.mjs';

/** This build's id: the build replaces the placeholder (src/lib/offline/write.ts, stampServiceWorker). */
const BUILD = '__LYKTA_OFFLINE_BUILD__';
const PARALLEL_DOWNLOADS = 6;

const scope = () => new URL(self.registration.scope);

/**
 * Runs the tasks that change what is kept one at a time: a page may ask to keep a collection as soon
 * as this worker is active, while its activate step still cleans up the caches and the list of kept ones.
 */
let lock = Promise.resolve();
function exclusive(task) {
  const run = lock.then(task);
  lock = run.catch(() => undefined);
  return run;
}
const siteUrl = (path) => new URL(path, scope().origin).href;
const stateKey = () => new URL('__lykta-offline-state__', scope()).href;
const indexPath = () => new URL('offline/index.json', scope()).pathname;

/** @returns {Promise<{kept: {id: string, label: string, home: string}[]}>} */
async function readState() {
  const cache = await caches.open(STATE_CACHE);
  const r = await cache.match(stateKey());
  return r ? r.json() : {kept: []};
}
async function writeState(state) {
  const cache = await caches.open(STATE_CACHE);
  await cache.put(stateKey(), new Response(JSON.stringify(state), {headers: {'content-type': 'application/json'}}));
}

async function fetchJson(path) {
  const r = await fetch(siteUrl(path), {cache: 'no-store'});
  if (!r.ok) throw new Error(`${path}: ${r.status}`);
  return r.json();
}

/** This build's index; fails when the server already has another build (the next check installs it). */
async function ownIndex() {
  const index = await fetchJson(indexPath());
  if (index.build !== BUILD) {
    self.registration.update().catch(() => undefined);
    throw new Error('The documentation was updated while saving. Reload the page and try again.');
  }
  return index;
}

/** A kept copy of `url` with `revision` in any cache of ours (an older build's, or another collection's). */
async function keptCopy(url, revision) {
  for (const name of await caches.keys()) {
    if (!parseCacheName(name)) continue;
    const r = await (await caches.open(name)).match(url);
    if (r && r.headers.get(REVISION_HEADER) === revision) return r;
  }
  return undefined;
}

/** Downloads one file and checks it is the one the list names. */
async function download(url, revision) {
  const r = await fetch(url, {cache: 'no-cache'});
  if (!r.ok) throw new Error(`${new URL(url).pathname}: ${r.status}`);
  const body = await r.arrayBuffer();
  const got = revisionFromDigest(await crypto.subtle.digest('SHA-256', body));
  if (got !== revision) throw new Error('The documentation was updated while saving. Reload the page and try again.');
  return new Response(body, {status: r.status, statusText: r.statusText, headers: keptHeaders(r.headers, revision)});
}

/** Saves one collection of this build; `progress(done, total)` after each file. */
async function saveCollection(index, id, progress = () => undefined) {
  const summary = index.collections.find((c) => c.id === id);
  if (!summary) throw new Error(`No collection "${id}" in this version of the documentation.`);
  const list = await fetchJson(summary.list);
  if (list.build !== BUILD)
    throw new Error('The documentation was updated while saving. Reload the page and try again.');
  const cache = await caches.open(cacheName(BUILD, id));
  let done = 0;
  const queue = [...list.files];
  const worker = async () => {
    for (let f = queue.shift(); f; f = queue.shift()) {
      const url = siteUrl(f.url);
      const have = await cache.match(url);
      if (!have || have.headers.get(REVISION_HEADER) !== f.revision)
        await cache.put(url, (await keptCopy(url, f.revision)) ?? (await download(url, f.revision)));
      progress(++done, list.files.length);
    }
  };
  await Promise.all(Array.from({length: PARALLEL_DOWNLOADS}, worker));
  // Files the new list no longer names.
  const wanted = new Set(list.files.map((f) => siteUrl(f.url)));
  for (const req of await cache.keys()) if (!wanted.has(req.url)) await cache.delete(req);
  // The index this build saved from, so that the Offline reading page (kept too) lists the collections offline.
  await cache.put(
    siteUrl(indexPath()),
    new Response(JSON.stringify(index), {headers: {'content-type': 'application/json'}}),
  );
  return {id, label: summary.label, home: summary.home};
}

async function keep(id, progress) {
  const saved = await saveCollection(await ownIndex(), id, progress);
  const state = await readState();
  await writeState({kept: [...state.kept.filter((c) => c.id !== id), saved]});
  return saved;
}

async function drop(id) {
  const state = await readState();
  await writeState({kept: state.kept.filter((c) => c.id !== id)});
  for (const name of await caches.keys()) if (parseCacheName(name)?.id === id) await caches.delete(name);
}

/** Install: a new deployment saves every kept collection again, from its own lists, before it can take over. */
async function install() {
  const state = await readState();
  if (state.kept.length === 0) return;
  const index = await ownIndex();
  for (const c of state.kept) if (index.collections.some((s) => s.id === c.id)) await saveCollection(index, c.id);
}

/** Activate: only this build's caches stay; collections the build no longer has are forgotten. */
async function activate() {
  const state = await readState();
  const mine = new Set((await caches.keys()).filter((n) => parseCacheName(n)?.build === BUILD));
  await writeState({kept: state.kept.filter((c) => mine.has(cacheName(BUILD, c.id)))});
  for (const name of await caches.keys()) if (parseCacheName(name) && !mine.has(name)) await caches.delete(name);
  await self.clients.claim();
}

async function keptResponse(request, navigation) {
  const {kept} = await readState();
  for (const c of kept) {
    const cache = await caches.open(cacheName(BUILD, c.id));
    for (const key of cacheKeys(request.url, navigation)) {
      const r = await cache.match(key);
      if (r) return r;
    }
  }
  return undefined;
}

async function notice(request) {
  const {kept} = await readState();
  for (const c of kept) {
    const r = await (
      await caches.open(cacheName(BUILD, c.id))
    ).match(siteUrl(new URL('offline/notice.html', scope()).pathname));
    if (r) {
      const html = fillNotice(await r.text(), new URL(request.url).pathname, kept);
      return new Response(html, {status: 503, statusText: 'Offline', headers: r.headers});
    }
  }
  return Response.error();
}

async function respond(event) {
  const {request} = event;
  const navigation = request.mode === 'navigate';
  const kept = await keptResponse(request, navigation);
  if (kept) return kept;
  try {
    return await fetch(request);
  } catch (e) {
    if (navigation) return notice(request);
    throw e;
  }
}

export default function offlineReading() {
  self.addEventListener('install', (event) => event.waitUntil(exclusive(install)));
  self.addEventListener('activate', (event) => event.waitUntil(exclusive(activate)));
  self.addEventListener('fetch', (event) => {
    const {request} = event;
    if (request.method !== 'GET' || new URL(request.url).origin !== scope().origin) return;
    if (new URL(request.url).pathname === new URL('sw.js', scope()).pathname) return;
    event.respondWith(respond(event));
  });
  self.addEventListener('message', (event) => {
    const data = event.data ?? {};
    const port = event.ports[0];
    const reply = (message) => port?.postMessage(message);
    if (data.type === 'SKIP_WAITING') self.skipWaiting();
    else if (data.type === 'status') readState().then((s) => reply({type: 'status', build: BUILD, kept: s.kept}));
    else if (data.type === 'keep')
      event.waitUntil(
        exclusive(() => keep(data.id, (done, total) => reply({type: 'progress', id: data.id, done, total}))).then(
          (c) => reply({type: 'kept', collection: c}),
          (e) => reply({type: 'error', id: data.id, message: e instanceof Error ? e.message : String(e)}),
        ),
      );
    else if (data.type === 'drop')
      event.waitUntil(
        exclusive(() => drop(data.id)).then(
          () => reply({type: 'dropped', id: data.id}),
          (e) => reply({type: 'error', id: data.id, message: String(e)}),
        ),
      );
  });
}
