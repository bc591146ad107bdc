/** How far below (or above) the viewport an element may be and still count as near. */
export const NEAR_MARGIN = '400px 0px';

/**
 * Calls `start` once, as soon as `element` is within NEAR_MARGIN of the viewport (at
 * once where IntersectionObserver is missing). Returns a function that cancels.
 */
export function startWhenNear(
  element: Element,
  start: () => void,
  Observer: typeof IntersectionObserver | undefined = globalThis.IntersectionObserver,
): () => void {
  if (typeof Observer !== 'function') {
    start();
    return () => undefined;
  }
  const observer = new Observer(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      start();
    },
    {rootMargin: NEAR_MARGIN},
  );
  observer.observe(element);
  return () => observer.disconnect();
}
