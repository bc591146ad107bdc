/**
 * The Mermaid source of each diagram drawn at build time, kept beside its drawing in the cache of
 * src/plugins/mermaid-prerender (`<key>.mmd`), so that the Markdown version of a page
 * (src/plugins/markdown-pages) can show the diagram as its source without the page's HTML or
 * JavaScript carrying it. A drawing's file name starts with its key: `/assets/images/<key>-light-<hash>.svg`.
 */
import fs from 'node:fs';
import path from 'node:path';

const sourceFile = (cacheDirectory: string, key: string) => path.resolve(cacheDirectory, `${key}.mmd`);

/** Keeps a diagram's source (once per key: a key names one source). */
export function saveDiagramSource(cacheDirectory: string, key: string, source: string): void {
  const file = sourceFile(cacheDirectory, key);
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), {recursive: true});
  fs.writeFileSync(file, source);
}

/** The key of a drawing from its URL, or undefined for another image. */
export function diagramKeyOfImage(url: string): string | undefined {
  return /\/([0-9a-f]{16})-(?:light|dark)(?:-[^/]*)?\.svg$/.exec(url)?.[1];
}

/** The source of the diagram drawn as the image at `url`, or undefined when it is not known. */
export function diagramSourceFromImage(cacheDirectory: string, url: string): string | undefined {
  const key = diagramKeyOfImage(url);
  if (!key) return undefined;
  const file = sourceFile(cacheDirectory, key);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
}
