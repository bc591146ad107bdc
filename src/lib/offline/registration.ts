/**
 * The page's side of offline reading, a chunk of its own (loaded by src/plugins/offline-reading/client.ts
 * when the service worker is to be registered, and by the Offline reading page): registers the service
 * worker, asks it to keep or drop a collection, and tells the reader when a new version of the
 * documentation is ready. The service worker is src/plugins/offline-reading/sw.js.
 */
import siteConfig from '@generated/docusaurus.config';
import {collectionOfPath} from '../search/collections';
import {OPT_IN_KEY} from './optIn';
import type {OfflineIndex} from './lists';

export type KeptCollection = {id: string; label: string; home: string};
type Reply =
  | {type: 'status'; build: string; kept: KeptCollection[]}
  | {type: 'progress'; id: string; done: number; total: number}
  | {type: 'kept'; collection: KeptCollection}
  | {type: 'dropped'; id: string}
  | {type: 'error'; id?: string; message: string};

const base = siteConfig.baseUrl;
/** plugin-pwa's service worker reads its parameters from its URL; its own offline mode stays off. */
const SW_URL = `${base}sw.js?params=${encodeURIComponent(JSON.stringify({offlineMode: false, debug: false}))}`;
const UPDATE_PROMPT_ID = 'lykta-offline-update';

let registering: Promise<ServiceWorkerRegistration> | undefined;

const setOptIn = (on: boolean) => {
  try {
    if (on) localStorage.setItem(OPT_IN_KEY, '1');
    else localStorage.removeItem(OPT_IN_KEY);
  } catch {
    // Storage blocked: the service worker still controls the pages, which registers it again.
  }
};

/** The build's collections, with what each keeps (`/offline/index.json`). */
export async function offlineIndex(): Promise<OfflineIndex> {
  const r = await fetch(`${base}offline/index.json`, {cache: 'no-cache'});
  if (!r.ok) throw new Error(`offline/index.json: ${r.status}`);
  return (await r.json()) as OfflineIndex;
}

/** Sends a message to the active service worker and resolves with its final answer. */
async function ask(message: object, onProgress?: (done: number, total: number) => void): Promise<Reply> {
  const registration = await navigator.serviceWorker.ready;
  const worker = registration.active;
  if (!worker) throw new Error('The service worker is not active.');
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<Reply>) => {
      if (event.data.type === 'progress') onProgress?.(event.data.done, event.data.total);
      else resolve(event.data);
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/** Shows "A new version of the documentation is ready — Reload" (once), for a waiting service worker. */
function showUpdatePrompt(waiting: ServiceWorker): void {
  if (document.getElementById(UPDATE_PROMPT_ID)) return;
  const box = document.createElement('div');
  box.id = UPDATE_PROMPT_ID;
  box.setAttribute('role', 'status');
  box.className = 'alert alert--info shadow--md';
  box.style.cssText =
    'position:fixed;bottom:1rem;right:1rem;z-index:1000;max-width:calc(100vw - 2rem);display:flex;flex-wrap:wrap;gap:0.75rem;align-items:center';
  const text = document.createElement('span');
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'button button--primary button--sm';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => {
    reload.disabled = true;
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload());
    waiting.postMessage({type: 'SKIP_WAITING'});
  });
  box.append(text, reload);
  document.body.append(box);
  // Filled in after the live region is in the page, so screen readers announce it.
  requestAnimationFrame(() => {
    text.textContent = 'A new version of the documentation is ready.';
  });
}

function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const controlled = () => !!navigator.serviceWorker.controller;
  if (registration.waiting && controlled()) showUpdatePrompt(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && controlled()) showUpdatePrompt(worker);
    });
  });
  // A reader may stay in the app for long: look for a new deployment now too.
  if (registration.active) registration.update().catch(() => undefined);
}

/**
 * The installed app keeps the collection of the page it was installed from (`appinstalled`, `always`),
 * and an app opened with nothing kept keeps the collection of the page it opens at.
 */
export async function keepCollectionOfThisPage(always: boolean): Promise<void> {
  const {kept} = await offlineStatus();
  if (!always && kept.length > 0) return;
  const own = collectionOfPath((await offlineIndex()).collections, window.location.pathname);
  if (own && !kept.some((c) => c.id === own.id)) await keepCollection(own.id);
}

/** Registers the service worker (once per page) and starts watching for new deployments. */
export function startOfflineReading(): Promise<ServiceWorkerRegistration> {
  registering ??= navigator.serviceWorker.register(SW_URL, {scope: base}).then((registration) => {
    watchForUpdates(registration);
    if (window.matchMedia('(display-mode: standalone)').matches)
      void keepCollectionOfThisPage(false).catch((e: unknown) =>
        console.warn('Offline reading: keeping this collection failed', e),
      );
    return registration;
  });
  return registering;
}

/** What this browser keeps (nothing, without asking for a service worker, when none is registered). */
export async function offlineStatus(): Promise<{kept: KeptCollection[]}> {
  if (!(await navigator.serviceWorker.getRegistration(base))) return {kept: []};
  const reply = await ask({type: 'status'});
  return reply.type === 'status' ? {kept: reply.kept} : {kept: []};
}

/** Keeps a collection offline: registers the service worker if needed and has it save the collection. */
export async function keepCollection(
  id: string,
  onProgress?: (done: number, total: number) => void,
): Promise<KeptCollection> {
  setOptIn(true);
  await startOfflineReading();
  const reply = await ask({type: 'keep', id}, onProgress);
  if (reply.type === 'error') throw new Error(reply.message);
  if (reply.type !== 'kept') throw new Error(`Unexpected answer ${reply.type}`);
  return reply.collection;
}

/** Removes a kept collection; with none left, the service worker is unregistered. */
export async function dropCollection(id: string): Promise<void> {
  const reply = await ask({type: 'drop', id});
  if (reply.type === 'error') throw new Error(reply.message);
  const {kept} = await offlineStatus();
  if (kept.length === 0) {
    setOptIn(false);
    await (await navigator.serviceWorker.getRegistration(base))?.unregister();
    registering = undefined;
  }
}
