import type {Compiler, WebpackPluginInstance} from 'webpack';

/**
 * What the site's client-bundle plugins (src/plugins/lazy-highlighter, lean-client-bundle,
 * plain-formatting) share: the bundler's NormalModuleReplacementPlugin, and a check of the client
 * bundle's modules that fails the build with the plugin's problems.
 */
export type ModuleReplacement = new (
  test: RegExp,
  to: (data: {request: string; context: string}) => void,
) => WebpackPluginInstance;

/** The bundler's NormalModuleReplacementPlugin (Rspack's or webpack's, whichever Docusaurus runs). */
export function moduleReplacement(currentBundler: {instance: unknown}): ModuleReplacement {
  return (currentBundler.instance as {NormalModuleReplacementPlugin: ModuleReplacement}).NormalModuleReplacementPlugin;
}

/**
 * A bundler plugin that fails the build with `problems(identifiers)` of every compilation of the client
 * bundle. Checked on the modules (cached ones included), not on the replacements made, which a warm
 * cache skips; child compilations (which build other things than the app) are left out (thisCompilation).
 */
export function clientBundleCheck(name: string, problems: (identifiers: string[]) => string[]): WebpackPluginInstance {
  return {
    apply(compiler: Compiler) {
      compiler.hooks.thisCompilation.tap(name, (compilation) => {
        compilation.hooks.finishModules.tap(name, (modules) => {
          const ids = [...modules].map((m) => m.identifier());
          for (const problem of problems(ids))
            compilation.errors.push(new compiler.webpack.WebpackError(`${name}: ${problem}. See src/plugins/${name}.`));
        });
      });
    },
  };
}

/** The file a module identifier is built from: after the last loader (`!`), without a query (`?`). */
export function resourceOf(identifier: string): string {
  return identifier.split('!').at(-1)!.split('?')[0]!;
}

/** True when a module whose file (after the loaders) matches `file` was built with the loader named `loader`. */
export function builtWithLoader(identifiers: readonly string[], file: RegExp, loader: string): boolean {
  return identifiers.some((id) => file.test(id.split('!').at(-1)!) && id.includes(loader));
}
