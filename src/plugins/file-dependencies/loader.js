// Bundler loader that runs after the MDX loader on every Markdown page: it declares the files the
// remark plugins read for that page (recorded in registry.ts) as the page module's dependencies.
'use strict';

const KEY = Symbol.for('lykta.remark-file-dependencies');

module.exports = function remarkFileDependenciesLoader(source, map, meta) {
  const files = globalThis[KEY] && globalThis[KEY].get(this.resourcePath);
  if (files) for (const file of files) this.addDependency(file);
  this.callback(null, source, map, meta);
};
