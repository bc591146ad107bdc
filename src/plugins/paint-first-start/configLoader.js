// Bundler loader for the client bundle only (src/plugins/paint-first-start): the generated site config
// without the page template (./strip.js). The file's format is a private detail of @docusaurus/core;
// when the template is not found exactly once the build fails, so an upgrade that changes it is noticed.
'use strict';

const {stripSsrTemplate} = require('./strip.js');

module.exports = function configLoader(source) {
  const {code, found} = stripSsrTemplate(source);
  if (found !== 1)
    throw new Error(
      `paint-first-start: found ${found} "ssrTemplate" lines in .docusaurus/docusaurus.config.mjs, expected 1 (did a Docusaurus upgrade change how it writes the site config?)`,
    );
  return code;
};
