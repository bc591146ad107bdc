import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {clientBundleCheck, moduleReplacement, resourceOf} from '../../lib/clientBundleCheck';

/**
 * Takes the code highlighter (prism-react-renderer, Prism's extra languages and the theme's
 * highlighting component) out of the first load. Code is highlighted when the page is built and kept
 * on load (src/theme/CodeBlock/Content), so the browser needs the highlighter only for a code block
 * it renders itself, on a page opened inside the app. In the client bundle only:
 * - `@site/src/lib/highlighter` becomes src/lib/highlighter/lazy.tsx, which loads it on use;
 * - the theme's `prism-include-languages` client module, which imports Prism and registers the
 *   languages at startup, becomes src/lib/highlighter/noLanguages.ts (the lazy chunk registers them).
 * The second replacement depends on a private detail of @docusaurus/theme-classic (the path of that
 * client module): the build fails when a replacement finds nothing to replace.
 */
export const HIGHLIGHTER_REQUEST = /^@site\/src\/lib\/highlighter$/;
export const THEME_LANGUAGES_MODULE = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages(\.js)?$/;

/**
 * What is wrong with a client bundle made of these modules (their identifiers, which end with the
 * module's path): the theme's languages module or the eager highlighter still in it, or the
 * replacements missing.
 */
export function clientBundleProblems(identifiers: readonly string[], lib: string): string[] {
  // A module's file: its identifier without loaders and query.
  const resources = identifiers.map(resourceOf);
  const has = (test: (resource: string) => boolean) => resources.some(test);
  const file = (name: string) => (resource: string) => resource.endsWith(path.join(lib, name));
  const problems: string[] = [];
  if (has((resource) => THEME_LANGUAGES_MODULE.test(resource)))
    problems.push(
      "@docusaurus/theme-classic's prism-include-languages client module is still in the client bundle (did an upgrade move it?): Prism is in the first load",
    );
  if (!has(file('noLanguages.ts')))
    problems.push("src/lib/highlighter/noLanguages.ts did not replace the theme's languages module");
  if (has(file('index.ts')))
    problems.push('src/lib/highlighter/index.ts (the eager highlighter) is in the client bundle');
  if (!has(file('lazy.tsx'))) problems.push('src/lib/highlighter/lazy.tsx is not in the client bundle');
  return problems;
}

export default function lazyHighlighter(): Plugin {
  const lib = path.resolve(__dirname, '../../lib/highlighter');
  return {
    name: 'lazy-highlighter',
    getClientModules: () => [path.join(lib, 'intent.ts')],
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      const NormalModuleReplacementPlugin = moduleReplacement(currentBundler);
      return {
        plugins: [
          new NormalModuleReplacementPlugin(HIGHLIGHTER_REQUEST, (data) => {
            data.request = path.join(lib, 'lazy.tsx');
          }),
          new NormalModuleReplacementPlugin(THEME_LANGUAGES_MODULE, (data) => {
            data.request = path.join(lib, 'noLanguages.ts');
          }),
          clientBundleCheck('lazy-highlighter', (ids) => clientBundleProblems(ids, lib)),
        ],
      };
    },
  };
}
