// Bundler loader for the client bundle only (src/plugins/lean-client-bundle): drops the module paths
// from Docusaurus's generated route registry (.docusaurus/registry.js). Each entry is
//   "<chunk>": [() => import(/* webpackChunkName: "<chunk>" */ "<path>"), "<path>", require.resolveWeak("<path>")],
// and the browser never reads the second element (server rendering reports it to find a page's
// chunks). The format is a private detail of @docusaurus/core: any line this loader does not
// recognise fails the build, so an upgrade that changes it is noticed.
'use strict';

const {stripRegistryModulePaths} = require('./registry.js');

module.exports = function registryLoader(source) {
  const {code, entries, problems} = stripRegistryModulePaths(source);
  if (problems.length > 0)
    throw new Error(
      `lean-client-bundle: .docusaurus/registry.js is not in the format this loader knows (did a Docusaurus upgrade change it?):\n${problems.slice(0, 5).join('\n')}`,
    );
  if (entries === 0) throw new Error('lean-client-bundle: .docusaurus/registry.js has no entry to trim');
  return code;
};
