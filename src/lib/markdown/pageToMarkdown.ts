/**
 * A built page as Markdown: what the reader sees, read from the page's HTML. Used by the
 * markdown-pages plugin (src/plugins/markdown-pages) after the build, for `/x/index.md` beside every
 * page `/x/`, the full-text files and the Copy page button.
 *
 * The page's content (a doc's article, a blog post, or the main part of any other page) is converted
 * with hast-util-to-mdast and written with mdast-util-to-markdown (GFM tables), with rules for what
 * the site's components render: code blocks with their language and title (highlighting and line
 * structure dropped), admonitions, tabs (every tab, labelled), the VIREO API operations (signature,
 * role, authentication, parameters, responses, curl) and their field tables, and diagrams drawn at
 * build time, which become their Mermaid source again.
 */
import type {Element, ElementContent, Nodes as HastNodes, Root as HastRoot} from 'hast';
import type {
  BlockContent,
  Blockquote,
  Code,
  List,
  ListItem,
  Paragraph,
  PhrasingContent,
  Root as MdastRoot,
  RootContent,
} from 'mdast';
import {fromHtml} from 'hast-util-from-html';
import {select, selectAll} from 'hast-util-select';
import {toString as hastText} from 'hast-util-to-string';
import {defaultHandlers, toMdast, type Handle, type State} from 'hast-util-to-mdast';
import {toMarkdown} from 'mdast-util-to-markdown';
import {gfmToMarkdown} from 'mdast-util-gfm';

export interface PageToMarkdownOptions {
  /** The site's title, as it ends every page title (`Time API | Lykta Developer Hub`). */
  siteTitle: string;
  /** The Mermaid source of a diagram drawn at build time, from the URL of its light drawing. */
  diagramSource?: (imageUrl: string) => string | undefined;
}

export interface PageMarkdown {
  /** The page's h1, else its document title without the site's name. */
  title: string;
  /** The page's meta description ('' when it has none). */
  description: string;
  /** What kind of page: a doc (Copy page shows on these), a blog post, or any other page. */
  kind: 'doc' | 'blog-post' | 'page';
  /** The Markdown, starting with `# title`. */
  markdown: string;
}

const hasClass = (node: Element, name: string | RegExp): boolean => {
  const classes = node.properties.className;
  if (!Array.isArray(classes)) return false;
  return classes.some((c) => (typeof name === 'string' ? c === name : name.test(String(c))));
};

const isElement = (node: HastNodes | undefined): node is Element => node?.type === 'element';

/** Tags that are never content. */
const DROPPED_TAGS = new Set(['script', 'style', 'noscript', 'template', 'svg', 'button', 'nav', 'aside']);
/** Classes of the theme's parts that are not content: anchors, version badge, doc footer, page actions. */
const DROPPED_CLASSES = new Set([
  'hash-link',
  'theme-doc-toc-mobile',
  'theme-doc-version-badge',
  'theme-doc-version-banner',
  'theme-doc-footer',
  'theme-edit-this-page',
  'theme-last-updated',
  'pagination-nav',
  'lykta-copy-page',
  'theme-doc-card-icon',
]);

const classList = (node: Element): string[] =>
  Array.isArray(node.properties.className) ? node.properties.className.map(String) : [];

function isDropped(node: Element): boolean {
  if (DROPPED_TAGS.has(node.tagName)) return true;
  if (String(node.properties.ariaHidden) === 'true') return true;
  return classList(node).some(
    (c) => DROPPED_CLASSES.has(c) || c.startsWith('authorSocials') || c.startsWith('authorBlogPostCount'),
  );
}

/** Removes the elements `selector` matches from the tree. */
function drop(tree: HastRoot | Element, selector: string): void {
  const doomed = new Set<Element>(selectAll(selector, tree));
  if (doomed.size === 0) return;
  const walk = (parent: HastRoot | Element) => {
    parent.children = parent.children.filter(
      (child) => !(isElement(child) && doomed.has(child)),
    ) as typeof parent.children;
    for (const child of parent.children) if (isElement(child)) walk(child);
  };
  walk(tree);
}

/** The text of a code block, line by line (line numbers, if any, left out). */
export function codeText(pre: Element): string {
  const code = (select('code', pre) ?? pre) as Element;
  drop(code, '[class*="codeLineNumber"]');
  const lines = selectAll('.token-line', code);
  if (lines.length > 0) return lines.map((line) => hastText(line).replace(/\n$/, '')).join('\n');
  const parts: string[] = [];
  const walk = (node: ElementContent) => {
    if (node.type === 'text') parts.push(node.value);
    else if (node.type === 'element') {
      if (node.tagName === 'br') parts.push('\n');
      else node.children.forEach(walk);
    }
  };
  code.children.forEach(walk);
  return parts.join('').replace(/\n$/, '');
}

