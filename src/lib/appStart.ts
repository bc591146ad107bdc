import docusaurusTemplate from '@docusaurus/core/lib/ssg/ssgTemplate.html';

/**
 * Starting the site's JavaScript after the first paint.
 *
 * Docusaurus's page template loads its bundles with `<script defer>`. A deferred script
 * runs as soon as the HTML is parsed, and when it is already downloaded (a cached
 * bundle, a fast network) its evaluation (120 ms on the benchmark machine, about 0.5 s at
 * Lighthouse's 4x CPU slowdown) comes before the browser paints the server-rendered page. The
 * template below preloads the bundles instead and starts them from an inline script once
 * the first contentful paint has happened, so the page's text shows first and the app
 * hydrates right after. The functions are serialised into that inline script, so they
 * must stay self-contained.
 */

/** Id of the container Docusaurus's base-URL banner creates (on the home page only). */
export const BASE_URL_BANNER_ID = '__docusaurus-base-url-issue-banner-container';

/** The longest the start waits for the first contentful paint to be reported. */
export const PAINT_WAIT_LIMIT_MS = 3000;

/** Starts `scripts` (bundle URLs, in order) once the first contentful paint is reported. */
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
  const paintTiming =
    typeof PerformanceObserver === 'function' && (PerformanceObserver.supportedEntryTypes || []).includes('paint');
  if (document.visibilityState !== 'visible') {
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

/** The start of the inline script, up to its arguments, as a JavaScript string literal. */
const scriptHead = JSON.stringify(`(${startAfterFirstPaint.toString()}).apply(null,`);

/** In Docusaurus's template: the loop that writes one `<script defer>` per bundle. */
const DEFERRED_BUNDLES =
  /<% it\.scripts\.forEach\(\(script\) => \{ %>\s*<script src="<%= it\.baseUrl %><%= script %>" defer><\/script>\s*<% \}\); %>/;
const PRELOADED_BUNDLES = `<% it.scripts.forEach((script) => { %>
      <link rel="preload" as="script" href="<%= it.baseUrl %><%= script %>" />
    <% }); %>`;
/**
 * Eta evaluates the code between `<%~` and `%>`: there the script is put together from the
 * function's source (a string literal, since Eta's whitespace removal would join the lines
 * of template text) and the page's bundle URLs, with `<` escaped so no URL can close the
 * script element.
 */
const START_SCRIPT = `<script><%~ ${scriptHead} + JSON.stringify([it.scripts.map((script) => it.baseUrl + script), ${JSON.stringify(BASE_URL_BANNER_ID)}, ${PAINT_WAIT_LIMIT_MS}]).replace(/</g, "\\\\u003c") + ");" %></script>
  </body>`;

/**
 * Docusaurus's page template (an Eta template, the `ssrTemplate` option) with one change:
 * the bundles are preloaded in the head instead of loaded with `<script defer>`, and
 * {@link startAfterFirstPaint} starts them from an inline script at the end of the body.
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
  return docusaurusTemplate.replace(DEFERRED_BUNDLES, PRELOADED_BUNDLES).replace('</body>', START_SCRIPT);
}

export const ssrTemplate = pageTemplate(docusaurusTemplate);
