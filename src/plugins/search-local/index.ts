import crypto from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type {PluginModule} from '@docusaurus/types';
import * as searchLocalModule from '@easyops-cn/docusaurus-search-local';
import {
  builderPipeline,
  shardCollection,
  type DirectoryJson,
  type IndexFilePart,
  type IndexingOptions,
  type TitlesJson,
} from '../../lib/search/shards';
import {
  collectionPrefix,
  pluginIndexFile,
  searchContextByPaths,
  type SearchCollection,
  type SearchCollectionDefinition,
  type SearchManifest,
} from '../../lib/search/collections';
import {SEARCH_FILES_DIR, SEARCH_MANIFEST_META, injectSearchManifest} from '../../lib/search/manifest';
import {rewriteBuiltFile, rewritingPostBuild} from '../../lib/builtFiles';

// The package's typings declare only its options, not the plugin function and validator it exports.
const searchLocal = searchLocalModule as unknown as {
  default: PluginModule;
  validateOptions: NonNullable<PluginModule['validateOptions']>;
};

/** The package patches applied by patch-package on install (see patches/). */
const patchFiles = fsSync
  .readdirSync(path.join(__dirname, '../../../patches'))
  .map((f) => path.join(__dirname, '../../../patches', f));

/** The marker every patched place carries (patches/*.patch). */
export const PATCH_MARKER = 'Patched (Lykta Developer Hub)';

/**
 * The files of node_modules the patches change, each with how many patched places it must carry.
 * The build refuses a plugin without them: an upgrade, or an install where patch-package did not
 * run or did not apply, would otherwise ship a search bar that cannot read the site's search files.
 */
export function unpatchedFiles(patches: string[], root: string): string[] {
  const missing: string[] = [];
  for (const patch of patches) {
    const text = fsSync.readFileSync(patch, 'utf8');
    for (const section of text.split(/^diff --git /m).slice(1)) {
      const file = /^\+\+\+ b\/(.+)$/m.exec(section)?.[1];
      if (!file) continue;
      const expected = section.split('\n').filter((l) => l.startsWith('+') && l.includes(PATCH_MARKER)).length;
      const target = path.join(root, file);
      const found = fsSync.existsSync(target) ? fsSync.readFileSync(target, 'utf8').split(PATCH_MARKER).length - 1 : -1;
      if (found < expected)
        missing.push(`${file} (${found < 0 ? 'missing' : `${found} of ${expected} patched places`})`);
    }
  }
  return missing;
}

export type LyktaSearchOptions = {
  /** The search collections (src/lib/search/collections.ts); `searchContextByPaths` is derived from them. */
  collections: SearchCollectionDefinition[];
  searchResultLimits?: number;
  [option: string]: unknown;
};

/** Every search-index*.json the plugin wrote under the build directory (versions write theirs in their folder). */
async function pluginIndexFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, {recursive: true});
  return entries.filter((f) => /(^|\/)search-index[^/]*\.json$/.test(f)).map((f) => f.split(path.sep).join('/'));
}

const hash = (...contents: string[]) => {
  const h = crypto.createHash('sha256');
  for (const c of contents) h.update(c).update('\0');
  return h.digest('hex').slice(0, 16);
};

/**
 * Writes one collection's files (see src/lib/search/shards.ts) into `dir` and returns the names of
 * its two first files. Term and documents files are named by a hash of their content; the directory
 * and titles share a token, a hash of both (the directory names every other file, so the token
 * changes whenever anything of the collection does).
 */
async function writeCollection(
  dir: string,
  id: string,
  parts: IndexFilePart[],
  tokenPipeline: string[],
  maxHits: number,
): Promise<{doc: string; index: string}> {
  const sharded = shardCollection(parts, tokenPipeline);
  const write = async (name: string, content: string) => {
    await fs.writeFile(path.join(dir, name), content);
    return name;
  };
  const shards: DirectoryJson['shards'] = [];
  for (const {first, json} of sharded.shards) {
    const content = JSON.stringify(json);
    shards.push([first, await write(`${id}-terms-${hash(content)}.json`, content)]);
  }
  const chunks: DirectoryJson['chunks'] = [];
  for (const {first, json} of sharded.chunks) {
    const content = JSON.stringify(json);
    chunks.push([first, await write(`${id}-docs-${hash(content)}.json`, content)]);
  }
  const directory = JSON.stringify({...sharded.directory, shards, chunks} satisfies DirectoryJson);
  const titles = JSON.stringify({
    searchDocs: [sharded.titles],
    options: {highlightResult: true, maxHits},
  } satisfies TitlesJson);
  const token = hash(directory, titles);
  return {
    doc: await write(`search-doc-${token}.json`, titles),
    index: await write(`${id}-index-${token}.json`, directory),
  };
}

