import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type * as Docs from '@docusaurus/plugin-content-docs';
import type {PluginOptions as SearchOptions} from '@easyops-cn/docusaurus-search-local';
import announcementBarReset from './src/plugins/announcement-bar-reset';
import loadFailureNotice from './src/plugins/load-failure-notice';
import lazyHighlighter from './src/plugins/lazy-highlighter';
import leanClientBundle from './src/plugins/lean-client-bundle';
import paintFirstStart from './src/plugins/paint-first-start';
import serverProcess from './src/plugins/server-process';
import buildGate from './src/plugins/build-gate';
import bundlerMemory from './src/plugins/bundler-memory';
import spreadPrefetch from './src/plugins/spread-prefetch';
import plainFormatting from './src/plugins/plain-formatting';
import quickRoutes from './src/plugins/quick-routes';
import pageViewAnalytics, {type AnalyticsOptions} from './src/plugins/page-view-analytics';
import {darkCodeTheme, lightCodeTheme} from './src/lib/codeThemes';
import remarkOpenApiOperations, {type OpenApiOperationsOptions} from './src/remark/openapi-operations';
import remarkVireoErrorCodes, {type VireoErrorCodesOptions} from './src/remark/openapi-operations/errorCodes';
import remarkVireoEvents, {type VireoEventsOptions} from './src/remark/openapi-operations/events';
import remarkManifestSchemaFields, {type ManifestSchemaFieldsOptions} from './src/remark/manifest-schema-fields';
import remarkMermaidPrerender, {type MermaidPrerenderOptions} from './src/remark/mermaid-prerender';
import {remarkLeapCApi} from './src/remark/leap-c-api';
import recmaJsxRuntimeNamespace from './src/recma/jsx-runtime-namespace';
import leapHeaders, {type LeapHeadersPluginOptions} from './src/plugins/leap-headers';
import openApiBundle, {type OpenApiBundlePluginOptions} from './src/plugins/openapi-bundle';
import remarkFileDependencies from './src/plugins/file-dependencies';
import searchLocal, {type LyktaSearchOptions} from './src/plugins/search-local';
import markdownPages, {type MarkdownPagesOptions} from './src/plugins/markdown-pages';
import offlineReading, {type OfflineReadingOptions} from './src/plugins/offline-reading';
import type {SearchCollectionDefinition} from './src/lib/search/collections';
import {ssrTemplate} from './src/lib/appStart';
import {pagePerformanceSettings, performanceSettings} from './src/lib/performance';

/**
 * Site settings that operators change. Each is read from the environment so a
 * deployment (or the test build) can set it without editing code.
 */
const settings = {
  /** Self-hosted, Matomo-compatible tracker. Leave unset and nothing is sent. */
  analytics: {
    trackerUrl: process.env.LYKTA_ANALYTICS_TRACKER_URL ?? '',
    siteId: process.env.LYKTA_ANALYTICS_SITE_ID ?? '',
  } satisfies AnalyticsOptions,
  /**
   * Colour mode, spec 4.1. Reading A (default): light by default, the OS is
   * ignored and the toggle flips light/dark. Reading B (LYKTA_COLOR_MODE=system):
   * the toggle cycles system → light → dark and "system" follows the OS live.
   */
  followSystemColorMode: process.env.LYKTA_COLOR_MODE === 'system',
  /** LYKTA_COLOR_SWITCH=off hides the colour toggle; a stored choice is then removed (spec 4.1). */
  colorModeSwitch: process.env.LYKTA_COLOR_SWITCH !== 'off',
  /**
   * The performance customisations (src/lib/performance.ts), all on by default. LYKTA_PERF_OFF lists
   * the ones to switch off, or `all` for Docusaurus's own behaviour (what `npm run bench --
   * --compare-stock` measures against). LYKTA_PERF_OFF=diagramPrerender is also the setting that
   * ships browser-drawn diagrams from a build without Chromium.
   */
  performance: performanceSettings(process.env.LYKTA_PERF_OFF),
  /**
   * Offline reading (src/plugins/offline-reading): readers keep collections on their device. On by
   * default; LYKTA_OFFLINE=off builds the site without it (no service worker, no web app manifest).
   */
  offlineReading: process.env.LYKTA_OFFLINE !== 'off',
  /** The announcement bar; change `id` to show a dismissed bar again. Set to undefined to hide it. */
  announcementBar: {
    id: 'leap-12-6-2025-09',
    content: 'LEAP 12.6 is out, with manifest schema v1.8.0. <a href="/leap/">Read the LEAP documentation</a>.',
    isCloseable: true,
  } as Preset.ThemeConfig['announcementBar'] | undefined,
};

