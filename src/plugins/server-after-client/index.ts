/**
 * Docusaurus plugin: the production build compiles the server bundle after the client bundle, not
 * beside it (Rspack's `dependencies` between the compilers of one run).
 *
 * Docusaurus runs the two compilers of `docusaurus build` at once. Each holds every page module, and
 * Rspack keeps a compilation's memory until the process ends, so the bundling process's peak was the
 * two compilers' working sets added together. In sequence the server compiler starts once the client
 * bundle is written: it peaks on top of what the client compilation keeps, not on top of its peak. It
 * is also no slower: Docusaurus compiles each MDX page once, in the client compiler, and hands the
 * result to the server compiler (its MDX cross-compiler cache), so the server compiler spent most of
 * its time beside the client's waiting for pages anyway.
 *
 * The names are Docusaurus's own for its compilers (`getWebpackLoaderCompilerName` accepts only
 * these two); a Docusaurus that renames them fails the build here rather than in Rspack.
 */
import type {Plugin} from '@docusaurus/types';

export const CLIENT_COMPILER = 'client';
export const SERVER_COMPILER = 'server';

/** What the plugin adds to one compiler's config: the server waits for the client. */
export function compilerOrder(name: unknown, isServer: boolean): {dependencies?: string[]} {
  const expected = isServer ? SERVER_COMPILER : CLIENT_COMPILER;
  if (name !== expected)
    throw new Error(
      `server-after-client: Docusaurus named its ${expected} compiler ${JSON.stringify(name)}, not "${expected}" (did an upgrade rename them? Build with LYKTA_PERF_OFF=serverAfterClient meanwhile)`,
    );
  return isServer ? {dependencies: [CLIENT_COMPILER]} : {};
}

export default function serverAfterClient(): Plugin {
  return {
    name: 'server-after-client',
    configureWebpack(config, isServer) {
      return compilerOrder(config.name, isServer);
    },
  };
}
