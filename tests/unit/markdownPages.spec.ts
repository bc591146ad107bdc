/**
 * The Markdown versions of pages (src/lib/markdown): the conversion rules on markup as the theme and the
 * site's components render it, llms.txt and the full-text files, the alternate link, the diagram
 * sources, and the serialised rewrites of built pages.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {pageToMarkdown, withoutDocSidebar} from '../../src/lib/markdown/pageToMarkdown';
import {convertPages} from '../../src/plugins/markdown-pages/convert';
import {fullTexts, llmsTxt, markdownUrl, sections} from '../../src/lib/markdown/llmsTxt';
import {injectMarkdownLink} from '../../src/lib/markdown/alternateLink';
import {injectSearchManifest} from '../../src/lib/search/manifest';
import type {SearchManifest} from '../../src/lib/search/collections';
import {diagramKeyOfImage, diagramSourceFromImage, saveDiagramSource} from '../../src/lib/diagramSources';
import {MAX_REWRITES_AT_ONCE, rewriteBuiltFile, rewritesInProgress} from '../../src/lib/builtFiles';
import type {SearchCollectionDefinition} from '../../src/lib/search/collections';

const SITE = 'Lykta Developer Hub';

/** A doc page as the theme builds it, with `content` inside its article. */
const docPage = (content: string, head = '') =>
  `<!doctype html><html class="docs-wrapper docs-doc-page"><head><title>Time API | ${SITE}</title>` +
  `<meta name="description" content="Read the clock.">${head}</head><body><nav class="navbar">Menu</nav>` +
  `<div id="__docusaurus_skipToContent_fallback"><aside>Sidebar</aside><main><article>` +
  `<nav class="theme-doc-breadcrumbs">Home</nav><div class="lykta-copy-page"><button>Copy page</button></div>` +
  `<div class="theme-doc-markdown markdown"><header><h1>Time API</h1></header>${content}</div>` +
  `<footer class="theme-doc-footer">Last updated</footer></article></main></div><footer>Site footer</footer></body></html>`;

const convert = (html: string, sources: Record<string, string> = {}) =>
  pageToMarkdown(html, {siteTitle: SITE, diagramSource: (url) => sources[url]})!;

/** A code block as the site's CodeBlock renders it (one element per line, line numbers optional). */
const codeBlock = (lang: string, lines: string[], {title = '', highlight = [] as number[], numbers = false} = {}) =>
  `<div class="language-${lang} codeBlockContainer_x theme-code-block"><div class="codeBlockContent_x">` +
  (title ? `<div class="codeBlockTitle_x">${title}</div>` : '') +
  `<pre class="prism-code language-${lang}"><code>` +
  lines
    .map(
      (l, i) =>
        `<div class="token-line${highlight.includes(i + 1) ? ' theme-code-block-highlighted-line' : ''}">` +
        (numbers ? `<span class="codeLineNumber_x">${i + 1}</span>` : '') +
        `<span class="token plain">${l}</span><br></div>`,
    )
    .join('') +
  `</code></pre><div class="buttonGroup_x"><button>Copy</button></div></div></div>`;

