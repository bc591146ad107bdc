// Bundler loader for the site's client-bundle plugins (src/plugins/plain-formatting, quick-routes):
// replaces exact pieces of text in a library file, or adds text before it. Each piece must occur
// exactly once, or the build fails with the plugin's name: the pieces are private details of the
// library, and an upgrade that changes them must be noticed.
'use strict';

module.exports = function exactTextLoader(source) {
  const {plugin, replacements, prepend = ''} = this.getOptions();
  let code = source;
  for (const {from, to} of replacements) {
    const count = code.split(from).length - 1;
    if (count !== 1)
      throw new Error(
        `${plugin}: expected the text ${JSON.stringify(from)} once in ${this.resourcePath}, found it ${count} times (did an upgrade change the file?)`,
      );
    code = code.replace(from, () => to);
  }
  return prepend + code;
};
