import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {clientBundleCheck, moduleReplacement, builtWithLoader, resourceOf} from '../../lib/clientBundleCheck';

/**
 * Less route work while a page starts, in the client bundle only; server rendering is unchanged:
 * 1. Route components are created on first use (./lazyComponentCreator.tsx replaces @docusaurus/core's
 *    ComponentCreator for the generated routes.js). Docusaurus creates a loadable component for every
 *    route (473 today) while main.js is evaluated, before the page can hydrate.
 * 2. react-router 5 compiles a regular expression for every route path it tries, and finding a page's
 *    route tries every route before it (twice: to preload the route, then to render it). A path without
 *    parameters is matched as text instead (./literalPath.ts), with the same results.
 * Both depend on private details: the generated routes.js importing @docusaurus/ComponentCreator, and the
 * exact text of react-router's compilePath. The build fails when either changes (the check below, and
 * src/lib/exactTextLoader.js); tests/unit/quickRoutes.spec.ts reads the library files and compares the
 * text matcher with path-to-regexp.
 */
export const REACT_ROUTER_ESM = /[\\/]node_modules[\\/]react-router[\\/]esm[\\/]react-router\.js$/;
const REACT_ROUTER_CJS = /[\\/]node_modules[\\/]react-router[\\/](cjs[\\/]|index\.js$)/;
const GENERATED_DIR = /[\\/]\.docusaurus$/;
const EXACT_TEXT_LOADER = path.join(__dirname, '../../lib/exactTextLoader.js');

/** The piece of react-router's compilePath that compiles a path, and what it becomes. */
export const COMPILE_PATH = {
  from: 'var regexp = pathToRegexp(path, keys, options);',
  to: 'var regexp = literalPathMatcher(path, options) || pathToRegexp(path, keys, options);',
};

/** What is wrong with a client bundle made of these modules (their identifiers). */
export function quickRoutesProblems(identifiers: readonly string[], dir: string): string[] {
  const resources = identifiers.map(resourceOf);
  const problems: string[] = [];
  if (!resources.some((r) => r === path.join(dir, 'lazyComponentCreator.tsx')))
    problems.push(
      "lazyComponentCreator.tsx did not replace routes.js's ComponentCreator (did the generated routes change?)",
    );
  if (!builtWithLoader(identifiers, REACT_ROUTER_ESM, 'exactTextLoader.js'))
    problems.push("react-router's ES module was not built with exactTextLoader.js");
  if (resources.some((r) => REACT_ROUTER_CJS.test(r)))
    problems.push("react-router's CommonJS build is in the client bundle, without the path matcher");
  return problems;
}

export default function quickRoutes(): Plugin {
  const dir = __dirname;
  return {
    name: 'quick-routes',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      const NormalModuleReplacementPlugin = moduleReplacement(currentBundler);
      return {
        module: {
          rules: [
            {
              test: REACT_ROUTER_ESM,
              enforce: 'pre' as const,
              use: [
                {
                  loader: EXACT_TEXT_LOADER,
                  options: {
                    plugin: 'quick-routes',
                    replacements: [COMPILE_PATH],
                    prepend: `import {literalPathMatcher} from ${JSON.stringify(path.join(dir, 'literalPath.ts'))};\n`,
                  },
                },
              ],
            },
          ],
        },
        plugins: [
          new NormalModuleReplacementPlugin(/^@docusaurus\/ComponentCreator$/, (data) => {
            if (GENERATED_DIR.test(data.context)) data.request = path.join(dir, 'lazyComponentCreator.tsx');
          }),
          clientBundleCheck('quick-routes', (ids) => quickRoutesProblems(ids, dir)),
        ],
      };
    },
  };
}
