import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** Docusaurus plugin: link prefetches run one per task (./queue.ts, ./client.ts). */
export default function spreadPrefetch(): Plugin {
  return {name: 'spread-prefetch', getClientModules: () => [path.join(__dirname, 'client.ts')]};
}