/** The highlighted lines of a code block as Docusaurus writes them in a fence's meta (`2,5-7`), or ''. */
export function highlightedLines(pre: Element): string {
  const lines = selectAll('.token-line', pre);
  const numbers = lines.flatMap((line, i) => (hasClass(line, 'theme-code-block-highlighted-line') ? [i + 1] : []));
  const ranges: string[] = [];
  for (let i = 0; i < numbers.length; i++) {
    const start = numbers[i]!;
    while (numbers[i + 1] === numbers[i]! + 1) i++;
    ranges.push(start === numbers[i] ? String(start) : `${start}-${numbers[i]}`);
  }
  return ranges.join(',');
}

/** The language of a code block, from its `language-xxx` class. */
function codeLanguage(...nodes: (Element | undefined)[]): string | null {
  for (const node of nodes) {
    const classes = node?.properties.className;
    if (!Array.isArray(classes)) continue;
    const found = classes.map(String).find((c) => c.startsWith('language-'));
    if (found) {
      const lang = found.slice('language-'.length);
      return lang;
    }
  }
  return null;
}

const paragraph = (children: PhrasingContent[]): Paragraph => ({type: 'paragraph', children});
const strong = (value: string): PhrasingContent => ({type: 'strong', children: [{type: 'text', value}]});

/** The block content of an element's children, stray phrasing wrapped in paragraphs. */
const blocks = (state: State, node: Element): BlockContent[] =>
  state.toFlow(state.all(node) as RootContent[]) as BlockContent[];

/**
 * A theme code block (its container div) as a `lykta-code` element holding the code, its language and
 * title as properties: the highlighted markup (a span per token) is gone before the conversion walks
 * the tree, and the whitespace of the code is safe from the conversion's whitespace minifier.
 */
function compactCodeBlock(node: Element): Element | undefined {
  const pre = select('pre', node);
  if (!pre) return undefined;
  const title = select('[class*="codeBlockTitle"]', node);
  const highlighted = highlightedLines(pre);
  return {
    type: 'element',
    tagName: 'lykta-code',
    properties: {
      dataCode: codeText(pre),
      dataLang: codeLanguage(node, pre) ?? '',
      dataTitle: title ? hastText(title).trim() : '',
      dataHighlight: highlighted,
    },
    children: [],
  };
}

const codeBlock: Handle = (state, node) => {
  const title = String(node.properties.dataTitle ?? '');
  const highlight = String(node.properties.dataHighlight ?? '');
  const meta = [title ? `title=${JSON.stringify(title)}` : '', highlight ? `{${highlight}}` : ''].filter(Boolean);
  const result: Code = {
    type: 'code',
    lang: String(node.properties.dataLang ?? '') || null,
    meta: meta.length ? meta.join(' ') : null,
    value: String(node.properties.dataCode ?? ''),
  };
  state.patch(node, result);
  return result;
};

/**
 * Readies the content for conversion in one walk: drops what is not content and compacts code blocks.
 */
function prepare(parent: HastRoot | Element): void {
  const children: HastNodes[] = [];
  for (const child of parent.children) {
    if (!isElement(child)) {
      children.push(child);
      continue;
    }
    if (isDropped(child)) continue;
    if (child.tagName === 'div' && hasClass(child, 'theme-code-block')) {
      const code = compactCodeBlock(child);
      if (code) {
        children.push(code);
        continue;
      }
    }
    prepare(child);
    children.push(child);
  }
  parent.children = children as typeof parent.children;
}

/** A diagram drawn at build time: a ```mermaid block with its source. */
function diagram(options: PageToMarkdownOptions): Handle {
  return (_state, node) => {
    const image = select('img', node);
    const src = image ? String(image.properties.src ?? '') : '';
    const source = options.diagramSource?.(src);
    if (source === undefined)
      throw new Error(`no Mermaid source for the diagram ${src || '(no image)'}: rebuild with a clean mermaid cache`);
    return {type: 'code', lang: 'mermaid', meta: null, value: source.replace(/\n$/, '')};
  };
}

const ADMONITION_LABELS: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  caution: 'Warning',
  danger: 'Danger',
};

