/**
 * Remark plugin: renders every ```mermaid block to SVG at build time, once in the light
 * and once in the dark Mermaid theme, and replaces it with `<MermaidSvg>` — so a page
 * with a diagram ships no Mermaid code to the browser. Each drawing is a standalone SVG
 * file that the bundler emits under a content hash (`/assets/images/`), and the page
 * shows it as an image: the page's HTML and JavaScript carry only the two file names,
 * and a reader downloads the drawing of their colour mode only (the other image is lazy
 * and hidden, so never fetched until the mode changes). Renders run in headless Chromium
 * (the one the tests use) and are cached by content hash under node_modules/.cache. A
 * production build without Chromium fails, naming the setting that ships browser-drawn
 * diagrams instead (LYKTA_PERF_OFF=diagramPrerender, which leaves this plugin out); in
 * `npm start` without Chromium the block is left alone and the theme draws it in the browser.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import type {Browser, Page} from 'playwright-core';
import {getFileLoaderUtils} from '@docusaurus/utils';
import {jsxElement, type Node} from '../mdast';
import {saveDiagramSource} from '../../lib/diagramSources';

export interface MermaidPrerenderOptions {
  /** Mermaid themes, as in themeConfig.mermaid.theme. */
  theme: {light: string; dark: string};
  /** Where rendered diagrams are cached. */
  cacheDirectory: string;
}

/** A diagram drawn in both modes: standalone SVG documents (XML), and what the image element needs. */
export interface Rendered {
  light: string;
  dark: string;
  /** The diagram's accessible title and description (Mermaid's accTitle/accDescr), else its labels. */
  alt: string;
  width: number;
  height: number;
}

/**
 * Mermaid's dark theme paints edge labels on a mid-grey box; the dark drawing gives them the page's
 * contrast (the same colours as the rule in src/css/custom.css for diagrams drawn in the browser).
 */
export const DARK_THEME_CSS =
  '.edgeLabel, .labelBkg, .edgeLabel p { background-color: #1b1b1d !important; color: #e3e3e3 !important; }';

/** Version of what the cache holds; a change re-renders every diagram. */
const CACHE_FORMAT = 3;

const require = createRequire(__filename);
const MERMAID_SCRIPT = require.resolve('mermaid/dist/mermaid.min.js');
const MERMAID_VERSION = (require('mermaid/package.json') as {version: string}).version;
/**
 * Which Chromium to draw with (src/lib/chromium.mjs), looked up when a diagram first needs drawing: that
 * file loads Playwright, which cost every Docusaurus start about 0.8 s when the config loaded it.
 */
let chromiumSettings: Promise<{path: string | undefined; args: string[]; looked: string[]}> | undefined;
const chromiumToUse = () =>
  (chromiumSettings ??= import('../../lib/chromium.mjs').then((c) => ({
    path: c.chromiumExecutable(),
    args: c.CHROMIUM_ARGS,
    looked: c.SYSTEM_CHROMIUM,
  })));

/** The cache key: the diagram, the themes and the Mermaid version that drew it. */
export function diagramKey(source: string, theme: MermaidPrerenderOptions['theme']): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([CACHE_FORMAT, MERMAID_VERSION, theme.light, theme.dark, DARK_THEME_CSS, source]))
    .digest('hex')
    .slice(0, 16);
}

/** One browser page for the whole build, closed after a few idle seconds so the build can exit. */
let session: Promise<{browser: Browser; page: Page} | undefined> | undefined;
let idle: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();
let unavailable = false;

/** Why diagrams cannot be drawn in a production build: it fails rather than ship a slower site unannounced. */
function noChromium(reason: string): Error | undefined {
  if (process.env.NODE_ENV !== 'production') return undefined;
  return new Error(
    `[mermaid-prerender] cannot draw diagrams at build time: ${reason}. Install Chromium (or set CHROME_PATH), or build with LYKTA_PERF_OFF=diagramPrerender to ship diagrams drawn in the browser.`,
  );
}

function closeSoon() {
  if (idle) clearTimeout(idle);
  idle = setTimeout(() => {
    const closing = session;
    session = undefined;
    void closing?.then((s) => s?.browser.close());
  }, 3000);
  idle.unref();
}

