/**
 * Docusaurus plugin (the `serverProcess` customisation): the production build compiles the client bundle
 * and the server bundle in two processes, one after the other (scripts/build.mjs), not in one.
 *
 * Rspack (1.x) keeps a compilation's memory until its process ends: the native compiler holds the
 * JavaScript hooks that hold the compiler, so closing it frees nothing. With both compilers in one process
 * the server compilation peaked on top of all that the finished client compilation kept (2.7 GB of
 * 4.4 GB at ten times the content). In a process of its own each peaks alone.
 *
 * scripts/build.mjs runs `docusaurus build` with LYKTA_BUNDLE_ONLY=client, then with
 * LYKTA_BUNDLE_ONLY=server, and gives both LYKTA_MDX_HANDOFF, a folder. In each, this plugin takes the
 * other compiler out (no entry, no plugins, no cache: it builds nothing and leaves the other's cache alone), and
 * puts the hand-off loader (handoffLoader.cjs) before the MDX loader: the client process saves each
 * compiled page there, the server process builds from them. That is Docusaurus's MDX cross-compiler
 * cache across the processes, and the cache itself is taken out of the MDX loader's options: the client
 * process would keep every page for a server compiler that never asks, and the server process must never
 * wait on it. Without LYKTA_BUNDLE_ONLY (a one-process production build) the loader only passes the pages
 * through, so a page's module id is the same however the site is built; `npm start` is left alone.
 *
 * It relies on Docusaurus naming its compilers `client` and `server`, on its MDX rules using
 * `@docusaurus/mdx-loader` by its resolved path, and on the loader's `crossCompilerCache` option
 * (tests/unit/serverProcess.spec.ts reads them in the installed Docusaurus); a config that no longer
 * matches fails the build here.
 */
import type {Plugin} from '@docusaurus/types';

export const BUNDLE_ONLY_ENV = 'LYKTA_BUNDLE_ONLY';
export const MDX_HANDOFF_ENV = 'LYKTA_MDX_HANDOFF';
export const HANDOFF_LOADER = require.resolve('./handoffLoader.cjs');
export const MDX_LOADER = require.resolve('@docusaurus/mdx-loader');

export type BundleSide = 'client' | 'server';
export interface BundleOnly {
  /** The compiler this process runs. */
  side: BundleSide;
  /** The folder the client process saves compiled MDX pages to and the server process reads them from. */
  handoffDir: string;
}

/** What LYKTA_BUNDLE_ONLY and LYKTA_MDX_HANDOFF ask of this process: undefined for both compilers. */
export function bundleOnly(env: NodeJS.ProcessEnv): BundleOnly | undefined {
  const side = env[BUNDLE_ONLY_ENV];
  const handoffDir = env[MDX_HANDOFF_ENV];
  if (side === undefined || side === '') {
    if (handoffDir) throw new Error(`server-process: ${MDX_HANDOFF_ENV} is set without ${BUNDLE_ONLY_ENV}`);
    return undefined;
  }
  if (side !== 'client' && side !== 'server')
    throw new Error(`server-process: ${BUNDLE_ONLY_ENV} is ${JSON.stringify(side)}; it takes "client" or "server"`);
  if (!handoffDir)
    throw new Error(
      `server-process: ${BUNDLE_ONLY_ENV}=${side} needs ${MDX_HANDOFF_ENV}, the folder for the MDX pages`,
    );
  return {side, handoffDir};
}

/** The parts of an Rspack config (as Docusaurus hands it to configureWebpack) the plugin reads and changes. */
export interface BundlerConfig {
  name?: string;
  mode?: string;
  entry?: unknown;
  plugins?: unknown[];
  cache?: unknown;
  experiments?: Record<string, unknown>;
  module?: {rules?: unknown[]};
}

interface LoaderItem {
  loader: string;
  options?: Record<string, unknown>;
}
interface Rule {
  use?: unknown;
  oneOf?: unknown[];
  rules?: unknown[];
}

const isRule = (value: unknown): value is Rule => typeof value === 'object' && value !== null;
const loaderOf = (item: unknown): string | undefined =>
  typeof item === 'string' ? item : isRule(item) ? (item as Partial<LoaderItem>).loader : undefined;

export type HandoffMode = 'write' | 'read' | 'pass';

/** The keys of a rule that say which modules it matches (Rspack's rule conditions). */
const CONDITIONS = [
  'test',
  'include',
  'exclude',
  'resource',
  'resourceQuery',
  'resourceFragment',
  'issuer',
  'issuerLayer',
  'dependency',
  'scheme',
  'mimetype',
  'descriptionData',
  'with',
] as const;
const conditionsOf = (rule: Rule): Record<string, unknown> =>
  Object.fromEntries(CONDITIONS.filter((k) => k in rule).map((k) => [k, (rule as Record<string, unknown>)[k]]));

