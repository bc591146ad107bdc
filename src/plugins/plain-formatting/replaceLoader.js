// Bundler loader (client bundle only, src/plugins/plain-formatting): replaces exact pieces of text in
// a library file. Each piece must occur exactly once, or the build fails: the pieces are private
// details of the library, and an upgrade that changes them must be noticed.
'use strict';

module.exports = function replaceLoader(source) {
  const {replacements} = this.getOptions();
  let code = source;
  for (const {from, to} of replacements) {
    const count = code.split(from).length - 1;
    if (count !== 1)
      throw new Error(
        `plain-formatting: expected the text ${JSON.stringify(from)} once in ${this.resourcePath}, found it ${count} times (did an upgrade change the file?)`,
      );
    code = code.replace(from, () => to);
  }
  return code;
};
