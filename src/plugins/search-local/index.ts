import crypto from 'node:crypto';
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type {PluginModule} from '@docusaurus/types';
import * as searchLocalModule from '@easyops-cn/docusaurus-search-local';
import {
  builderPipeline,
  encodeLunrIndex,
  type CompactIndexJson,
  type IndexedDocument,
  type IndexingOptions,
  type LunrIndexJson,
} from '../../lib/searchIndexCodec';
import {
  HEAD_TYPES,
  collectionPrefix,
  pluginIndexFile,
  searchContextByPaths,
  type SearchCollection,
  type SearchCollectionDefinition,
  type SearchManifest,
} from '../../lib/search/collections';
import {SEARCH_FILES_DIR, SEARCH_MANIFEST_META, injectSearchManifest} from '../../lib/search/manifest';

// The package's typings declare only its options, not the plugin function and validator it exports.
const searchLocal = searchLocalModule as unknown as {
  default: PluginModule;
  validateOptions: NonNullable<PluginModule['validateOptions']>;
};

/** The package patches applied by patch-package on install (see patches/). */
const patchFiles = fsSync
  .readdirSync(path.join(__dirname, '../../../patches'))
  .map((f) => path.join(__dirname, '../../../patches', f));

type IndexFilePart = {documents: IndexedDocument[]; index: LunrIndexJson | CompactIndexJson};

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

/** One index's two files: documents with the result options, and the compact index of those parts. */
function filePair(parts: IndexFilePart[], types: number[], tokenPipeline: string[], maxHits: number) {
  const doc = JSON.stringify({
    searchDocs: types.map((t) => parts[t].documents),
    options: {highlightResult: true, maxHits},
  });
  const index = JSON.stringify(
    types.map((t) => {
      const {documents, index: i} = parts[t];
      return 'encoding' in i ? i : encodeLunrIndex(i, documents, tokenPipeline);
    }),
  );
  // A content hash of both files: the names change exactly when what they hold does.
  const token = crypto.createHash('sha256').update(doc).update('\0').update(index).digest('hex').slice(0, 16);
  return {doc, index, token};
}

/**
 * @easyops-cn/docusaurus-search-local, wrapped. Once it has written its per-context
 * `search-index*.json` files, each becomes one collection's pair of files in `assets/search/`:
 * `search-doc-<token>.json` (the documents, with the options `highlightResult` and `maxHits`) and
 * `<collection>-index-<token>.json` (the lunr indexes in the compact, lossless encoding of
 * src/lib/searchIndexCodec.ts). The token is a hash of the content. Every page then gets a meta
 * element naming the files, so the search client needs no request to find them.
 */
const lyktaSearchLocal: PluginModule = async (context, rawOptions) => {
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
    async postBuild(props) {
      await plugin.postBuild?.(props);
      const {outDir} = props;
      const written = new Set(await pluginIndexFiles(outDir));
      await fs.mkdir(path.join(outDir, SEARCH_FILES_DIR), {recursive: true});
      const collections: SearchCollection[] = [];
      for (const def of defs) {
        const file = pluginIndexFile(def);
        if (!written.delete(file))
          throw new Error(`search collection "${def.id}": the search plugin wrote no ${file} (check its paths)`);
        const parts = JSON.parse(await fs.readFile(path.join(outDir, file), 'utf8')) as IndexFilePart[];
        const bodyTypes = parts.map((_, t) => t).filter((t) => !HEAD_TYPES.includes(t));
        if (parts.length !== HEAD_TYPES.length + bodyTypes.length || bodyTypes.length === 0)
          throw new Error(`search collection "${def.id}": unexpected index parts (${parts.length})`);
        const files = [];
        for (const [name, types] of [
          [`${def.id}-headings`, HEAD_TYPES],
          [def.id, bodyTypes],
        ] as const) {
          const {doc, index, token} = filePair(parts, [...types], tokenPipeline, maxHits);
          const docFile = `${SEARCH_FILES_DIR}/search-doc-${token}.json`;
          const indexFile = `${SEARCH_FILES_DIR}/${name}-index-${token}.json`;
          await fs.writeFile(path.join(outDir, docFile), doc);
          await fs.writeFile(path.join(outDir, indexFile), index);
          files.push({doc: `${props.baseUrl}${docFile}`, index: `${props.baseUrl}${indexFile}`, types: [...types]});
        }
        await fs.rm(path.join(outDir, file));
        collections.push({
          id: def.id,
          label: def.label,
          prefix: collectionPrefix(def),
          ...(def.older ? {older: true} : {}),
          files: [files[0], files[1]],
        });
      }
      if (written.size > 0)
        throw new Error(`search: index files that belong to no collection: ${[...written].join(', ')}`);
      const manifest: SearchManifest = {collections};
      const pages = (await fs.readdir(outDir, {recursive: true})).filter((f) => f.endsWith('.html'));
      await Promise.all(
        pages.map(async (f) => {
          const file = path.join(outDir, f);
          await fs.writeFile(file, injectSearchManifest(await fs.readFile(file, 'utf8'), manifest));
        }),
      );
      if (pages.length === 0) throw new Error(`search: no pages to carry the ${SEARCH_MANIFEST_META} meta element`);
    },
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
