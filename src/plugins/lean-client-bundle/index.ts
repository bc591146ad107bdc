import fs from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {clientBundleCheck, moduleReplacement, resourceOf} from '../../lib/clientBundleCheck';

/**
 * Trims what every page's first load carries (the JavaScript the HTML references), in the client
 * bundle only; server rendering is unchanged:
 * 1. The route registry (.docusaurus/registry.js) loses its module paths (./registryLoader.js), which
 *    only server rendering reads.
 * 2. Chunk files are named by chunk id, not by chunk name: the runtime no longer carries a map of
 *    every chunk's name (one per registry entry) to build file names from.
 * 3. The navigation progress bar (nprogress) loads when a navigation starts (./progressBar.ts replaces
 *    @docusaurus/theme-classic's client module).
 * 4. @docusaurus/utils-common requires tslib for one helper, which brought the whole of tslib (a
 *    CommonJS require keeps every export); it gets ./tslibHelpers.js, with that helper only.
 * Private details it depends on fail the build when an upgrade changes them: the registry's format
 * (the loader), the theme's nprogress client module (checked on the bundle's modules, below), and the
 * tslib helpers utils-common uses (read from its files when the plugin starts).
 * tests/unit/leanClientBundle.spec.ts checks that the browser side never reads the registry's paths.
 */
export const THEME_PROGRESS_MODULE = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]nprogress(\.js)?$/;
const REGISTRY = /[\\/]\.docusaurus[\\/]registry\.js$/;

/** What is wrong with a client bundle made of these modules (their identifiers). */
export function leanBundleProblems(identifiers: readonly string[], dir: string): string[] {
  const resources = identifiers.map(resourceOf);
  const problems: string[] = [];
  if (resources.some((r) => THEME_PROGRESS_MODULE.test(r)))
    problems.push(
      "@docusaurus/theme-classic's nprogress client module is still in the client bundle (did an upgrade move it?)",
    );
  if (!resources.some((r) => r === path.join(dir, 'progressBar.ts')))
    problems.push("progressBar.ts did not replace the theme's nprogress client module");
  if (!identifiers.some((id) => REGISTRY.test(resourceOf(id)) && id.includes('registryLoader.js')))
    problems.push('the route registry was not built with registryLoader.js');
  if (resources.some((r) => /[\\/]node_modules[\\/]tslib[\\/]/.test(r)))
    problems.push('tslib (the whole library) is in the client bundle');
  return problems;
}

/** The tslib helpers a package's compiled files call (`tslib_1.__name`). */
export function tslibHelpersUsed(files: readonly string[]): string[] {
  const names = new Set<string>();
  for (const file of files)
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/\btslib(?:_\d+)?\.(__\w+)/g)) names.add(m[1]!);
  return [...names].sort();
}

/** The helpers ./tslibHelpers.js provides. */
export function tslibHelpersProvided(dir: string): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return Object.keys(require(path.join(dir, 'tslibHelpers.js')) as object).sort();
}

export default function leanClientBundle(): Plugin {
  const dir = __dirname;
  // @docusaurus/utils-common: the tslib helpers its files call, and the requests it makes for tslib.
  const utilsCommon = path.dirname(require.resolve('@docusaurus/utils-common/package.json'));
  const tslibDir = path.dirname(require.resolve('tslib/package.json', {paths: [utilsCommon]}));
  const tslibEsm = path.join(tslibDir, 'tslib.es6.mjs');
  if (!fs.existsSync(tslibEsm))
    throw new Error(`lean-client-bundle: ${tslibEsm} is missing (did tslib change its files?)`);
  return {
    name: 'lean-client-bundle',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      const NormalModuleReplacementPlugin = moduleReplacement(currentBundler);
      return {
        output: {chunkFilename: 'assets/js/[id].[contenthash:8].js'},
        module: {
          rules: [{test: REGISTRY, enforce: 'pre' as const, use: [{loader: path.join(dir, 'registryLoader.js')}]}],
        },
        plugins: [
          new NormalModuleReplacementPlugin(/^tslib$/, (data) => {
            if (data.context.startsWith(utilsCommon)) data.request = path.join(dir, 'tslibHelpers.js');
          }),
          new NormalModuleReplacementPlugin(THEME_PROGRESS_MODULE, (data) => {
            data.request = path.join(dir, 'progressBar.ts');
          }),
          clientBundleCheck('lean-client-bundle', (ids) => leanBundleProblems(ids, dir)),
        ],
      };
    },
  };
}