async function mermaidPage(): Promise<Page | undefined> {
  session ??= Promise.all([import('playwright-core'), chromiumToUse()])
    .then(async ([{chromium}, settings]) => {
      const browser = await chromium.launch({executablePath: settings.path, args: settings.args});
      const page = await browser.newPage();
      await page.setContent('<!doctype html><html><body></body></html>');
      await page.addScriptTag({path: MERMAID_SCRIPT});
      return {browser, page};
    })
    .catch((e: Error) => {
      const error = noChromium(`headless Chromium did not start (${e.message.split('\n')[0]})`);
      if (error) throw error;
      console.warn(
        `[mermaid-prerender] no headless Chromium (${e.message.split('\n')[0]}); diagrams render in the browser`,
      );
      unavailable = true;
      return undefined;
    });
  return (await session)?.page;
}

async function render(
  source: string,
  key: string,
  theme: MermaidPrerenderOptions['theme'],
): Promise<Rendered | undefined> {
  const p = await mermaidPage();
  if (!p) return undefined;
  const draw = (mode: 'light' | 'dark') =>
    p.evaluate(
      async ({text, name, id, themeCSS}) => {
        const mermaid = (
          window as unknown as {
            mermaid: {initialize(c: object): void; render(id: string, text: string): Promise<{svg: string}>};
          }
        ).mermaid;
        mermaid.initialize({startOnLoad: false, theme: name, themeCSS});
        const {svg} = await mermaid.render(id, text);
        // Mermaid writes HTML (labels are HTML inside <foreignObject>, with <br> and the like). An SVG
        // file is XML: parse the drawing as HTML and write it out with the XML serializer.
        const holder = document.createElement('div');
        holder.innerHTML = svg;
        const root = holder.querySelector('svg')!;
        const [, , width, height] = (root.getAttribute('viewBox') ?? '0 0 0 0').split(/\s+/).map(Number);
        // An image needs an intrinsic size: the drawing's own, in place of Mermaid's width="100%".
        root.setAttribute('width', String(Math.ceil(width!)));
        root.setAttribute('height', String(Math.ceil(height!)));
        root.style.removeProperty('max-width');
        const described = [root.querySelector(':scope > title'), root.querySelector(':scope > desc')]
          .map((el) => el?.textContent?.trim())
          .filter(Boolean);
        // Labels in reading order: the nodes', then the edges'. A line break inside a label is a space.
        const labelText = (el: Element) => {
          const copy = el.cloneNode(true) as Element;
          copy.querySelectorAll('br').forEach((br) => br.replaceWith(' '));
          copy.querySelectorAll('tspan').forEach((span) => span.append(' '));
          return copy.textContent?.replace(/\s+/g, ' ').trim() ?? '';
        };
        const labelled = Array.from(root.querySelectorAll('foreignObject, text')).filter(
          (el) => !el.parentElement?.closest('foreignObject, text'),
        );
        const inEdge = (el: Element) => !!el.closest('.edgeLabel, .edgeLabels');
        const labels = [
          ...new Set(
            [...labelled.filter((el) => !inEdge(el)), ...labelled.filter(inEdge)].map(labelText).filter(Boolean),
          ),
        ];
        const kind = (root.getAttribute('aria-roledescription') ?? 'diagram').replace(/-v\d+$/, '');
        const kindLabel = kind.charAt(0).toUpperCase() + kind.slice(1);
        return {
          svg: new XMLSerializer().serializeToString(root),
          alt: described.length ? described.join('. ') : `${kindLabel}: ${labels.join('; ')}`,
          width: Math.ceil(width!),
          height: Math.ceil(height!),
        };
      },
      {text: source, name: theme[mode], id: `mermaid-${key}-${mode}`, themeCSS: mode === 'dark' ? DARK_THEME_CSS : ''},
    );
  const light = await draw('light');
  const dark = await draw('dark');
  return {light: light.svg, dark: dark.svg, alt: light.alt, width: light.width, height: light.height};
}

/** A diagram drawn (or read from the cache) and the files holding its drawings. */
export interface Diagram extends Rendered {
  /** The drawing of each mode as a file for the bundler to emit. */
  files: {light: string; dark: string};
}

/**
 * The drawing of each mode as a file the bundler emits (`/assets/images/<key>-<mode>-<hash>.svg`),
 * next to the cache. Written when the diagram is drawn, and again only if missing: a key names one
 * drawing.
 */