test.describe('pageToMarkdown', () => {
  test('a doc: its h1, title, description and content; navigation, footer and page actions left out', () => {
    const page = convert(
      docPage(
        '<p>Reads the <a href="/vireo/">clock</a>.</p><h2 id="x">Use<a class="hash-link" href="#x">\u200b</a></h2>',
      ),
    );
    expect(page.kind).toBe('doc');
    expect(page.title).toBe('Time API');
    expect(page.description).toBe('Read the clock.');
    expect(page.markdown).toBe('# Time API\n\nReads the [clock](/vireo/).\n\n## Use\n');
  });

  test('code blocks keep their language, title, highlighted lines and every line, blank ones too', () => {
    const md = convert(
      docPage(
        codeBlock('python', ['import os', '', '', 'print(1)'], {title: 'run.py', highlight: [1, 4], numbers: true}),
      ),
    ).markdown;
    expect(md).toContain('```python title="run.py" {1,4}\nimport os\n\n\nprint(1)\n```');
    expect(md).not.toContain('Copy');
  });

  test('a code block holding a fence gets a longer fence', () => {
    const md = convert(docPage(codeBlock('md', ['```js', 'x', '```']))).markdown;
    expect(md).toContain('````md\n```js\nx\n```\n````');
  });

  test('admonitions become quotes led by their kind and title', () => {
    const admonition = (type: string, heading: string) =>
      `<div class="theme-admonition theme-admonition-${type} alert"><div class="admonitionHeading_x">` +
      `<span class="admonitionIcon_x"><svg></svg></span>${heading}</div><div class="admonitionContent_x"><p>Body ${type}.</p></div></div>`;
    const md = convert(docPage(admonition('warning', 'warning') + admonition('tip', 'Faster builds'))).markdown;
    expect(md).toContain('> **Warning**\n>\n> Body warning.');
    expect(md).toContain('> **Tip: Faster builds**\n>\n> Body tip.');
  });

  test('tabs: every tab, hidden ones included, under its label', () => {
    const tabs =
      '<div class="tabs-container tabList_x"><ul role="tablist" class="tabs"><li role="tab" aria-selected="true">curl</li>' +
      '<li role="tab">Python</li></ul><div class="margin-top--md"><div role="tabpanel">' +
      codeBlock('bash', ['curl -s x']) +
      '</div><div role="tabpanel" hidden>' +
      codeBlock('python', ['requests.get(x)']) +
      '</div></div></div>';
    const md = convert(docPage(tabs)).markdown;
    expect(md).toContain(
      '**Tab: curl**\n\n```bash\ncurl -s x\n```\n\n**Tab: Python**\n\n```python\nrequests.get(x)\n```',
    );
    expect(md).not.toMatch(/^- curl/m);
  });

  test('an API operation: signature, role, operation ID, authentication, tables with nested fields, errors', () => {
    const operation =
      '<h3 id="get-clock">Read the clock</h3><div class="operation_x openapi-operation">' +
      '<p class="signature_x openapi-operation-signature"><span class="method_x openapi-operation-method">GET</span> <code>/vireo/time/v1/clock</code></p>' +
      '<p class="meta_x openapi-operation-meta"><span>Minimum role: <strong>viewer</strong></span><span>Operation ID: <code>getClock</code></span>' +
      '<span>Authentication: <span>HTTP Digest</span><span> or <!-- -->HTTP Basic</span></span></p>' +
      '<h4 id="get-clock-responses">Responses</h4><table><thead><tr><th>Field</th><th>Type</th><th>Description</th></tr></thead><tbody>' +
      '<tr><td style="padding-left:0.75rem"><code>source</code></td><td>object</td><td>Where.<ul class="facts_x"><li>One of: ntp, manual</li><li>Since 1.1</li></ul></td></tr>' +
      '<tr><td style="padding-left:1.75rem"><code>server</code></td><td>string</td><td>Host.</td></tr></tbody></table>' +
      '<table><caption>Errors, as <code>application/problem+json</code></caption><thead><tr><th>Status</th><th>Code</th></tr></thead>' +
      '<tbody><tr><td>401</td><td><code>auth.required</code></td></tr></tbody></table>' +
      codeBlock('bash', ['curl https://192.0.2.10/vireo/time/v1/clock']) +
      '</div>';
    const md = convert(docPage(operation)).markdown;
    expect(md).toContain(
      '### Read the clock\n\n`GET /vireo/time/v1/clock`\n\n- Minimum role: **viewer**\n- Operation ID: `getClock`\n- Authentication: HTTP Digest or HTTP Basic\n\n#### Responses',
    );
    expect(md).toContain('| `source` | object | Where. One of: ntp, manual; Since 1.1 |');
    expect(md).toContain('| ↳ `server` | string | Host. |');
    expect(md).toContain('Errors, as `application/problem+json`\n\n| Status | Code |');
    expect(md).toContain('```bash\ncurl https://192.0.2.10/vireo/time/v1/clock\n```');
    expect(md).not.toContain('<!--');
  });

  test('a diagram drawn at build time becomes its Mermaid source; an unknown one fails', () => {
    const diagram = (key: string) =>
      `<div class="docusaurus-mermaid-container mermaid-prerendered"><img class="mermaid-light" src="/assets/images/${key}-light-abc.svg" alt="Flowchart">` +
      `<img class="mermaid-dark" src="/assets/images/${key}-dark-def.svg" alt="Flowchart"></div>`;
    const src = '/assets/images/0123456789abcdef-light-abc.svg';
    const md = convert(docPage(diagram('0123456789abcdef')), {[src]: 'flowchart LR\n  A --> B\n'}).markdown;
    expect(md).toContain('```mermaid\nflowchart LR\n  A --> B\n```');
    expect(() => convert(docPage(diagram('fedcba9876543210')))).toThrow(/no Mermaid source/);
  });

  test('a blog post: title, date and content, without its footer; another page: its main part, titled by <title>', () => {
    const post = convert(
      `<html class="blog-wrapper blog-post-page"><head><title>Hello | ${SITE}</title></head><body><main><article>` +
        '<header><h1>Hello</h1><time>May 1, 2025</time></header><div class="markdown"><p>Text.</p></div>' +
        '<footer class="theme-doc-footer">Tags</footer></article></main></body></html>',
    );
    expect(post.kind).toBe('blog-post');
    expect(post.markdown).toBe('# Hello\n\nMay 1, 2025\n\nText.\n');
    const list = convert(
      `<html class="blog-list-page"><head><title>Blog | ${SITE}</title></head><body><nav>x</nav><div id="__docusaurus_skipToContent_fallback">` +
        '<main><article><h2><a href="/blog/a/">A</a></h2><p>Intro.</p></article><nav class="pagination-nav">Older</nav></main>' +
        '<aside>Recent posts</aside></div></body></html>',
    );
    expect(list.kind).toBe('page');
    expect(list.markdown).toBe('# Blog\n\n## [A](/blog/a/)\n\nIntro.\n');
  });

  test('a card (link around a heading and a paragraph) keeps its heading, linked', () => {
    const md = convert(
      docPage(
        '<article><a class="card" href="/leap/api/c/lis/"><h2><span class="theme-doc-card-icon">📄️</span>liblis</h2><p>Inference.</p></a></article>',
      ),
    ).markdown;
    expect(md).toContain('## [liblis](/leap/api/c/lis/)\n\nInference.');
  });
});

