/**
 * The Markdown version of every page (/x/index.md, src/plugins/markdown-pages) against the page a reader
 * sees: for a sample of each page type in Chromium, the same h1–h3 headings, every code block with its
 * language and text, every API operation's method and path, every diagram's Mermaid source; and for every
 * page of the spec's route list and the sitemap, read over HTTP, a Markdown file whose h1 is the page's
 * title and whose code blocks and diagrams are as many as the page's.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect, gotoHydrated} from '../support/fixtures';
import {ROOT} from '../support/files';
import {markdownHeadings, parseMarkdown, specRoutes} from '../support/markdown';

const SAMPLES = {
  guide: '/analytics/scene-metadata/how-to-guides/scene-metadata-over-mqtt/',
  'VIREO API page': '/vireo/device-configuration/time-api/',
  'API page with a diagram': '/vireo/device-configuration/speaker-display-settings/',
  'manifest-schema page': '/leap/develop/manifest-schemas/schema-field-descriptions-v1.8.0/',
  'LEAP 12 page': '/leap/develop/build-install-run/',
  'LEAP 4 page': '/leap/4/',
  'LEAP 3 page': '/leap/3/',
  'reference with admonitions': '/references/command-line-interface/',
  'blog post with a diagram': '/blog/2024/11/13/vireo/',
};

/** Where mermaid-prerender keeps each diagram's source (`<key>.mmd`), beside its drawings. */
const MERMAID_CACHE = path.join(ROOT, 'node_modules/.cache/lykta-mermaid');

const markdownOf = (route: string) => `${route}index.md`;

/** What the page shows, read from its DOM: headings, code blocks, operations and diagrams of its content. */
async function pageContent(page: import('@playwright/test').Page) {
  return page.evaluate(() => {
    const root =
      document.querySelector('article .theme-doc-markdown') ??
      (document.documentElement.classList.contains('blog-post-page') ? document.querySelector('main article') : null) ??
      document.querySelector('main')!;
    const text = (el: Element) =>
      (el.textContent ?? '')
        .replace(/\u200b/g, '')
        .replace(/\s+/g, ' ')
        .trim();
    return {
      headings: Array.from(root.querySelectorAll('h1, h2, h3')).map((h) => `${h.tagName.toLowerCase()} ${text(h)}`),
      code: Array.from(root.querySelectorAll('.theme-code-block')).map((block) => {
        const lang =
          Array.from(block.classList)
            .find((c) => c.startsWith('language-'))
            ?.slice('language-'.length) ?? '';
        const lines = Array.from(block.querySelectorAll('pre code .token-line')).map((l) =>
          (l.textContent ?? '').replace(/\n$/, ''),
        );
        return {lang, body: lines.join('\n')};
      }),
      operations: Array.from(root.querySelectorAll('.openapi-operation-signature')).map((s) => text(s)),
      diagrams: Array.from(root.querySelectorAll('.mermaid-prerendered img.mermaid-light')).map((img) =>
        img.getAttribute('src'),
      ),
    };
  });
}

