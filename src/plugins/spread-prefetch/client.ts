// Client module of src/plugins/spread-prefetch: puts the queued prefetch (./queue.ts) in place of
// Docusaurus's own on window.docusaurus, which its Link calls when a link shows on screen.
import type {ClientModule} from '@docusaurus/types';
import {backgroundTask, spreadPrefetches} from './queue';

type DocusaurusGlobal = {prefetch: (routePath: string) => unknown; preload: (routePath: string) => unknown};
let installed = false;

/** Replaces window.docusaurus (a frozen object, set by Docusaurus's client entry) once it exists. */
export function install(win: Window = window): boolean {
  const global = win as unknown as {docusaurus?: DocusaurusGlobal};
  if (installed || !global.docusaurus) return installed;
  const original = global.docusaurus;
  global.docusaurus = Object.freeze({...original, prefetch: spreadPrefetches(original.prefetch, backgroundTask(win))});
  installed = true;
  return installed;
}

const clientModule: ClientModule = {
  // Called while the app first renders, after the client entry has set window.docusaurus and before
  // any link's effect can prefetch.
  onRouteUpdate() {
    install();
    return undefined;
  },
};
export default clientModule;
