/**
 * The JavaScript heap collected at the bundler's phase boundaries, in the bundling process only.
 *
 * While the client compiler loads the pages, the MDX compiler leaves hundreds of megabytes of garbage
 * (trees, strings) in V8's heap, and V8 collects it lazily: at ten times the content the heap held
 * 0.7-1.3 GB when Rspack's code generation, its most memory-hungry phase, started, against 0.45 GB
 * live. Collecting when the modules are built, when the compilation is sealed and when each compiler
 * is done makes the two peaks coincide less (a collection of that heap takes 0.1-0.3 s here, a few
 * per build). `scripts/build.mjs` starts the bundling process with `--expose-gc` and preloads
 * `takeGc.cjs`, which keeps `gc` where only this plugin looks; elsewhere (`npm start`, a one-process
 * build) nothing is collected by hand.
 */
import type {Compiler} from '@rspack/core';

export type CollectGarbage = () => void;

/** Where `takeGc.cjs`, preloaded into the bundling process, keeps V8's `gc`. */
export const GC_KEY = Symbol.for('lykta.bundler-memory.gc');

/** The kept collector, or undefined when the process was not started with `takeGc.cjs` (and `--expose-gc`). */
export function exposedGc(
  scope: {[GC_KEY]?: unknown} = globalThis as {[GC_KEY]?: unknown},
): CollectGarbage | undefined {
  const gc = scope[GC_KEY];
  return typeof gc === 'function' ? (gc as CollectGarbage) : undefined;
}

/** An Rspack plugin calling `collect` after the make phase, at the seal and when the compiler is done. */
export class CollectAtPhaseBoundaries {
  constructor(private readonly collect: CollectGarbage) {}

  apply(compiler: Compiler): void {
    const name = 'lykta-collect-garbage';
    compiler.hooks.finishMake.tap(name, () => this.collect());
    compiler.hooks.compilation.tap(name, (compilation) => {
      compilation.hooks.seal.tap(name, () => this.collect());
    });
    compiler.hooks.done.tap(name, () => this.collect());
  }
}
