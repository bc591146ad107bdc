/**
 * Every page as Markdown, and the site's llms.txt. After the build, each built page `/x/` gets
 * `/x/index.md`, converted from what the reader sees (src/lib/markdown/pageToMarkdown.ts), and a
 * `<link rel="alternate" type="text/markdown">` to it in its head; then `/llms.txt` and one
 * `/llms-full-<collection>.txt` per search collection (src/lib/markdown/llmsTxt.ts). Pages are listed
 * in sidebar order. The search page and the Not Found page get none (they have no content of their own).
 *
 * Diagrams drawn at build time appear in the Markdown as their Mermaid source, which
 * src/plugins/mermaid-prerender keeps beside each drawing in its cache (`<key>.mmd`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {LoadedContent as DocsContent} from '@docusaurus/plugin-content-docs';
import {fullTexts, llmsTxt, markdownUrl, type MarkdownPage} from '../../lib/markdown/llmsTxt';
import {injectMarkdownLink} from '../../lib/markdown/alternateLink';
import {rewriteBuiltFile, rewritingPostBuild} from '../../lib/builtFiles';
import type {SearchCollectionDefinition} from '../../lib/search/collections';
import {convertPages} from './convert';

export interface MarkdownPagesOptions {
  /** The site's collections (the search collections): one llms.txt section and full-text file each. */
  collections: SearchCollectionDefinition[];
  /** The `>` summary of llms.txt. */
  summary: string;
  /** Where mermaid-prerender caches drawings and their sources; unset when diagrams are drawn in the browser. */
  mermaidCacheDirectory?: string;
  /** Routes that get no Markdown (no content of their own). */
  withoutMarkdown: string[];
  /** Routes (regular expressions) that get Markdown but are left out of llms.txt: listings of other pages. */
  unlisted: string[];
}

type SidebarItem = {
  type: string;
  id?: string;
  href?: string;
  items?: SidebarItem[];
  link?: {type: string; id?: string; permalink?: string};
};

/** Doc permalinks in sidebar order, every docs instance and version in turn. */
function sidebarOrder(plugins: {name: string; content: unknown}[]): string[] {
  const order: string[] = [];
  for (const plugin of plugins) {
    if (plugin.name !== 'docusaurus-plugin-content-docs') continue;
    for (const version of (plugin.content as DocsContent).loadedVersions) {
      const permalinks = new Map(version.docs.map((d) => [d.id, d.permalink]));
      const walk = (items: SidebarItem[]) => {
        for (const item of items) {
          if (item.type === 'doc' || item.type === 'ref') order.push(permalinks.get(item.id!) ?? '');
          if (item.type === 'category') {
            if (item.link?.type === 'doc') order.push(permalinks.get(item.link.id!) ?? '');
            if (item.link?.type === 'generated-index') order.push(item.link.permalink ?? '');
            walk(item.items ?? []);
          }
        }
      };
      for (const sidebar of Object.values(version.sidebars)) walk(sidebar as SidebarItem[]);
      // Docs in no sidebar still come with their version.
      order.push(...version.docs.map((d) => d.permalink));
    }
  }
  return order.filter(Boolean);
}

/** The options, checked: the build fails on a wrong one rather than write a wrong llms.txt. */
function validate(raw: unknown): MarkdownPagesOptions {
  const o = (raw ?? {}) as Partial<MarkdownPagesOptions>;
  const strings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string');
  if (!Array.isArray(o.collections) || o.collections.length === 0)
    throw new Error('markdown-pages: `collections` lists no collection');
  if (typeof o.summary !== 'string' || !o.summary.trim()) throw new Error('markdown-pages: `summary` is empty');
  if (!strings(o.withoutMarkdown) || !strings(o.unlisted))
    throw new Error('markdown-pages: `withoutMarkdown` and `unlisted` must be lists of strings');
  if (o.mermaidCacheDirectory !== undefined && typeof o.mermaidCacheDirectory !== 'string')
    throw new Error('markdown-pages: `mermaidCacheDirectory` must be a path');
  return o as MarkdownPagesOptions;
}

export default function markdownPages(context: LoadContext, rawOptions: unknown): Plugin {
  const options = validate(rawOptions);
  return {
    name: 'markdown-pages',
    // Recorded as a rewriter of built pages: the offline lists hash the pages once it is done.
    postBuild: ({outDir, routesPaths, plugins, siteConfig}) =>
      rewritingPostBuild(async () => {
        const started = Date.now();
        const skip = new Set(options.withoutMarkdown);
        const routes = routesPaths.filter(
          (r) => r.endsWith('/') && !skip.has(r) && fs.existsSync(path.join(outDir, r, 'index.html')),
        );
        // In worker threads, while the search plugin's postBuild goes on here (./convert.ts).
        const pages: MarkdownPage[] = await convertPages(
          {outDir, siteTitle: siteConfig.title, mermaidCacheDirectory: options.mermaidCacheDirectory},
          routes,
        );
        await Promise.all(
          pages.map((p) =>
            rewriteBuiltFile(path.join(outDir, p.route, 'index.html'), (html) =>
              injectMarkdownLink(html, `${context.baseUrl}${markdownUrl(p.route).slice(1)}`),
            ),
          ),
        );

        // llms.txt lists pages in sidebar order, then the rest (home, legal, blog) by route.
        const order = new Map<string, number>();
        sidebarOrder(plugins).forEach((p, i) => order.has(p) || order.set(p, i));
        const rank = (route: string) => order.get(route) ?? Number.MAX_SAFE_INTEGER;
        const unlisted = options.unlisted.map((r) => new RegExp(r));
        const listed = pages
          .filter((p) => !unlisted.some((re) => re.test(p.route)))
          .sort((a, b) => rank(a.route) - rank(b.route) || a.route.localeCompare(b.route));
        const site = {title: siteConfig.title, summary: options.summary, url: siteConfig.url};
        fs.writeFileSync(path.join(outDir, 'llms.txt'), llmsTxt(site, options.collections, listed));
        for (const [url, text] of fullTexts(site, options.collections, listed))
          fs.writeFileSync(path.join(outDir, url), text);
        console.log(
          `[markdown-pages] ${pages.length} pages as Markdown, llms.txt with ${listed.length} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
        );
      }),
  };
}
