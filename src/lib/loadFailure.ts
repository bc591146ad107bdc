/**
 * The notice shown when a page's code or content fails to load before the page has
 * hydrated (spec 4.5: "the page shows the error text with a Retry button"). After
 * hydration, Docusaurus itself reloads the page when the next page's code fails to load.
 * Both functions are serialised into an inline script, so they must stay self-contained.
 */

/** True for the errors a failed script or chunk download produces. */
export function isLoadFailure(reason: unknown): boolean {
  if (!reason || typeof reason !== 'object') return false;
  const {name, message} = reason as {name?: unknown; message?: unknown};
  return name === 'ChunkLoadError' || /Loading (CSS )?chunk [\w-]+ failed/.test(String(message ?? ''));
}

export function installLoadFailureNotice(isFailure: (reason: unknown) => boolean): void {
  const root = document.documentElement;
  let shown = false;
  const show = (text: string) => {
    if (shown || root.getAttribute('data-has-hydrated') === 'true') return;
    shown = true;
    const box = document.createElement('div');
    box.id = 'lykta-load-failure';
    box.setAttribute('role', 'alert');
    box.style.cssText =
      'position:fixed;top:0;left:0;right:0;z-index:1000;padding:0.75rem 1rem;background:#a4262c;color:#fff;' +
      'font:16px/1.5 system-ui,sans-serif;display:flex;flex-wrap:wrap;gap:0.75rem;align-items:center;justify-content:center';
    const message = document.createElement('p');
    message.style.margin = '0';
    message.textContent = `This page could not finish loading: ${text}`;
    const retry = document.createElement('button');
    retry.type = 'button';
    retry.textContent = 'Retry';
    retry.style.cssText =
      'font:inherit;padding:0.25rem 1rem;border:2px solid #fff;border-radius:4px;background:#fff;color:#a4262c;cursor:pointer';
    retry.addEventListener('click', () => window.location.reload());
    box.append(message, retry);
    const attach = () => document.body.prepend(box);
    if (document.body) attach();
    else document.addEventListener('DOMContentLoaded', attach);
  };
  window.addEventListener('unhandledrejection', (event) => {
    if (isFailure(event.reason)) show(String((event.reason as Error).message));
  });
  window.addEventListener(
    'error',
    (event) => {
      const target = event.target as HTMLScriptElement | null;
      if (target && target.tagName === 'SCRIPT' && target.src) show(`the script ${target.src} did not load.`);
    },
    true,
  );
}

/** The inline script: both functions above, then the call. */
export function loadFailureScript(): string {
  return `(${installLoadFailureNotice.toString()})(${isLoadFailure.toString()});`;
}
