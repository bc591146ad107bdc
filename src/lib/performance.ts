/**
 * The site's performance customisations. Each can be switched off at build time with
 * `LYKTA_PERF_OFF` (a comma-separated list of the names below, or `all` for Docusaurus's own
 * behaviour), which is how `npm run bench -- --compare-stock` builds the stock site it measures
 * against. What each one buys is in the README (Performance).
 */
export const PERFORMANCE_CUSTOMISATIONS = {
  /** The page template loads no bundle itself: an inline script downloads them once the stylesheet is in and starts them after the first paint (src/lib/appStart.ts, src/plugins/paint-first-start). */
  paintFirstStart: 'bundles start after the first paint',
  /** Diagrams drawn to SVG files at build time (src/remark/mermaid-prerender). */
  diagramPrerender: 'diagrams drawn at build time',
  /** Diagrams drawn in the browser wait until they come near the viewport (src/theme/Mermaid). */
  lazyBrowserDiagrams: 'browser-drawn diagrams wait for the viewport',
  /** Code highlighted at build time and kept on page load (src/theme/CodeBlock). */
  buildTimeHighlighting: 'code highlighted at build time',
  /** Prism and the highlighting component load on use, not in the first load (src/plugins/lazy-highlighter; needs buildTimeHighlighting). */
  lazyHighlighter: 'highlighter loaded on use',
  /** Every page's first load trimmed: no module paths in the route registry, chunk files named by id, nprogress and tslib trimmed (src/plugins/lean-client-bundle). */
  leanClientBundle: 'first load trimmed',
  /** Link prefetches run one per task at background priority, not all in one (src/plugins/spread-prefetch). */
  spreadPrefetch: 'link prefetches spread over tasks',
  /** Dates and sorting on load without the browser's locale data (src/plugins/plain-formatting). */
  plainFormatting: 'dates and sorting without locale data on load',
  /** Route components created on first use, and route paths without parameters matched as text (src/plugins/quick-routes). */
  quickRoutes: 'less route work on load',
  /** The closed mobile sidebar is mounted when the reader reaches for its toggle, not after hydration (src/theme/Navbar/MobileSidebar). */
  deferredMobileSidebar: 'mobile sidebar mounted on first use',
  /** On phones, the desktop-only doc sidebar and table of contents are not hydrated (src/components/DesktopOnly). */
  desktopOnlyOnPhones: 'desktop-only parts not hydrated on phones',
  /** The search worker starts when the page is idle (src/theme/SearchBar). */
  idleSearchWorker: 'search worker starts when idle',
  /** Each MDX page binds the JSX runtime once, not at every element, so the bundler keeps one dependency per page instead of hundreds (src/recma/jsx-runtime-namespace.ts). */
  jsxRuntimeNamespace: 'JSX runtime bound once per page',
  /** The production build compiles the client bundle and the server bundle in two processes, one after the other, the MDX pages handed from one to the other (scripts/build.mjs, src/plugins/server-process; needs bundlerProcess). */
  serverProcess: 'server bundle compiled in a process of its own',
  /** Production bundling without Rspack's incremental passes, the JavaScript heap collected between its phases (src/plugins/bundler-memory). */
  bundlerMemory: 'less memory for bundling',
  /** The production build bundles in a process of its own, which ends before pages are rendered (scripts/build.mjs). */
  bundlerProcess: 'bundler in a process of its own',
  /** Each build process after the first starts while the one ahead works and waits before loading the site's content (scripts/build.mjs, src/plugins/build-gate; needs bundlerProcess). */
  earlyStart: 'build processes started early',
  /** The closed mobile sidebar's links are not prefetched (src/css/prefetch.css). */
  closedSidebarPrefetch: 'no prefetch from the closed mobile sidebar',
} as const;

export type PerformanceCustomisation = keyof typeof PERFORMANCE_CUSTOMISATIONS;
export type PerformanceSettings = Record<PerformanceCustomisation, boolean>;

/** The settings for a value of LYKTA_PERF_OFF: unset or empty keeps everything on. An unknown name throws. */
export function performanceSettings(off: string | undefined): PerformanceSettings {
  const names = Object.keys(PERFORMANCE_CUSTOMISATIONS) as PerformanceCustomisation[];
  const listed = (off ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const all = listed.includes('all');
  for (const name of listed)
    if (name !== 'all' && !names.includes(name as PerformanceCustomisation))
      throw new Error(`LYKTA_PERF_OFF: unknown customisation "${name}" (known: all, ${names.join(', ')})`);
  return Object.fromEntries(names.map((n) => [n, !all && !listed.includes(n)])) as PerformanceSettings;
}

/** The customisations that are how the build runs, not what a page does: pages are not told them, so a build made either way gives the same files. */
export const BUILD_ONLY_CUSTOMISATIONS = ['bundlerProcess', 'serverProcess', 'earlyStart', 'bundlerMemory'] as const;

/** The settings the pages read (docusaurus.config.ts, customFields.performance): all but the build-only ones. */
export type PagePerformanceSettings = Omit<PerformanceSettings, (typeof BUILD_ONLY_CUSTOMISATIONS)[number]>;

/** `settings` without the build-only customisations. */
export function pagePerformanceSettings(settings: PerformanceSettings): PagePerformanceSettings {
  const page: Partial<PerformanceSettings> = {...settings};
  for (const name of BUILD_ONLY_CUSTOMISATIONS) delete page[name];
  return page as PagePerformanceSettings;
}
