/**
 * Which files the remark plugins read for each page. The remark plugins record them here while
 * the MDX loader compiles a page; the loader next to this file then declares them as the page
 * module's dependencies, so that the bundler's cache and `npm start`'s watcher treat a change to
 * an OpenAPI document, a JSON Schema or a LEAP header like a change to the page itself.
 * One registry per process, shared through a global symbol (the loader is loaded by the
 * bundler, the remark plugins through the site config).
 */
import path from 'node:path';

const KEY = Symbol.for('lykta.remark-file-dependencies');

type Registry = Map<string, Set<string>>;

export function fileDependencyRegistry(): Registry {
  const g = globalThis as unknown as {[KEY]?: Registry};
  g[KEY] ??= new Map();
  return g[KEY];
}

/** Records that the page at `page` (the MDX file being compiled) was rendered from `file`. */
export function dependOn(page: string | undefined, file: string): void {
  if (!page) return;
  const registry = fileDependencyRegistry();
  const key = path.resolve(page);
  if (!registry.has(key)) registry.set(key, new Set());
  registry.get(key)!.add(path.resolve(file));
}