/** LEAP versions: the current one at /leap/, older ones at /leap/<version>/ (sdk_versions.json). */
const leapVersions = {current: '12', older: ['4', '3']};

/**
 * Search collections (src/lib/search/collections.ts): which pages share a pair of search files,
 * and their labels in results and in the search page's filter. The site's order is the tie-break.
 */
const searchCollections: SearchCollectionDefinition[] = [
  {id: 'main', label: 'Main docs', versionPath: '', context: ''},
  {id: 'vireo', label: 'VIREO', versionPath: '', context: 'vireo'},
  {id: 'vireo-network-video', label: 'VIREO network video', versionPath: '', context: 'vireo/network-video'},
  {
    id: 'vireo-device-configuration',
    label: 'VIREO device configuration',
    versionPath: '',
    context: 'vireo/device-configuration',
  },
  {id: `leap-${leapVersions.current}`, label: `LEAP ${leapVersions.current}`, versionPath: '', context: 'leap'},
  ...leapVersions.older.map((v) => ({
    id: `leap-${v}`,
    label: `LEAP ${v}`,
    versionPath: `leap/${v}`,
    context: '',
    older: true,
  })),
];

// Every MDX page binds the JSX runtime once instead of at each element (src/recma/jsx-runtime-namespace.ts).
const recmaPlugins = settings.performance.jsxRuntimeNamespace ? [recmaJsxRuntimeNamespace] : [];

/** Options shared by both docs-plugin instances (the main collection and the LEAP SDK). */
const sharedDocsOptions = {
  showLastUpdateTime: true,
  breadcrumbs: true,
  remarkPlugins: [],
  recmaPlugins,
} satisfies Partial<Docs.Options>;

// The settings the pages read (customFields): all but those that are how the build runs (BUILD_ONLY_CUSTOMISATIONS).
const clientPerformance = pagePerformanceSettings(settings.performance);

// Mermaid themes, used by the theme in the browser and by the build-time renderer.
const mermaidTheme = {light: 'default', dark: 'dark'};
// Where the build-time renderer caches drawings and diagram sources (the Markdown versions read the sources).
const mermaidCacheDirectory = './node_modules/.cache/lykta-mermaid';
// ```mermaid blocks become SVG files at build time (both modes), so pages ship no Mermaid code.
const mermaidPrerender = settings.performance.diagramPrerender
  ? ([
      [
        remarkMermaidPrerender,
        {theme: mermaidTheme, cacheDirectory: mermaidCacheDirectory} satisfies MermaidPrerenderOptions,
      ],
    ] as const)
  : [];

// LEAP C headers: the C API reference pages, links to it from every page, and the published headers.
const leapHeadersOptions = {
  headers: './src/leap-headers',
  directory: './node_modules/.cache/lykta-leap-include',
} satisfies LeapHeadersPluginOptions;
const leapCApi = [remarkLeapCApi, {headers: leapHeadersOptions.headers}] as const;

// VIREO OpenAPI documents bundled for download, one per API and the whole family (/openapi/bundled/).
const openApiBundleOptions = {
  source: './static/openapi',
  directory: './node_modules/.cache/lykta-openapi-bundles',
  urlPath: '/openapi/bundled',
} satisfies OpenApiBundlePluginOptions;

