// The registry trimming rule, shared by the loader (registryLoader.js) and its unit test.
'use strict';

const STRING = String.raw`"(?:[^"\\]|\\.)*"`;
const ENTRY = new RegExp(
  String.raw`^(\s*"(?:[^"\\]|\\.)*": \[\(\) => import\(/\* webpackChunkName: "(?:[^"\\]|\\.)*" \*/ (${STRING})\), )(${STRING})(, require\.resolveWeak\((${STRING})\)\],?(?:\};)?)$`,
);

/**
 * The registry's source with every entry's module path (its second element) replaced by 0, the
 * number of entries trimmed, and the lines it could not read.
 * @param {string} source
 * @returns {{code: string, entries: number, problems: string[]}}
 */
function stripRegistryModulePaths(source) {
  const problems = [];
  let entries = 0;
  const lines = source.split('\n').map((line, i) => {
    if (/^\s*$/.test(line) || line === 'export default {' || line === '};') return line;
    const m = ENTRY.exec(line);
    if (!m || m[2] !== m[3] || m[3] !== m[5]) {
      problems.push(`line ${i + 1}: ${line.slice(0, 200)}`);
      return line;
    }
    entries += 1;
    return `${m[1]}0${m[4]}`;
  });
  if (!source.includes('export default {')) problems.push('no `export default {` line');
  // The object closes at the end of the last entry's line or on a line of its own.
  if (!/\};\s*$/.test(source)) problems.push('the registry object does not close at the end of the file');
  return {code: lines.join('\n'), entries, problems};
}

module.exports = {stripRegistryModulePaths};
