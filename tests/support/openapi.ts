import fs from 'node:fs';
import path from 'node:path';
import {filesUnder, ROOT} from './files';
const DOCS_DIR = path.join(ROOT, 'docs');

/** `<OpenApiOperations document="…"/>` uses of every VIREO page, keyed by path relative to docs/. */
export function documentUses(): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  for (const file of filesUnder(path.join(DOCS_DIR, 'vireo'), /\.mdx?$/)) {
    const page = path.relative(DOCS_DIR, file);
    const names = [...fs.readFileSync(file, 'utf8').matchAll(/<OpenApiOperations\s+document="([^"]+)"/g)].map(
      (m) => m[1]!,
    );
    uses.set(page, names);
  }
  return uses;
}

/** The route of a main-collection page: `vireo/a/index.mdx` → `/vireo/a/`, `vireo/a/b.mdx` → `/vireo/a/b/`. */
export function routeOf(page: string): string {
  return `/${page.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '')}/`.replace(/\/+/g, '/');
}