/**
 * @easyops-cn/docusaurus-search-local, wrapped. Once it has written its per-context
 * `search-index*.json` files, each becomes one collection's files in `assets/search/`:
 * `search-doc-<token>.json` (the page titles, with the options `highlightResult` and `maxHits`),
 * `<collection>-index-<token>.json` (the index directory), and the term and documents files it
 * names (src/lib/search/shards.ts). Every page then gets a meta element naming each collection's
 * first two files, so the search client needs no request to find them.
 */
const lyktaSearchLocal: PluginModule = async (context, rawOptions) => {
  const missing = unpatchedFiles(patchFiles, path.join(__dirname, '../../..'));
  if (missing.length)
    throw new Error(
      `@easyops-cn/docusaurus-search-local is not the patched plugin the site needs: ${missing.join('; ')}. Run npm install (patch-package applies patches/), or update the patch after an upgrade (README, Upgrading).`,
    );
  const options = rawOptions as LyktaSearchOptions;
  const {collections: defs, ...pluginOptions} = options;
  const tokenPipeline = builderPipeline(pluginOptions as IndexingOptions);
  const plugin = await searchLocal.default(context, {
    ...pluginOptions,
    searchContextByPaths: searchContextByPaths(defs),
  });
  if (!plugin) throw new Error('@easyops-cn/docusaurus-search-local returned no plugin');
  const maxHits = options.searchResultLimits ?? 8;
  return {
    ...plugin,
    configureWebpack(config, isServer, utils, content) {
      const own = plugin.configureWebpack?.(config, isServer, utils, content) ?? {};
      // The bundler's persistent cache takes packages in node_modules as unchanged while their version
      // is: the patches in patches/ must evict it, or a changed patch would not reach the build.
      if (process.env.DOCUSAURUS_NO_PERSISTENT_CACHE) return own;
      return {...own, experiments: {cache: {buildDependencies: patchFiles}}} as typeof own;
    },
    // Recorded as a rewriter of built pages: the offline lists hash the pages once it is done.
    postBuild: (props) =>
      rewritingPostBuild(async () => {
        const started = Date.now();
        const seconds = () => `(${((Date.now() - started) / 1000).toFixed(1)} s)`;
        await plugin.postBuild?.(props);
        console.log(`[search-local] the plugin's indexes written ${seconds()}`);
        const {outDir} = props;
        const written = new Set(await pluginIndexFiles(outDir));
        await fs.mkdir(path.join(outDir, SEARCH_FILES_DIR), {recursive: true});
        const collections: SearchCollection[] = [];
        for (const def of defs) {
          const file = pluginIndexFile(def);
          if (!written.delete(file))
            throw new Error(`search collection "${def.id}": the search plugin wrote no ${file} (check its paths)`);
          const parts = JSON.parse(await fs.readFile(path.join(outDir, file), 'utf8')) as IndexFilePart[];
          if (parts.length !== 5)
            throw new Error(`search collection "${def.id}": unexpected index parts (${parts.length})`);
          const names = await writeCollection(
            path.join(outDir, SEARCH_FILES_DIR),
            def.id,
            parts,
            tokenPipeline,
            maxHits,
          );
          await fs.rm(path.join(outDir, file));
          console.log(`[search-local] ${def.id}: split into its search files ${seconds()}`);
          collections.push({
            id: def.id,
            label: def.label,
            prefix: collectionPrefix(def),
            ...(def.older ? {older: true} : {}),
            files: {
              doc: `${props.baseUrl}${SEARCH_FILES_DIR}/${names.doc}`,
              index: `${props.baseUrl}${SEARCH_FILES_DIR}/${names.index}`,
            },
          });
        }
        if (written.size > 0)
          throw new Error(`search: index files that belong to no collection: ${[...written].join(', ')}`);
        const manifest: SearchManifest = {collections};
        const pages = (await fs.readdir(outDir, {recursive: true})).filter((f) => f.endsWith('.html'));
        // One rewrite of a page at a time: other plugins' postBuild (markdown-pages) add to the same pages.
        await Promise.all(
          pages.map((f) => rewriteBuiltFile(path.join(outDir, f), (html) => injectSearchManifest(html, manifest))),
        );
        if (pages.length === 0) throw new Error(`search: no pages to carry the ${SEARCH_MANIFEST_META} meta element`);
        console.log(`[search-local] ${pages.length} pages given the search manifest ${seconds()}`);
      }),
  };
};
lyktaSearchLocal.validateOptions = (({options, validate}) => {
  const {collections, ...rest} = options as LyktaSearchOptions;
  if (!Array.isArray(collections) || collections.length === 0)
    throw new Error('search-local: the `collections` option lists no collection');
  const ids = new Set<string>();
  for (const c of collections) {
    if (!/^[a-z0-9-]+$/.test(c.id) || ids.has(c.id))
      throw new Error(`search-local: collection id "${c.id}" must be unique, lower-case letters, digits and -`);
    ids.add(c.id);
  }
  const validated = searchLocal.validateOptions({options: rest as never, validate}) as object;
  return {...validated, collections} as LyktaSearchOptions;
}) as NonNullable<PluginModule['validateOptions']>;

export default lyktaSearchLocal;
