import docusaurusTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html';

/**
 * Starting the site's JavaScript after the first paint.
 *
 * Docusaurus's page template loads its bundles with `<script defer>`. Two things follow. The
 * bundles (about 165 KB gzip) download alongside the stylesheet the first paint waits for, and
 * on a slow phone network they take its bandwidth: with applied throttling the stylesheet
 * arrives 100-150 ms later than it would alone. And when a bundle is already downloaded (a
 * cached bundle, a fast network) its evaluation can come before the browser paints the
 * server-rendered page; whether it does is a race, which Lighthouse's simulation turns into a
 * largest contentful paint of either 1.1 s or 2.0-2.4 s for the same page.
 *
 * The template below loads no bundle itself. An inline script at the end of the body, which
 * the browser runs once the page is parsed and the stylesheet has arrived, starts downloading
 * the bundles and runs them once the first contentful paint has happened, so the page's text
 * shows first and the app hydrates right after. (Started from the top of the body instead,
 * the download began about 150 ms sooner, but the browser then often painted the page half
 * parsed and did the rest of its layout after the first paint, a long task that counts as
 * blocking time: 170-212 ms on the API and diagram pages, median of 3.) The function is
 * serialised into that inline script, so it must stay self-contained.
 */

/** Id of the container Docusaurus's base-URL banner creates (on the home page only). */
export const BASE_URL_BANNER_ID = '__docusaurus-base-url-issue-banner-container';

/** The longest the start waits for the first contentful paint to be reported. */
export const PAINT_WAIT_LIMIT_MS = 3000;

/**
 * Downloads `scripts` (bundle URLs, in order) at once and runs them once the first contentful
 * paint is reported. Run from the end of the body: the page is parsed, and the stylesheet is in
 * (a script waits for the stylesheets before it), so the download does not take its bandwidth.
 */
export function startAfterFirstPaint(scripts: string[], bannerId: string, paintWaitLimitMs: number): void {
  const w = window as unknown as {docusaurus?: unknown; insertBanner?: () => void};
  // On the home page Docusaurus's inline script declares `insertBanner` and calls it at
  // DOMContentLoaded unless the app has already set `window.docusaurus`. The app now starts
  // after that event, so a marker stands in for it, and the banner is shown here instead
  // when a bundle fails to load or loads without starting the app (a wrong base URL).
  const insertBanner = typeof w.insertBanner === 'function' ? w.insertBanner : null;
  const marker = {};
  if (insertBanner) w.docusaurus = marker;
  const appMissing = () => {
    if (!insertBanner || w.docusaurus !== marker || document.getElementById(bannerId)) return;
    delete w.docusaurus;
    insertBanner();
  };
  const paintTiming =
    typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).includes('paint');
  const waitForPaint = document.visibilityState === 'visible';
  if (waitForPaint)
    scripts.forEach((src) => {
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'script';
      link.href = src;
      document.head.appendChild(link);
    });
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    scripts.forEach((src, i) => {
      const script = document.createElement('script');
      script.src = src;
      // Dynamically inserted scripts run in insertion order only when not async.
      script.async = false;
      script.onerror = appMissing;
      if (i === scripts.length - 1) script.onload = appMissing;
      document.head.appendChild(script);
    });
  };
  if (!waitForPaint) {
    // A background tab paints nothing until shown: nothing to wait for.
    start();
  } else if (paintTiming) {
    new PerformanceObserver((list, observer) => {
      if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) {
        observer.disconnect();
        setTimeout(start, 0);
      }
    }).observe({type: 'paint', buffered: true});
    // Should a browser never report the paint, the app still starts.
    setTimeout(start, paintWaitLimitMs);
  } else {
    // Without paint timing: after the next frame has been produced.
    requestAnimationFrame(() => setTimeout(start, 0));
  }
}

/** In Docusaurus's template: the loop that writes one `<script defer>` per bundle. */
const DEFERRED_BUNDLES =
  /<% it\.scripts\.forEach\(\(script\) => \{ %>\s*<script src="<%= it\.baseUrl %><%= script %>" defer><\/script>\s*<% \}\); %>/;

/**
 * An inline script calling `fn` with the page's bundle URLs and `extra` arguments. Eta evaluates
 * the code between `<%~` and `%>`: there the script is put together from the function's source
 * (a string literal, since Eta's whitespace removal would join the lines of template text) and
 * the URLs, with `<` escaped so no URL can close the script element.
 */
function inlineCall(fn: (...args: never[]) => void, extra: unknown[]): string {
  const head = JSON.stringify(`(${fn.toString()}).apply(null,`);
  const rest = extra.map((value) => `, ${JSON.stringify(value)}`).join('');
  return `<script><%~ ${head} + JSON.stringify([it.scripts.map((script) => it.baseUrl + script)${rest}]).replace(/</g, "\\\\u003c") + ");" %></script>`;
}

/**
 * Docusaurus's page template (an Eta template, the `ssrTemplate` option) with one change:
 * instead of its `<script defer>` for each bundle, {@link startAfterFirstPaint} downloads and
 * runs them from an inline script at the end of the body.
 * It is derived from the template of the installed Docusaurus, so the rest follows
 * upgrades; if that template no longer has the parts changed here, this throws and the
 * build fails.
 */
export function pageTemplate(docusaurusTemplate: string): string {
  if (!DEFERRED_BUNDLES.test(docusaurusTemplate) || !docusaurusTemplate.includes('</body>')) {
    throw new Error(
      "Docusaurus's page template no longer loads the bundles with <script defer> as src/lib/appStart.ts expects: update pageTemplate().",
    );
  }
  return docusaurusTemplate
    .replace(DEFERRED_BUNDLES, '')
    .replace('</body>', `${inlineCall(startAfterFirstPaint, [BASE_URL_BANNER_ID, PAINT_WAIT_LIMIT_MS])}\n  </body>`);
}

export const ssrTemplate = pageTemplate(docusaurusTemplate);