const COLLECTIONS: SearchCollectionDefinition[] = [
  {id: 'main', label: 'Main docs', versionPath: '', context: ''},
  {id: 'vireo', label: 'VIREO', versionPath: '', context: 'vireo'},
  {id: 'leap-12', label: 'LEAP 12', versionPath: '', context: 'leap'},
  {id: 'leap-4', label: 'LEAP 4', versionPath: 'leap/4', context: '', older: true},
];
const page = (route: string, title: string, description = `About ${title}.`) => ({
  route,
  title,
  description,
  markdown: `# ${title}\n\nBody of ${title}.\n`,
});
const PAGES = [
  page('/', 'Home'),
  page('/vireo/time-api/', 'Time [API]'),
  page('/leap/4/', 'LEAP 4'),
  page('/leap/', 'LEAP', 'The current\nversion.'),
  page('/blog/', 'Blog', ''),
];
const SITE_INFO = {title: SITE, summary: 'Docs for Lykta devices.', url: 'https://developer.lykta.example'};

test.describe('converting a large site', () => {
  const sidebar =
    '<aside class="theme-doc-sidebar-container docSidebarContainer_x"><nav><ul><li><a href="/a/">A</a></li></ul></nav></aside>';
  const withSidebar = (content: string) =>
    docPage(content).replace('<aside>Sidebar</aside><main>', `${sidebar}<main class="docMainContainer_x">`);

  test('the doc sidebar is cut before parsing, and the Markdown is the same', () => {
    const html = withSidebar('<p>Reads the clock.</p>');
    expect(withoutDocSidebar(html)).not.toContain('theme-doc-sidebar-container');
    expect(withoutDocSidebar(html)).toContain('<main class="docMainContainer_x"><article>');
    expect(convert(html)).toEqual(convert(html.replace(sidebar, '')));
    // Nothing is cut from a page without it, or where the aside is not followed by the doc's main.
    const other = docPage('<p>x</p>');
    expect(withoutDocSidebar(other)).toBe(other);
    const unclosed = '<aside class="theme-doc-sidebar-container"><main>';
    expect(withoutDocSidebar(unclosed)).toBe(unclosed);
  });

  test('pages converted in worker threads: each index.md written, the same Markdown, in the order asked', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'md-pages-'));
    const routes = Array.from({length: 60}, (_, i) => `/p${i}/`);
    for (const [i, r] of routes.entries()) {
      fs.mkdirSync(path.join(outDir, r));
      fs.writeFileSync(path.join(outDir, r, 'index.html'), withSidebar(`<p>Page <code>${i}</code>.</p>`));
    }
    const pages = await convertPages({outDir, siteTitle: SITE}, routes, 2);
    expect(pages.map((p) => p.route)).toEqual(routes);
    for (const [i, p] of pages.entries()) {
      expect(p.markdown).toBe(`# Time API\n\nPage \`${i}\`.\n`);
      expect(fs.readFileSync(path.join(outDir, p.route, 'index.md'), 'utf8')).toBe(p.markdown);
    }
  });

  test('a page that cannot be converted fails the conversion, naming it', async () => {
    const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'md-pages-'));
    for (const r of ['/a/', '/empty/']) fs.mkdirSync(path.join(outDir, r));
    fs.writeFileSync(path.join(outDir, '/a/index.html'), docPage('<p>A</p>'));
    fs.writeFileSync(path.join(outDir, '/empty/index.html'), '<html><body><div>No main</div></body></html>');
    await expect(convertPages({outDir, siteTitle: SITE}, ['/a/', '/empty/'], 2)).rejects.toThrow(
      'markdown-pages: /empty/ has no content to convert',
    );
  });
});

