/**
 * Finds Markdown and MDX syntax that reached a built page as visible text instead of being
 * rendered: a `:::note Title` line the admonition plugin did not take, `[text](link)` or
 * `**bold**` inside an HTML block, a leaked `{/* comment *\/}`, and the like.
 *
 * The page is parsed with parse5 (the HTML parser of the WHATWG specification, the one browsers
 * follow), so the text examined is the text a reader sees: entities decoded, comments and markup
 * left out. Code (`pre`, `code`, `kbd`, `samp`) may show any syntax and is left out, as are
 * `script`, `style` and `template`; each code element counts as one placeholder character, so
 * `**` + code + `**` is still seen as emphasis markers around it.
 */
import {parse, type DefaultTreeAdapterTypes as T} from 'parse5';

export interface RawSyntaxFinding {
  /** Which kind of syntax, e.g. `admonition fence`. */
  rule: string;
  /** The offending text with some context, code shown as `‹code›`. */
  excerpt: string;
  /** The text of the nearest heading before it (the page title at the top). */
  section: string;
}

/** Elements whose text is code: shown as written, so raw syntax there is expected. */
const CODE_ELEMENTS = new Set(['pre', 'code', 'kbd', 'samp']);
/** Elements whose content is not shown as text. */
const HIDDEN_ELEMENTS = new Set(['script', 'style', 'template']);
/** Elements that start a new run of text; everything else is inline and joins its neighbours. */
const BLOCK_ELEMENTS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'button',
  'caption',
  'dd',
  'details',
  'dialog',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'html',
  'head',
  'label',
  'legend',
  'li',
  'main',
  'nav',
  'noscript',
  'ol',
  'option',
  'p',
  'section',
  'summary',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'title',
  'tr',
  'ul',
  // SVG text (diagrams drawn at build time): each label is its own run.
  'svg',
  'g',
  'text',
  'foreignobject',
]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/** Stands for one code element inside a run of text. */
const CODE = '\uE000';

/** Each rule: the syntax it finds in a run of visible text. */
export const RAW_SYNTAX_RULES: ReadonlyArray<{rule: string; pattern: RegExp}> = [
  // `:::note`, `:::warning Title`, a closing `:::`: a container directive nobody rendered.
  {rule: 'admonition fence', pattern: /:::/},
  // `[text](url)`, `![alt](src)`.
  {rule: 'Markdown link or image', pattern: /\]\(/},
  // `[text][ref]` whose reference is not defined.
  {rule: 'Markdown reference link', pattern: /\[[^\]\n]+\]\[[^\]\n]*\]/},
  // `**strong**` (also one left unclosed) and `__strong__`.
  {rule: 'emphasis marker **', pattern: /\*\*/},
  {rule: 'emphasis marker __', pattern: /(?<![\w_])__(?=[^\s_])(?:[^\n]*?[^\s_])?__(?![\w_])/},
  // `` `code` `` left as backticks, and code fences.
  {rule: 'code fence', pattern: /```|~~~/},
  {rule: 'inline code backticks', pattern: /`[^`\n]+`/},
  {rule: 'MDX comment', pattern: /\{\/\*|\*\/\}/},
  {rule: 'HTML comment', pattern: /<!--|-->/},
  // `## Heading` as the start of a line of text.
  {rule: 'heading marker', pattern: /(?:^|\n)[ \t]*#{1,6}[ \t]+\S/},
  // `{#custom-id}` after a heading.
  {rule: 'heading ID', pattern: /\{#[\w-]+\}/},
  // `| --- | --- |`: a table that stayed a paragraph.
  {rule: 'table delimiter row', pattern: /\|[ \t]*:?-{3,}:?[ \t]*\|/},
];

interface Run {
  text: string;
  section: string;
}

/** The runs of visible text of an HTML document, each a block's inline content. */
export function visibleTextRuns(html: string): Run[] {
  const document = parse(html, {scriptingEnabled: false});
  const runs: Run[] = [];
  let section = '';
  const walk = (node: T.ParentNode, current: Run) => {
    for (const child of node.childNodes) {
      if (child.nodeName === '#text') {
        current.text += (child as T.TextNode).value;
        continue;
      }
      if (!('tagName' in child)) continue; // comments and the doctype are not shown
      const tag = child.tagName.toLowerCase();
      if (HIDDEN_ELEMENTS.has(tag)) continue;
      if (CODE_ELEMENTS.has(tag)) {
        current.text += CODE;
        continue;
      }
      if (tag === 'br') {
        current.text += '\n';
        continue;
      }
      if (BLOCK_ELEMENTS.has(tag)) {
        const run: Run = {text: '', section};
        runs.push(run);
        walk(child, run);
        if (HEADINGS.has(tag) || tag === 'title')
          section = run.text
            .replace(/\s+/g, ' ')
            .replace(/\u200b/g, '')
            .trim();
        // Text after the block belongs to a new run of the parent.
        current = {text: '', section};
        runs.push(current);
        continue;
      }
      walk(child, current);
    }
  };
  const root: Run = {text: '', section};
  runs.push(root);
  walk(document, root);
  return runs.filter((r) => r.text.trim() !== '');
}

/** Every piece of raw Markdown or MDX syntax in the visible text of an HTML document. */
export function findRawMarkdown(html: string): RawSyntaxFinding[] {
  const findings: RawSyntaxFinding[] = [];
  for (const run of visibleTextRuns(html)) {
    for (const {rule, pattern} of RAW_SYNTAX_RULES) {
      const match = pattern.exec(run.text);
      if (!match) continue;
      findings.push({rule, excerpt: excerpt(run.text, match.index, match[0].length), section: run.section});
    }
  }
  return findings;
}

/** The match with up to 40 characters either side, on one line, code shown as `‹code›`. */
function excerpt(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 40);
  const end = Math.min(text.length, index + length + 40);
  const body = text.slice(start, end).replaceAll(CODE, '‹code›').replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${body}${end < text.length ? '…' : ''}`;
}
