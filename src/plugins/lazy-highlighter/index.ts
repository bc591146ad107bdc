import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import type {Compiler, WebpackPluginInstance} from 'webpack';

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

export default function lazyHighlighter(): Plugin {
  const lib = path.resolve(__dirname, '../../lib/highlighter');
  return {
    name: 'lazy-highlighter',
    getClientModules: () => [path.join(lib, 'intent.ts')],
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      const replaced = {highlighter: 0, languages: 0};
      const {NormalModuleReplacementPlugin} = currentBundler.instance as unknown as {
        NormalModuleReplacementPlugin: new (
          test: RegExp,
          to: (data: {request: string}) => void,
        ) => WebpackPluginInstance;
      };
      let checked = false;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(HIGHLIGHTER_REQUEST, (data) => {
            replaced.highlighter++;
            data.request = path.join(lib, 'lazy.tsx');
          }),
          new NormalModuleReplacementPlugin(THEME_LANGUAGES_MODULE, (data) => {
            replaced.languages++;
            data.request = path.join(lib, 'noLanguages.ts');
          }),
          {
            apply(compiler: Compiler) {
              compiler.hooks.afterCompile.tap('lazy-highlighter', (compilation) => {
                // Only the first compilation resolves every module (later ones in `npm start` reuse them).
                if (checked) return;
                checked = true;
                for (const [what, count] of Object.entries(replaced))
                  if (count === 0)
                    compilation.errors.push(
                      new compiler.webpack.WebpackError(
                        `lazy-highlighter: nothing replaced for ${what === 'languages' ? "@docusaurus/theme-classic's prism-include-languages client module (did an upgrade move it?)" : '@site/src/lib/highlighter'}; Prism would be in the first load or highlighting would break. See src/plugins/lazy-highlighter.`,
                      ),
                    );
              });
            },
          },
        ],
      };
    },
  };
}
