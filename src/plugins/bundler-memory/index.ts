/**
 * Docusaurus plugin (the `bundlerMemory` customisation): less memory for `docusaurus build`'s
 * bundling, with the same output.
 *
 * - Rspack's incremental passes off in production builds. Rspack 1.7 turns every
 *   `experiments.incremental` pass on by default, in production too, and keeps what they record for
 *   a rebuild that a production build never does. `npm start` keeps them (its rebuilds use them).
 * - The JavaScript heap collected at the bundler's phase boundaries, when the process exposes `gc`
 *   (`heap.ts`; `scripts/build.mjs` starts the bundling process with `--expose-gc` and `takeGc.cjs`).
 */
import type {Plugin} from '@docusaurus/types';
import {CollectAtPhaseBoundaries, exposedGc} from './heap';

/** What the plugin adds to a compiler's config. */
export function bundlerMemoryConfig(
  mode: unknown,
  gc = exposedGc(),
): {experiments?: {incremental: false}; plugins?: CollectAtPhaseBoundaries[]} {
  if (mode !== 'production') return {};
  return {experiments: {incremental: false}, ...(gc ? {plugins: [new CollectAtPhaseBoundaries(gc)]} : {})};
}

export default function bundlerMemory(): Plugin {
  return {
    name: 'bundler-memory',
    configureWebpack(config) {
      // Docusaurus types the config with webpack's types; the plugin is an Rspack plugin.
      return bundlerMemoryConfig(config.mode) as ReturnType<NonNullable<Plugin['configureWebpack']>>;
    },
  };
}