test.describe('Markdown versions of each page type', () => {
  for (const [kind, route] of Object.entries(SAMPLES)) {
    test(`${kind} (${route}): headings, code blocks, operations and diagrams`, async ({page, request}) => {
      await gotoHydrated(page, route);
      const link = page.locator('head link[rel="alternate"][type="text/markdown"]');
      await expect(link).toHaveAttribute('href', markdownOf(route));
      const answer = await request.get(markdownOf(route));
      expect(answer.status()).toBe(200);
      expect(answer.headers()['content-type']).toMatch(/^text\/markdown/);
      const markdown = await answer.text();
      const shown = await pageContent(page);
      const {fences} = parseMarkdown(markdown);

      expect(markdownHeadings(markdown), 'h1–h3 headings').toEqual(shown.headings);
      expect(shown.headings.length).toBeGreaterThan(1);

      const code = fences.filter((f) => f.lang !== 'mermaid');
      expect(
        code.map((f) => f.lang),
        'code block languages, in order',
      ).toEqual(shown.code.map((c) => c.lang));
      shown.code.forEach((c, i) => expect(code[i]!.body, `code block ${i + 1} (${c.lang})`).toBe(c.body));

      for (const signature of shown.operations) expect(markdown, signature).toContain(`\`${signature}\``);

      const diagrams = fences.filter((f) => f.lang === 'mermaid').map((f) => f.body);
      expect(diagrams.length, 'diagrams').toBe(shown.diagrams.length);
      shown.diagrams.forEach((src, i) => {
        const key = /\/([0-9a-f]{16})-light-/.exec(src ?? '')?.[1];
        const source = fs.readFileSync(path.join(MERMAID_CACHE, `${key}.mmd`), 'utf8');
        expect(diagrams[i], `diagram ${i + 1}`).toBe(source.replace(/\n$/, ''));
      });
    });
  }

  test('the sample covers every kind of content the rules handle', async ({request}) => {
    const all = await Promise.all(Object.values(SAMPLES).map(async (r) => (await request.get(markdownOf(r))).text()));
    const joined = all.join('\n');
    expect(joined).toMatch(/^`(GET|POST|PUT|PATCH|DELETE) \/vireo\//m);
    expect(joined).toMatch(/^- Minimum role: \*\*\w+\*\*$/m);
    expect(joined).toMatch(/^```mermaid$/m);
    expect(joined).toMatch(/^> \*\*(Note|Tip|Info|Warning|Danger)/m);
    expect(joined).toMatch(/^\| Field \| Type \| Required \| Description \|$/m);
    expect(joined).toMatch(/^```json title="Response 200"$/m);
  });
});

test.describe('Markdown versions of every page', () => {
  test('every page of the route list and the sitemap has a Markdown file with its title and its code blocks', async ({
    request,
  }) => {
    test.setTimeout(300_000);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const fromSitemap = [...sitemap.matchAll(/<loc>[^<]*?(\/[^<]*)<\/loc>/g)].map(
      (m) => new URL(m[1]!, 'http://x').pathname,
    );
    // The search page and the Offline reading page have no content of their own (docusaurus.config.ts, withoutMarkdown).
    const routes = [...new Set([...specRoutes(), ...fromSitemap])].filter((r) => r !== '/search/' && r !== '/offline/');
    expect(routes.length).toBeGreaterThan(390);
    const problems: string[] = [];
    const decode = (s: string) =>
      s
        .replace(/<[^>]+>/g, '')
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/\u200b/g, '')
        .replace(/\s+/g, ' ')
        .trim();
    const check = async (route: string) => {
      const [html, md] = await Promise.all([request.get(route), request.get(markdownOf(route))]);
      if (html.status() !== 200) return problems.push(`${route}: page answered ${html.status()}`);
      if (md.status() !== 200) return problems.push(`${route}: no Markdown (${md.status()})`);
      const page = await html.text();
      const markdown = await md.text();
      const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(page)?.[1];
      const title = decode(
        h1 ?? /<title[^>]*>([^<]*)<\/title>/.exec(page)![1]!.replace(/ \| Lykta Developer Hub$/, ''),
      );
      const first = markdownHeadings(markdown, 1)[0];
      if (first !== `h1 ${title}`) problems.push(`${route}: Markdown h1 "${first}", page title "${title}"`);
      const {fences} = parseMarkdown(markdown);
      const pageCode = (page.match(/class="[^"]*\btheme-code-block(?=[\s"])/g) ?? []).length;
      const pageDiagrams = (page.match(/class="[^"]*\bmermaid-prerendered(?=[\s"])/g) ?? []).length;
      const mdCode = fences.filter((f) => f.lang !== 'mermaid').length;
      const mdDiagrams = fences.length - mdCode;
      if (mdCode !== pageCode)
        problems.push(`${route}: ${mdCode} code blocks in the Markdown, ${pageCode} on the page`);
      if (mdDiagrams !== pageDiagrams)
        problems.push(`${route}: ${mdDiagrams} diagrams in the Markdown, ${pageDiagrams} on the page`);
      // Both postBuild rewrites of the page survived: the Markdown link and the search manifest.
      if (!page.includes(`<link rel="alternate" type="text/markdown" href="${markdownOf(route)}">`))
        problems.push(`${route}: no link to its Markdown version`);
      if (!page.includes('<meta name="lykta-search"')) problems.push(`${route}: no search manifest`);
      // Every page of the docs offers Copy page: a doc, and a category's generated index too.
      if (/<html[^>]*\bdocs-doc-page\b/.test(page) && !page.includes('lykta-copy-page'))
        problems.push(`${route}: a doc page without Copy page`);
      if (/\n\s*<!--|\u200b/.test(markdown)) problems.push(`${route}: comments or zero-width spaces in the Markdown`);
      return undefined;
    };
    for (let i = 0; i < routes.length; i += 8) await Promise.all(routes.slice(i, i + 8).map(check));
    expect(problems.join('\n')).toBe('');
  });

  test('the search page and the Not Found page have no Markdown version', async ({request}) => {
    expect((await request.get('/search/index.md')).status()).toBe(404);
    const notFound = await (await request.get('/404.html')).text();
    expect(notFound).not.toContain('type="text/markdown"');
  });
});
