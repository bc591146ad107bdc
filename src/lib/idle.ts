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
