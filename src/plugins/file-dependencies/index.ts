/**
 * Docusaurus plugin: adds the loader of this folder after the MDX loader, so that the files the
 * local remark plugins read (registry.ts) are dependencies of the pages rendered from them. A
 * warm build then equals a clean one, and `npm start` re-renders a page when its OpenAPI
 * document, JSON Schema or LEAP header is saved.
 */
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

export const LOADER = path.join(__dirname, 'loader.js');

/** The code the pages are rendered with (src/remark, src/plugins and src/lib): a change to it evicts the bundler's cache. */
function rendererSources(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
      const p = path.join(dir, e.name);
      return e.isDirectory() ? walk(p) : /\.(ts|js)$/.test(e.name) ? [p] : [];
    });
  return ['remark', 'plugins', 'lib']
    .map((folder) => path.resolve(__dirname, '../..', folder))
    .flatMap(walk)
    .sort();
}

/**
 * The site's build settings (LYKTA_* environment variables, src/lib/settings): they change what pages
 * compile to (diagrams drawn at build time or not, the highlighting, ...), and the bundler's cache is
 * keyed on Docusaurus's version and the config file only, so a build after switching them reused
 * modules compiled with the others. Added to the cache's version, a switch evicts it.
 */
export function settingsKey(env: NodeJS.ProcessEnv): string {
  const settings = Object.keys(env)
    .filter((k) => k.startsWith('LYKTA_'))
    .sort()
    .map((k) => [k, env[k]]);
  return createHash('sha256').update(JSON.stringify(settings)).digest('hex').slice(0, 12);
}

export default function remarkFileDependencies(): Plugin {
  return {
    name: 'remark-file-dependencies',
    configureWebpack(config) {
      // A function, not a RegExp: the bundler checks `instanceof RegExp`, which a RegExp made by code
      // the config loader (jiti) compiled does not pass.
      const isMarkdown = (resource: string) => /\.mdx?$/i.test(resource);
      const rules = {module: {rules: [{test: isMarkdown, enforce: 'post' as const, use: [{loader: LOADER}]}]}};
      if (process.env.DOCUSAURUS_NO_PERSISTENT_CACHE) return rules;
      const cache = (config.experiments as {cache?: {version?: unknown}} | undefined)?.cache;
      if (typeof cache?.version !== 'string')
        throw new Error(
          'remark-file-dependencies: Docusaurus no longer sets experiments.cache.version (did an upgrade change its cache?)',
        );
      const version = `${cache.version}-settings-${settingsKey(process.env)}`;
      return {...rules, experiments: {cache: {version, buildDependencies: rendererSources()}}} as ReturnType<
        NonNullable<Plugin['configureWebpack']>
      >;
    },
  };
}