function diagramFiles(rendered: Rendered, key: string, cacheDirectory: string, overwrite: boolean): Diagram['files'] {
  const files = {
    light: path.resolve(cacheDirectory, 'svg', `${key}-light.svg`),
    dark: path.resolve(cacheDirectory, 'svg', `${key}-dark.svg`),
  };
  for (const mode of ['light', 'dark'] as const) {
    if (!overwrite && fs.existsSync(files[mode])) continue;
    fs.mkdirSync(path.dirname(files[mode]), {recursive: true});
    fs.writeFileSync(files[mode], rendered[mode]);
  }
  return files;
}

/** The diagram from the cache, or drawn now (one at a time) and cached. */
export async function renderDiagram(source: string, options: MermaidPrerenderOptions): Promise<Diagram | undefined> {
  const key = diagramKey(source, options.theme);
  // The source, for the page's Markdown version (src/plugins/markdown-pages); the page itself never carries it.
  saveDiagramSource(options.cacheDirectory, key, source);
  const file = path.join(options.cacheDirectory, `${key}.json`);
  if (fs.existsSync(file)) {
    const cached = JSON.parse(fs.readFileSync(file, 'utf8')) as Rendered;
    return {...cached, files: diagramFiles(cached, key, options.cacheDirectory, false)};
  }
  const settings = await chromiumToUse();
  if (unavailable || !settings.path) {
    const error = noChromium(`no Chromium found (CHROME_PATH, Playwright's browser, ${settings.looked.join(', ')})`);
    if (error) throw error;
    return undefined;
  }
  const job = queue.then(() => render(source, key, options.theme));
  queue = job.catch(() => undefined);
  try {
    const rendered = await job;
    if (!rendered) return undefined;
    fs.mkdirSync(options.cacheDirectory, {recursive: true});
    fs.writeFileSync(file, JSON.stringify(rendered));
    return {...rendered, files: diagramFiles(rendered, key, options.cacheDirectory, true)};
  } finally {
    closeSoon();
  }
}

const fileLoader = getFileLoaderUtils(false).loaders.file({folder: 'images'});
/** The inline loader request for an emitted file, as Docusaurus writes it for Markdown images. */
export const DIAGRAM_LOADER = `!${fileLoader.loader}?name=${(fileLoader.options as {name: string}).name}!`;

/** `src={require("<loader><file>").default}` as an MDX attribute. */
function requireAttribute(name: string, file: string): Node {
  const request = DIAGRAM_LOADER + file;
  const call = {
    type: 'CallExpression',
    callee: {type: 'Identifier', name: 'require'},
    arguments: [{type: 'Literal', value: request}],
    optional: false,
  };
  const expression = {
    type: 'MemberExpression',
    object: call,
    property: {type: 'Identifier', name: 'default'},
    computed: false,
    optional: false,
  };
  return {
    type: 'mdxJsxAttribute',
    name,
    value: {
      type: 'mdxJsxAttributeValueExpression',
      value: `require(${JSON.stringify(request)}).default`,
      data: {estree: {type: 'Program', sourceType: 'module', body: [{type: 'ExpressionStatement', expression}]}},
    },
  };
}

export default function remarkMermaidPrerender(options: MermaidPrerenderOptions) {
  return async (root: Node, file: {path?: string}) => {
    const found: {parent: Node; index: number; node: Node}[] = [];
    const walk = (parent: Node) =>
      parent.children?.forEach((node, index) => {
        if (node.type === 'code' && node.lang === 'mermaid') found.push({parent, index, node});
        else walk(node);
      });
    walk(root);
    for (const {parent, index, node} of found) {
      let diagram: Diagram | undefined;
      try {
        diagram = await renderDiagram(typeof node.value === 'string' ? node.value : '', options);
      } catch (e) {
        // A diagram Mermaid cannot parse fails the build, as it would fail the page.
        throw new Error(`${file.path}: Mermaid diagram could not be rendered: ${(e as Error).message}`);
      }
      if (!diagram) continue;
      const element = jsxElement('MermaidSvg', {
        alt: diagram.alt,
        width: String(diagram.width),
        height: String(diagram.height),
      });
      (element.attributes as Node[]).push(
        requireAttribute('light', diagram.files.light),
        requireAttribute('dark', diagram.files.dark),
      );
      parent.children![index] = element;
    }
  };
}