/** Whether `rule` is (or nests) a rule of the hand-off loader. */
function isHandoffRule(rule: unknown): boolean {
  if (!isRule(rule)) return false;
  if (Array.isArray(rule.use) && rule.use.some((item) => loaderOf(item) === HANDOFF_LOADER)) return true;
  return [...(rule.rules ?? []), ...(rule.oneOf ?? [])].some(isHandoffRule);
}

/**
 * Every rule (nested ones too) that uses `mdxLoader`, with the conditions of the rules it is nested in and
 * its own, outermost first.
 */
function mdxRules(
  rules: unknown[],
  mdxLoader: string,
  parents: Record<string, unknown>[] = [],
): {rule: Rule & {use: unknown[]}; path: Record<string, unknown>[]}[] {
  return rules.flatMap((rule) => {
    if (!isRule(rule)) return [];
    const path = [...parents, conditionsOf(rule)];
    const own =
      Array.isArray(rule.use) && rule.use.some((item) => loaderOf(item) === mdxLoader)
        ? [{rule: rule as Rule & {use: unknown[]}, path}]
        : [];
    return [...own, ...mdxRules(rule.oneOf ?? [], mdxLoader, path), ...mdxRules(rule.rules ?? [], mdxLoader, path)];
  });
}

/**
 * Puts the hand-off loader on every module the MDX loader compiles, as the outermost of its loaders: a
 * `post` rule with the same conditions, first of the rules, so that it runs after every other loader of
 * the page (the site's remark-file-dependencies adds the files a page was rendered from in a `post`
 * loader, from what the remark plugins recorded while the MDX loader ran) and its pitch, in the server
 * process, takes over the whole chain. In `write` and `read` it also takes the cross-compiler cache out
 * of the MDX loader's options; `pass` (a production build with both compilers in one process) keeps the
 * cache and only passes the pages through, so the loaders of a page, and with them its module's id in
 * the bundles, are the same however the site is built. Returns how many MDX rules it found. (`mdxLoader`
 * is the path of the loader to look for; the tests give another.)
 */
export function insertHandoff(rules: unknown[], mode: HandoffMode, dir?: string, mdxLoader = MDX_LOADER): number {
  const handoff = {loader: HANDOFF_LOADER, options: mode === 'pass' ? {mode} : {mode, dir}};
  const found = mdxRules(rules, mdxLoader);
  const postRules = found.map(({rule, path}) => {
    if (mode !== 'pass')
      rule.use = rule.use.map((item) => {
        if (loaderOf(item) !== mdxLoader || typeof item === 'string') return item;
        const {crossCompilerCache: _cache, ...options} = (item as LoaderItem).options ?? {};
        return {...(item as LoaderItem), options};
      });
    let post: Record<string, unknown> = {...path.at(-1), enforce: 'post', use: [handoff]};
    for (const parent of path.slice(0, -1).reverse()) post = {...parent, rules: [post]};
    return post;
  });
  // A rules list both configs share gets them once.
  if (!rules.some(isHandoffRule)) rules.unshift(...postRules);
  return found.length;
}

/** Changes one compiler's config for a production build process that runs `only`, or both (mutates `config`). */
export function applyServerProcess(config: BundlerConfig, isServer: boolean, only: BundleOnly | undefined): void {
  const side: BundleSide = isServer ? 'server' : 'client';
  if (config.name !== side)
    throw new Error(
      `server-process: Docusaurus named its ${side} compiler ${JSON.stringify(config.name)}, not "${side}" (did an upgrade rename them? Build with LYKTA_PERF_OFF=serverProcess meanwhile)`,
    );
  if (config.mode !== 'production') return;
  if (only && only.side !== side) {
    // Nothing to build, no plugins (the site's own check that what they replace was built, Docusaurus's copy
    // of the static files, its client manifest), and no persistent cache: an empty build would replace the
    // real one's.
    config.entry = {};
    config.plugins = [];
    config.cache = false;
    config.experiments = {...config.experiments, cache: false};
    return;
  }
  const mode: HandoffMode = !only ? 'pass' : side === 'client' ? 'write' : 'read';
  const found = insertHandoff(config.module?.rules ?? [], mode, only?.handoffDir);
  if (found === 0)
    throw new Error(
      `server-process: no rule of the ${side} config uses ${MDX_LOADER} (did an upgrade change Docusaurus's MDX rules? Build with LYKTA_PERF_OFF=serverProcess meanwhile)`,
    );
}

export default function serverProcess(): Plugin {
  const only = bundleOnly(process.env);
  return {
    name: 'server-process',
    configureWebpack(config, isServer) {
      applyServerProcess(config as BundlerConfig, isServer, only);
      return {};
    },
  };
}
