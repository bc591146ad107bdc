/**
 * Remark plugin: renders every ```mermaid block to SVG at build time, once in the light
 * and once in the dark Mermaid theme, and replaces it with `<MermaidSvg>` — so a page
 * with a diagram ships no Mermaid code to the browser. Renders run in headless Chromium
 * (the one the tests use) and are cached by content hash under node_modules/.cache. When
 * no Chromium can be started, or with LYKTA_MERMAID_PRERENDER=off, the block is left
 * alone and the theme renders it in the browser as before.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import type {Browser, Page} from '@playwright/test';
import {CHROMIUM_ARGS} from '../../../tests/support/chromium-args.mjs';
import {jsxElement, type Node} from '../mdast';

export interface MermaidPrerenderOptions {
  /** Mermaid themes, as in themeConfig.mermaid.theme. */
  theme: {light: string; dark: string};
  /** Where rendered diagrams are cached. */
  cacheDirectory: string;
}

export interface Rendered {
  light: string;
  dark: string;
}

const require = createRequire(__filename);
const MERMAID_SCRIPT = require.resolve('mermaid/dist/mermaid.min.js');
const MERMAID_VERSION = (require('mermaid/package.json') as {version: string}).version;
const CHROMIUM = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => !!p && fs.existsSync(p),
);

/** The cache key: the diagram, the themes and the Mermaid version that drew it. */
export function diagramKey(source: string, theme: MermaidPrerenderOptions['theme']): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([MERMAID_VERSION, theme.light, theme.dark, source]))
    .digest('hex')
    .slice(0, 16);
}

/** One browser page for the whole build, closed after a few idle seconds so the build can exit. */
let session: Promise<{browser: Browser; page: Page} | undefined> | undefined;
let idle: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();
let unavailable = process.env.LYKTA_MERMAID_PRERENDER === 'off' || !CHROMIUM;

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
  session ??= import('@playwright/test')
    .then(async ({chromium}) => {
      const browser = await chromium.launch({executablePath: CHROMIUM, args: CHROMIUM_ARGS});
      const page = await browser.newPage();
      await page.setContent('<!doctype html><html><body></body></html>');
      await page.addScriptTag({path: MERMAID_SCRIPT});
      return {browser, page};
    })
    .catch((e: Error) => {
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
      async ({text, name, id}) => {
        const mermaid = (
          window as unknown as {
            mermaid: {initialize(c: object): void; render(id: string, text: string): Promise<{svg: string}>};
          }
        ).mermaid;
        mermaid.initialize({startOnLoad: false, theme: name});
        return (await mermaid.render(id, text)).svg;
      },
      {text: source, name: theme[mode], id: `mermaid-${key}-${mode}`},
    );
  return {light: await draw('light'), dark: await draw('dark')};
}

/** The rendered diagram from the cache, or drawn now (one at a time) and cached. */
export async function renderDiagram(source: string, options: MermaidPrerenderOptions): Promise<Rendered | undefined> {
  const key = diagramKey(source, options.theme);
  const file = path.join(options.cacheDirectory, `${key}.json`);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Rendered;
  if (unavailable) return undefined;
  const job = queue.then(() => render(source, key, options.theme));
  queue = job.catch(() => undefined);
  try {
    const rendered = await job;
    if (rendered) {
      fs.mkdirSync(options.cacheDirectory, {recursive: true});
      fs.writeFileSync(file, JSON.stringify(rendered));
    }
    return rendered;
  } finally {
    closeSoon();
  }
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
      let rendered: Rendered | undefined;
      try {
        rendered = await renderDiagram(typeof node.value === 'string' ? node.value : '', options);
      } catch (e) {
        // A diagram Mermaid cannot parse fails the build, as it would fail the page.
        throw new Error(`${file.path}: Mermaid diagram could not be rendered: ${(e as Error).message}`);
      }
      if (!rendered) continue;
      parent.children![index] = jsxElement('MermaidSvg', {light: rendered.light, dark: rendered.dark});
    }
  };
}
