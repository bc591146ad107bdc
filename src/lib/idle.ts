/** What the Network Information API tells about the connection (missing in some browsers). */
export type ConnectionHints = {connection?: {effectiveType?: string; saveData?: boolean}};

/** True on 2g/slow-2g or with save-data on: the same rule Docusaurus uses to skip prefetching. */
export function isConstrainedConnection(nav: ConnectionHints): boolean {
  const c = nav.connection;
  return Boolean(c && (c.saveData || (c.effectiveType ?? '').includes('2g')));
}

type IdleWindow = {
  requestIdleCallback?: (cb: () => void, options?: {timeout: number}) => number;
  cancelIdleCallback?: (handle: number) => void;
  setTimeout: (cb: () => void, ms: number) => number;
  clearTimeout: (handle: number) => void;
};

/** At the latest this long after it is asked, idle work runs even on a busy page. */
export const IDLE_TIMEOUT_MS = 3000;

/**
 * Runs `work` once when the browser is idle (after IDLE_TIMEOUT_MS at the latest; where
 * requestIdleCallback is missing, after a 1 s timer). Returns a function that cancels.
 */
export function whenIdle(work: () => void, win: IdleWindow = window as unknown as IdleWindow): () => void {
  if (typeof win.requestIdleCallback === 'function') {
    const handle = win.requestIdleCallback(work, {timeout: IDLE_TIMEOUT_MS});
    return () => win.cancelIdleCallback?.(handle);
  }
  const handle = win.setTimeout(work, 1000);
  return () => win.clearTimeout(handle);
}

/**
 * Runs `work` once, on the reader's first pointer over or focus on a link to another page of the site
 * (a navigation is likely to follow): how code needed by a page opened in the app loads ahead of need.
 * Nothing on 2g or with save-data on, as Docusaurus's own prefetching. Returns a function that stops
 * listening.
 */
export function onFirstNavigationIntent(work: () => void, doc: Document = document): () => void {
  if (isConstrainedConnection(navigator as ConnectionHints)) return () => undefined;
  const stop = () => {
    doc.removeEventListener('pointerover', onIntent, true);
    doc.removeEventListener('focusin', onIntent, true);
  };
  function onIntent(event: Event) {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    if (link.pathname === window.location.pathname) return;
    stop();
    work();
  }
  doc.addEventListener('pointerover', onIntent, true);
  doc.addEventListener('focusin', onIntent, true);
  return stop;
}