/** `> **Warning: title**` then the admonition's content, as a quote. */
const admonition: Handle = (state, node) => {
  const type =
    (Array.isArray(node.properties.className) ? node.properties.className.map(String) : [])
      .find((c) => c.startsWith('theme-admonition-'))
      ?.slice('theme-admonition-'.length) ?? 'note';
  const label = ADMONITION_LABELS[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
  const heading = select('[class*="admonitionHeading"]', node);
  const content = select('[class*="admonitionContent"]', node);
  const title = heading ? hastText(heading).trim() : '';
  const lead =
    title && title.toLowerCase() !== type && title.toLowerCase() !== label.toLowerCase() ? `${label}: ${title}` : label;
  const quote: Blockquote = {
    type: 'blockquote',
    children: [paragraph([strong(lead)]), ...(content ? blocks(state, content) : [])],
  };
  state.patch(node, quote);
  return quote;
};

/** Every tab of a Tabs block, each under its bold label, in order (the hidden ones included). */
const tabs: Handle = (state, node) => {
  const labels = selectAll('[role="tab"]', node).map((tab) => hastText(tab).trim());
  const panels = selectAll('[role="tabpanel"]', node);
  const out: BlockContent[] = [];
  panels.forEach((panel, i) => {
    out.push(paragraph([strong(`Tab: ${labels[i] ?? `${i + 1}`}`)]));
    out.push(...blocks(state, panel));
  });
  return out;
};

/** Text of an element with whitespace collapsed. */
const flat = (node: Element) => hastText(node).replace(/\s+/g, ' ').trim();

/**
 * A VIREO API operation (src/components/OpenApiOperation): its signature as `METHOD /path`, its role,
 * operation ID and authentication as a list, then the rest (description, parameter and body tables,
 * responses, errors, curl) by the general rules.
 */
const operation: Handle = (state, node) => {
  const signature = select('.openapi-operation-signature', node);
  const meta = select('.openapi-operation-meta', node);
  const out: BlockContent[] = [];
  if (signature) {
    const method = select('.openapi-operation-method', signature);
    const path = select('code', signature);
    out.push(
      paragraph([{type: 'inlineCode', value: `${method ? flat(method) : ''} ${path ? flat(path) : ''}`.trim()}]),
    );
  }
  if (meta) {
    const items: ListItem[] = meta.children.filter(isElement).map((span) => ({
      type: 'listItem',
      spread: false,
      children: [paragraph(state.all(span) as PhrasingContent[])],
    }));
    out.push({type: 'list', ordered: false, spread: false, children: items} satisfies List);
  }
  const rest: Element = {
    ...node,
    children: node.children.filter((c) => c !== signature && c !== meta),
  };
  out.push(...blocks(state, rest));
  return out;
};

/**
 * Table cells hold one line in GFM: lists inside a cell (the facts of a FieldTable row) become `; `
 * separated text, and a row indented by depth (nested members) gets `↳` marks before its name.
 */
function flattenTableCells(tree: HastRoot | Element): void {
  for (const table of selectAll('table', tree)) {
    for (const cell of selectAll('td, th', table)) {
      for (const list of selectAll('ul, ol', cell)) {
        const items = selectAll('li', list).map((li) => li.children);
        list.tagName = 'span';
        list.properties = {};
        list.children = items.flatMap((children, i) => [
          {type: 'text', value: i === 0 ? ' ' : '; '} as ElementContent,
          ...children,
        ]);
      }
      const padding = /padding-left:\s*([\d.]+)rem/.exec(String(cell.properties.style ?? ''));
      const depth = padding ? Math.round(Number(padding[1]) - 0.75) : 0;
      if (depth > 0) cell.children.unshift({type: 'text', value: `${'↳ '.repeat(depth)}`});
    }
  }
}

const HEADING = /^h[1-6]$/;

/**
 * A card (a link around a heading and a paragraph, as on the home page and category pages): the
 * heading keeps its level and links to the card's target, the rest follows as text.
 */
const card: Handle = (_state, node) => {
  const href = String(node.properties.href ?? '');
  const out: BlockContent[] = [];
  for (const child of node.children) {
    if (!isElement(child)) continue;
    const text = flat(child);
    if (!text) continue;
    if (HEADING.test(child.tagName))
      out.push({
        type: 'heading',
        depth: Number(child.tagName.slice(1)) as 1 | 2 | 3 | 4 | 5 | 6,
        children: [{type: 'link', url: href, children: [{type: 'text', value: text}]}],
      });
    else out.push(paragraph([{type: 'text', value: text}]));
  }
  return out;
};

const isCard = (node: Element) =>
  node.children.some((c) => isElement(c) && (HEADING.test(c.tagName) || c.tagName === 'p' || c.tagName === 'div'));

/** The element holding the page's content, and what kind of page it is. */
function contentOf(tree: HastRoot): {root: Element; kind: PageMarkdown['kind']} | undefined {
  const doc = select('article .theme-doc-markdown', tree);
  if (doc) return {root: doc, kind: 'doc'};
  const html = select('html', tree);
  if (html && hasClass(html, 'blog-post-page')) {
    const post = select('main article', tree);
    if (post) return {root: post, kind: 'blog-post'};
  }
  const main = select('#__docusaurus_skipToContent_fallback', tree) ?? select('main', tree);
  return main ? {root: main, kind: 'page'} : undefined;
}

/** The page's title: its h1, else the document title without the site's name. */
function titleOf(tree: HastRoot, root: Element, siteTitle: string): string {
  const h1 = select('h1', root);
  if (h1) return flat(h1);
  const title = select('title', tree);
  const text = title ? flat(title) : '';
  const suffix = ` | ${siteTitle}`;
  return text.endsWith(suffix) ? text.slice(0, -suffix.length) : text;
}

const DOC_SIDEBAR = '<aside class="theme-doc-sidebar-container';

/**
 * A doc page's HTML without its sidebar, which is never content (asides are dropped) but is the largest
 * part of many pages, and grows with the collection (half of a page at ten times the content): cut
 * before parsing, from the sidebar's `<aside>` to the doc's `<main>` that follows it. Other pages are
 * returned as they are.
 */
export function withoutDocSidebar(html: string): string {
  const start = html.indexOf(DOC_SIDEBAR);
  if (start < 0) return html;
  const end = html.indexOf('<main', start);
  if (end < 0 || !html.slice(start, end).trimEnd().endsWith('</aside>')) return html;
  return html.slice(0, start) + html.slice(end);
}

/** The Markdown of a built page, or undefined for a page without content (none of the site's). */
export function pageToMarkdown(html: string, options: PageToMarkdownOptions): PageMarkdown | undefined {
  const tree = fromHtml(withoutDocSidebar(html));
  const found = contentOf(tree);
  if (!found) return undefined;
  const {root, kind} = found;
  prepare(root);
  flattenTableCells(root);
  const title = titleOf(tree, root, options.siteTitle);
  const descriptionMeta = select('meta[name="description"]', tree);
  const description = descriptionMeta ? String(descriptionMeta.properties.content ?? '').trim() : '';

  const mdast = toMdast(
    {type: 'root', children: [root]},
    {
      // React's text separators (<!-- -->) and other comments are not content.
      nodeHandlers: {comment: () => undefined},
      handlers: {
        div(state, node, parent) {
          if (hasClass(node, 'mermaid-prerendered')) return diagram(options)(state, node, parent);
          if (hasClass(node, 'theme-admonition')) return admonition(state, node, parent);
          if (hasClass(node, 'tabs-container')) return tabs(state, node, parent);
          if (hasClass(node, 'openapi-operation')) return operation(state, node, parent);
          return defaultHandlers.div(state, node);
        },
        'lykta-code': codeBlock,
        a: (state, node, parent) => (isCard(node) ? card(state, node, parent) : defaultHandlers.a(state, node)),
        // A table's caption (the errors of an operation) becomes the paragraph before it.
        table(state, node) {
          const caption = select('caption', node);
          const table = defaultHandlers.table(state, {...node, children: node.children.filter((c) => c !== caption)});
          return caption ? [paragraph(state.all(caption) as PhrasingContent[]), table as RootContent] : table;
        },
      } as Record<string, Handle>,
    },
  ) as MdastRoot;

  // The page's own h1 stays where it is; a page without one gets the title as its h1.
  const first = mdast.children.find((n) => n.type === 'heading');
  if (!first || first.type !== 'heading' || first.depth !== 1)
    mdast.children.unshift({type: 'heading', depth: 1, children: [{type: 'text', value: title}]});

  const markdown = toMarkdown(mdast, {
    extensions: [gfmToMarkdown({tablePipeAlign: false})],
    bullet: '-',
    fence: '`',
    fences: true,
    rule: '-',
    emphasis: '*',
    listItemIndent: 'one',
  }).replace(/\u200b/g, '');
  return {title, description, kind, markdown: markdown.endsWith('\n') ? markdown : `${markdown}\n`};
}