const config: Config = {
  title: 'Lykta Developer Hub',
  tagline: 'The innovation hub for developers and solution builders',
  favicon: 'img/favicon.svg',
  url: 'https://developer.lykta.example',
  baseUrl: '/',
  trailingSlash: true,
  titleDelimiter: '|',
  // Docusaurus's page template, except that the bundles start after the first paint (src/lib/appStart.ts).
  ...(settings.performance.paintFirstStart ? {ssrTemplate} : {}),
  // What the theme components need of the settings.
  customFields: {performance: clientPerformance, offlineReading: settings.offlineReading},

  future: {
    // Everything of v4 except storage namespacing: the spec stores the colour mode under the plain key "theme".
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
      useCssCascadeLayers: true,
      siteStorageNamespacing: false,
      fasterByDefault: true,
      mdx1CompatDisabledByDefault: true,
    },
    faster: true,
  },

  // static/, the LEAP headers published for each line (/leap/include/<line>/, written by the leap-headers
  // plugin), and the bundled OpenAPI documents (/openapi/bundled/, written by the openapi-bundle plugin).
  staticDirectories: ['static', leapHeadersOptions.directory, openApiBundleOptions.directory],

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {en: {label: 'English', direction: 'ltr', htmlLang: 'en'}},
  },

  markdown: {
    mermaid: true,
    hooks: {onBrokenMarkdownLinks: 'throw', onBrokenMarkdownImages: 'throw'},
  },

  presets: [
    [
      'classic',
      {
        docs: {
          ...sharedDocsOptions,
          path: 'docs',
          routeBasePath: '/',
          sidebarPath: './sidebars.ts',
          exclude: ['**/_*/**', '**/_*.{md,mdx}'],
          // VIREO API pages: <OpenApiOperations document="…"/> expands to the operations of static/openapi/….yaml.
          beforeDefaultRemarkPlugins: [
            [
              remarkOpenApiOperations,
              {directory: './static/openapi', urlPath: openApiBundleOptions.urlPath} satisfies OpenApiOperationsOptions,
            ],
            // /vireo/error-codes/: <VireoErrorCodes of="all" /> lists every problem code of the documents.
            [
              remarkVireoErrorCodes,
              {directory: './static/openapi', pages: './docs/vireo', route: '/vireo/'} satisfies VireoErrorCodesOptions,
            ],
            // <VireoEvents api="section/name" /> (an API page's topics) and api="all" (/vireo/events/), from the AsyncAPI catalogue.
            [
              remarkVireoEvents,
              {
                directory: './static/openapi',
                pages: './docs/vireo',
                route: '/vireo/',
                catalogue: './static/asyncapi/vireo-events.yaml',
                catalogueRoute: '/vireo/events/',
              } satisfies VireoEventsOptions,
            ],
            ...mermaidPrerender,
            leapCApi,
          ],
        },
        blog: {
          path: 'blog',
          routeBasePath: 'blog',
          blogTitle: 'Blog',
          blogDescription: 'Announcements of significant changes to the Lykta developer documentation.',
          blogSidebarTitle: 'All posts',
          blogSidebarCount: 'ALL',
          showReadingTime: true,
          postsPerPage: 10,
          authorsMapPath: 'authors.yml',
          tags: 'tags.yml',
          onInlineTags: 'throw',
          onInlineAuthors: 'throw',
          onUntruncatedBlogPosts: 'throw',
          beforeDefaultRemarkPlugins: [...mermaidPrerender, leapCApi],
          recmaPlugins,
          feedOptions: {
            type: ['rss', 'atom'],
            title: 'Lykta Developer Hub blog',
            copyright: 'Copyright © 2025 Lykta',
            limit: 20,
          },
        },
        theme: {
          customCss: [
            './src/css/custom.css',
            ...(settings.performance.closedSidebarPrefetch ? ['./src/css/prefetch.css'] : []),
          ],
        },
        pages: {recmaPlugins},
        sitemap: {lastmod: 'date', changefreq: null, priority: null},
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    // scripts/build.mjs starts each build process early; it waits here until the one ahead is far enough.
    // Always listed (it does nothing unless the script asks), so every production build has the same plugins.
    buildGate,
    [
      '@docusaurus/plugin-content-docs',
      {
        ...sharedDocsOptions,
        id: 'sdk',
        path: 'sdk',
        routeBasePath: 'leap',
        sidebarPath: './sidebars-sdk.ts',
        // Manifest schema pages: <ManifestSchemaFields version="…"/> expands to the fields of static/schemas/leap/….
        beforeDefaultRemarkPlugins: [
          [
            remarkManifestSchemaFields,
            {directory: './static/schemas/leap', urlPath: '/schemas/leap'} satisfies ManifestSchemaFieldsOptions,
          ],
          ...mermaidPrerender,
          leapCApi,
        ],
        lastVersion: 'current',
        versions: {
          current: {label: leapVersions.current, path: ''},
          ...Object.fromEntries(leapVersions.older.map((v) => [v, {label: v, path: v}])),
        },
      } satisfies Docs.Options,
    ],
    [pageViewAnalytics, settings.analytics],
    announcementBarReset,
    loadFailureNotice,
    // Prism out of the first load: code is highlighted at build time, the browser loads the highlighter on use.
    ...(settings.performance.buildTimeHighlighting && settings.performance.lazyHighlighter ? [lazyHighlighter] : []),
    // Every page's first load trimmed: route registry without module paths, chunk files named by id, nprogress on use.
    ...(settings.performance.leanClientBundle ? [leanClientBundle] : []),
    ...(settings.performance.paintFirstStart ? [paintFirstStart] : []),
    // Production bundling without Rspack's incremental passes, the JavaScript heap collected between its phases.
    ...(settings.performance.bundlerMemory ? [bundlerMemory] : []),
    // Link prefetches one per task at background priority, not all links in view in one task.
    ...(settings.performance.spreadPrefetch ? [spreadPrefetch] : []),
    // Dates and sorting on page load without the browser's locale data (30–55 ms each on a phone).
    ...(settings.performance.plainFormatting ? [plainFormatting] : []),
    // Route components created on first use; route paths without parameters matched as text.
    ...(settings.performance.quickRoutes ? [quickRoutes] : []),
    [leapHeaders, leapHeadersOptions],
    [openApiBundle, openApiBundleOptions],
    // The files the remark plugins read (OpenAPI documents, JSON Schemas, LEAP headers) are dependencies of their pages.
    remarkFileDependencies,
    // Every page as Markdown at /x/index.md, /llms.txt and a full-text file per collection (after the build).
    [
      markdownPages,
      {
        collections: searchCollections,
        summary:
          'Documentation for developers and integrators who build on Lykta devices: on-device applications with the LEAP SDK (version 12, and 4 and 3 for older devices), the VIREO device HTTP APIs with their OpenAPI documents, analytics and scene metadata, video streaming and computer vision.',
        mermaidCacheDirectory: settings.performance.diagramPrerender ? mermaidCacheDirectory : undefined,
        // The search page and the Not Found page (/404.html) have no content of their own.
        withoutMarkdown: ['/search/', '/offline/'],
        // Listings of other pages' summaries: their Markdown exists, llms.txt links the pages themselves.
        unlisted: ['^/blog/tags/', '^/blog/page/', '^/blog/authors/[^/]+/'],
      } satisfies MarkdownPagesOptions,
    ],
    // Offline reading: @docusaurus/plugin-pwa, with one list per collection and nothing for readers who do not opt in.
    ...(settings.offlineReading
      ? [
          [
            offlineReading,
            {
              collections: searchCollections,
              managePage: '/offline/',
              pwaHead: [
                {tagName: 'link', rel: 'manifest', href: '/manifest.json'},
                {tagName: 'meta', name: 'theme-color', content: '#0b5cad'},
                {tagName: 'link', rel: 'apple-touch-icon', href: '/img/pwa/icon-192.png'},
              ],
            } satisfies OfflineReadingOptions,
          ] as [typeof offlineReading, OfflineReadingOptions],
        ]
      : []),
    // Last of the plugins, after every MDX rule is in the config: with scripts/build.mjs's LYKTA_BUNDLE_ONLY it
    // takes the other compiler out and hands the MDX pages from the client process to the server process.
    ...(settings.performance.serverProcess ? [serverProcess] : []),
  ],

  themes: [
    '@docusaurus/theme-mermaid',
    [
      // @easyops-cn/docusaurus-search-local, with its index files written in a compact encoding.
      searchLocal,
      {
        hashed: true,
        language: ['en'],
        indexDocs: true,
        indexBlog: true,
        indexPages: false,
        docsRouteBasePath: ['/', 'leap'],
        blogRouteBasePath: ['blog'],
        docsPluginIdForPreferredVersion: 'sdk',
        // Search collections: each has its own pair of files (documents and index), none over 300 KB
        // gzip; a page loads its own collection's first and searches the others as they arrive.
        collections: searchCollections,
        highlightSearchTermsOnTargetPage: true,
        // Code blocks (JSON examples, curl commands) and diagram sources are left out of the index:
        // they made up most of its size and rarely answer a search. Tables, inline code and the API
        // operations (method, path, role, parameter and field tables, error codes) are indexed.
        ignoreCssSelectors: ['pre', '.docusaurus-mermaid-container'],
        explicitSearchResultPath: true,
        searchResultLimits: 8,
        searchResultContextMaxLength: 60,
        searchBarShortcutKeymap: 'mod+k',
        searchBarShortcutHint: false,
      } satisfies Partial<SearchOptions> & LyktaSearchOptions,
    ],
  ],

  themeConfig: {
    image: 'img/social-card.png',
    metadata: [{name: 'twitter:card', content: 'summary_large_image'}],
    colorMode: {
      defaultMode: 'light',
      disableSwitch: !settings.colorModeSwitch,
      respectPrefersColorScheme: settings.followSystemColorMode,
    },
    announcementBar: settings.announcementBar,
    docs: {sidebar: {hideable: true, autoCollapseCategories: false}},
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    mermaid: {theme: mermaidTheme},
    navbar: {
      title: '',
      hideOnScroll: true,
      logo: {
        alt: 'Lykta Developer Hub',
        src: 'img/logo-light.svg',
        srcDark: 'img/logo-dark.svg',
        width: 100,
        height: 36,
      },
      items: [
        {type: 'docSidebar', sidebarId: 'videoStreamingAndRecordingSidebar', label: 'Video', position: 'left'},
        {type: 'docSidebar', sidebarId: 'analyticsSidebar', label: 'Analytics', position: 'left'},
        {type: 'docSidebar', sidebarId: 'computerVisionSidebar', label: 'Computer vision', position: 'left'},
        {type: 'docSidebar', sidebarId: 'vireoSidebar', label: 'VIREO API', position: 'left'},
        {type: 'docSidebar', docsPluginId: 'sdk', sidebarId: 'sdkSidebar', label: 'LEAP SDK', position: 'left'},
        {type: 'docsVersionDropdown', docsPluginId: 'sdk', position: 'right'},
        {to: '/blog/', label: 'Blog', position: 'right'},
        {type: 'search', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      logo: {
        alt: 'Lykta',
        src: 'img/logo-dark.svg',
        width: 100,
        height: 36,
      },
      links: [
        {
          title: 'COMMUNITY',
          items: [
            {label: 'Developer community', href: 'https://github.com/orgs/lykta-example/discussions'},
            {label: 'GitHub', href: 'https://github.com/lykta-example'},
          ],
        },
        {
          title: 'SOCIAL',
          items: [
            {label: 'LinkedIn', href: 'https://www.linkedin.com/company/lykta-example'},
            {label: 'YouTube', href: 'https://www.youtube.com/@lykta-example'},
          ],
        },
        {
          title: 'LEGAL AND COMPLIANCE',
          items: [
            {label: 'Legal', to: '/legal/'},
            {label: 'Privacy', to: '/privacy/'},
          ],
        },
        ...(settings.offlineReading ? [{title: 'READING', items: [{label: 'Offline reading', to: '/offline/'}]}] : []),
      ],
      copyright: 'Copyright © 2025 Lykta. Documentation for developers and solution builders.',
    },
    prism: {
      // Dark, editor-style code blocks in both modes (spec §9): Palenight on the light page, VS Dark on
      // the dark one, with token colours raised to WCAG AA contrast (src/lib/codeThemes.ts).
      theme: lightCodeTheme,
      darkTheme: darkCodeTheme,
      additionalLanguages: ['bash', 'csharp', 'docker', 'http', 'json', 'makefile', 'php', 'python', 'toml'],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
