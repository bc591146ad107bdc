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

// The package's typings declare only its options, not the plugin function and validator it exports.
const searchLocal = searchLocalModule as unknown as {
  default: PluginModule;
  validateOptions: NonNullable<PluginModule['validateOptions']>;
};

type IndexFilePart = {documents: IndexedDocument[]; index: LunrIndexJson | CompactIndexJson};

/** Every search-index*.json under the build directory (versioned docs write theirs in their folder). */
async function indexFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, {recursive: true});
  return entries.filter((f) => /(^|\/)search-index[^/]*\.json$/.test(f)).map((f) => path.join(dir, f));
}

/** Rewrites one index file with the compact encoding of src/lib/searchIndexCodec.ts. */
async function compactIndexFile(file: string, tokenPipeline: string[]): Promise<void> {
  const parts = JSON.parse(await fs.readFile(file, 'utf8')) as IndexFilePart[];
  const compact = parts.map(({documents, index}) => ({
    documents,
    index: 'encoding' in index ? index : encodeLunrIndex(index, documents, tokenPipeline),
  }));
  await fs.writeFile(file, JSON.stringify(compact));
}

/**
 * @easyops-cn/docusaurus-search-local, wrapped: once it has written its index files, each one is
 * rewritten in a compact, lossless encoding (less than half the size gzipped, so the first search waits
 * less for its download). The search worker loads it with `loadLunrIndex` (patches/).
 */
const lyktaSearchLocal: PluginModule = async (context, options) => {
  const tokenPipeline = builderPipeline(options as IndexingOptions);
  const plugin = await searchLocal.default(context, options);
  if (!plugin) throw new Error('@easyops-cn/docusaurus-search-local returned no plugin');
  return {
    ...plugin,
    async postBuild(props) {
      await plugin.postBuild?.(props);
      await Promise.all((await indexFiles(props.outDir)).map((f) => compactIndexFile(f, tokenPipeline)));
    },
  };
};
lyktaSearchLocal.validateOptions = searchLocal.validateOptions;

export default lyktaSearchLocal;
