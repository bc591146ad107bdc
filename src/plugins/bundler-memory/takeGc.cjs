// Preloaded into the bundling process (scripts/build.mjs starts it with `node --expose-gc --require`
// this file): keeps V8's `gc` for the bundler-memory plugin under a symbol of its own and clears the
// global `gc`. Docusaurus's perf logger (DOCUSAURUS_PERF_LOGGER, which `npm run bench` sets) calls
// `globalThis.gc?.()` before every measurement when it is there: a full collection per plugin and step,
// which made the measured build 20 s slower than the build it measures.
'use strict';

const KEY = Symbol.for('lykta.bundler-memory.gc');

if (typeof globalThis.gc === 'function') {
  globalThis[KEY] = globalThis.gc;
  // Not configurable (V8 defines it so), but writable.
  globalThis.gc = undefined;
}
