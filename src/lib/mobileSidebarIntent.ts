/** The theme's button that opens the mobile sidebar (Navbar/MobileSidebar/Toggle). */
export const TOGGLE_SELECTOR = 'button.navbar__toggle';

/** Events that come before a click on the toggle: a pointer over or pressing it, a touch, keyboard focus. */
export const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin'] as const;

/**
 * Runs `work` once, when the reader is about to use the mobile sidebar's toggle (any of
 * INTENT_EVENTS on it), so that the sidebar exists before the click opens it. Returns a function that
 * stops listening.
 */
export function onToggleIntent(work: () => void, doc: Document = document): () => void {
  const stop = () => {
    for (const type of INTENT_EVENTS) doc.removeEventListener(type, onIntent, true);
  };
  function onIntent(event: Event) {
    const target = event.target as Element | null;
    if (!target?.closest?.(TOGGLE_SELECTOR)) return;
    stop();
    work();
  }
  for (const type of INTENT_EVENTS) doc.addEventListener(type, onIntent, {capture: true, passive: true});
  return stop;
}