test.describe('llms.txt', () => {
  test('the Markdown URL of a page is index.md in its folder', () => {
    expect(markdownUrl('/')).toBe('/index.md');
    expect(markdownUrl('/vireo/x/')).toBe('/vireo/x/index.md');
    expect(markdownUrl('/vireo/x')).toBe('/vireo/x/index.md');
  });

  test('pages go to the collection with the longest prefix, in the collections order', () => {
    expect(sections(COLLECTIONS, PAGES).map((s) => [s.heading, s.pages.map((p) => p.route)])).toEqual([
      ['Main docs', ['/', '/blog/']],
      ['VIREO', ['/vireo/time-api/']],
      ['LEAP 12', ['/leap/']],
      ['LEAP 4 (older version)', ['/leap/4/']],
    ]);
  });

  test('the index: title, summary, a section per collection, one line per page, the full-text files', () => {
    const text = llmsTxt(SITE_INFO, COLLECTIONS, PAGES);
    expect(text.startsWith(`# ${SITE}\n\n> Docs for Lykta devices.\n\n`)).toBe(true);
    expect(text).toContain('## Main docs\n\n- [Home](/index.md): About Home.\n- [Blog](/blog/index.md)\n');
    expect(text).toContain('- [Time \\[API\\]](/vireo/time-api/index.md): About Time [API].');
    expect(text).toContain('- [LEAP](/leap/index.md): The current version.');
    expect(text).toContain('## LEAP 4 (older version)\n\n- [LEAP 4](/leap/4/index.md)');
    expect(text).toContain('## Full text\n\n- [Main docs, full text](/llms-full-main.txt)');
    expect(text).toContain('(/llms-full-leap-4.txt): every page of LEAP 4 (an older version)');
  });

  test('a page outside every collection fails', () => {
    expect(() => sections(COLLECTIONS.slice(1), PAGES)).toThrow(/belongs to no collection/);
  });

  test('the full-text file of a collection holds each page with its address', () => {
    const files = fullTexts(SITE_INFO, COLLECTIONS, PAGES);
    expect([...files.keys()]).toEqual([
      '/llms-full-main.txt',
      '/llms-full-vireo.txt',
      '/llms-full-leap-12.txt',
      '/llms-full-leap-4.txt',
    ]);
    const main = files.get('/llms-full-main.txt')!;
    expect(main).toContain('Source: https://developer.lykta.example/\n\n# Home\n\nBody of Home.\n');
    expect(main).toContain('Source: https://developer.lykta.example/blog/\n\n# Blog');
    expect(files.get('/llms-full-leap-4.txt')).toMatch(/^# Lykta Developer Hub: LEAP 4 \(older version\)/);
  });
});

test.describe('the Markdown link, diagram sources and page rewrites', () => {
  test('the alternate link goes into the head once', () => {
    const once = injectMarkdownLink('<html><head><title>x</title></head><body></body></html>', '/x/index.md');
    expect(once).toBe(
      '<html><head><title>x</title><link rel="alternate" type="text/markdown" href="/x/index.md"></head><body></body></html>',
    );
    expect(injectMarkdownLink(once, '/y/index.md')).toBe(once.replace('/x/', '/y/'));
    expect(() => injectMarkdownLink('<p>no head</p>', '/x/index.md')).toThrow(/no <\/head>/);
  });

  test('the alternate link and the search manifest come out in one order, whichever plugin rewrites the page first', () => {
    const page = '<html><head><title>x</title><meta name="lykta-search-hint" content="a"></head><body></body></html>';
    const manifest: SearchManifest = {
      collections: [{id: 'main', label: 'Main', prefix: '/', files: {doc: '/a.json', index: '/b.json'}}],
    };
    const linkFirst = injectSearchManifest(injectMarkdownLink(page, '/x/index.md'), manifest);
    const searchFirst = injectMarkdownLink(injectSearchManifest(page, manifest), '/x/index.md');
    expect(searchFirst).toBe(linkFirst);
    expect(linkFirst).toMatch(
      /<link rel="alternate" type="text\/markdown" href="\/x\/index.md"><meta name="lykta-search" content="[^"]+"><\/head>/,
    );
    // A meta element after the head is not taken for the manifest's.
    const late = '<html><head><title>x</title></head><body><meta name="lykta-search" content="y"></body></html>';
    expect(injectMarkdownLink(late, '/x/index.md')).toContain(
      '<link rel="alternate" type="text/markdown" href="/x/index.md"></head>',
    );
  });

  test('a diagram source is found from either drawing of it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'diagrams-'));
    saveDiagramSource(dir, '0123456789abcdef', 'graph TD\n');
    saveDiagramSource(dir, '0123456789abcdef', 'not this');
    expect(diagramKeyOfImage('/assets/images/0123456789abcdef-dark-99.svg')).toBe('0123456789abcdef');
    expect(diagramKeyOfImage('/img/logo.svg')).toBeUndefined();
    expect(diagramSourceFromImage(dir, '/assets/images/0123456789abcdef-light-1a.svg')).toBe('graph TD\n');
    expect(diagramSourceFromImage(dir, '/assets/images/fedcba9876543210-light-1a.svg')).toBeUndefined();
  });

  test('rewrites of one built file run one after another, none lost', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'built-')), 'index.html');
    fs.writeFileSync(file, '<head></head>');
    await Promise.all(
      Array.from({length: 20}, (_, i) => rewriteBuiltFile(file, (html) => html.replace('</head>', `<i${i}></head>`))),
    );
    const html = fs.readFileSync(file, 'utf8');
    for (let i = 0; i < 20; i++) expect(html).toContain(`<i${i}>`);
  });

  test('rewrites of many built files: every one done, only a few in progress at once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'built-'));
    const files = Array.from({length: 200}, (_, i) => path.join(dir, `${i}.html`));
    for (const f of files) fs.writeFileSync(f, '<head></head>');
    let most = 0;
    await Promise.all(
      files.map((f) =>
        rewriteBuiltFile(f, (html) => {
          most = Math.max(most, rewritesInProgress());
          return html.replace('</head>', '<meta></head>');
        }),
      ),
    );
    for (const f of files) expect(fs.readFileSync(f, 'utf8')).toBe('<head><meta></head>');
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(MAX_REWRITES_AT_ONCE);
    expect(rewritesInProgress()).toBe(0);
  });
});
