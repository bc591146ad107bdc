// Rspack loader of the serverProcess customisation (src/plugins/server-process/index.ts): hands each MDX page
// that the client bundling process compiled to the server bundling process, through files in a folder the
// build gives both (LYKTA_MDX_HANDOFF). It is what Docusaurus's MDX cross-compiler cache does between the two
// compilers of one process, across two processes: each page is compiled once, by the client, and the server
// bundle is built from the same code.
//
// It is the outermost loader of every module the MDX loader compiles in a production build (a `post` rule
// put first, index.ts's insertHandoff).
// - `write` (client process): after every other loader of the page, saves its code with the files it
//   depends on (those the site's remark-file-dependencies `post` loader declares included) and a hash of
//   its source. (The loaders give no source map, so there is none to save.)
// - `read` (server process): its pitch returns the saved code, so none of the page's other loaders run,
//   and adds the same dependencies to the module. A page whose source changed since fails the
//   build: the two bundles would disagree. A page the client process did not compile (its module came from
//   the client's persistent cache, and the server's cache had lost it) is compiled here, as Docusaurus did
//   before its cross-compiler cache. The process writes how many of each to SUMMARY_FILE in the folder.
// - `pass` (both compilers in one process): passes the page through, so a page's loaders are the same in
//   every production build.
'use strict';
const {createHash} = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const SUMMARY_FILE = 'server-summary.json';
const sha256 = (data) => createHash('sha256').update(data).digest('hex');

/** The file that holds the handed-over page for a module's resource (path and query). */
function handoffFile(dir, resource) {
  return path.join(dir, `${sha256(resource).slice(0, 40)}.json`);
}

function options(loader) {
  const {mode, dir} = loader.getOptions();
  if (mode === 'pass') return {mode};
  if ((mode !== 'write' && mode !== 'read') || typeof dir !== 'string' || dir === '')
    throw new Error(
      `server-process: the MDX hand-off loader needs {mode: 'write' | 'read', dir} or {mode: 'pass'}, got ${JSON.stringify({mode, dir})}`,
    );
  return {mode, dir};
}

// The server process's counts, written to each folder when it ends.
const summaries = new Map();
function writeSummaries() {
  for (const [dir, summary] of summaries)
    if (fs.existsSync(dir)) fs.writeFileSync(path.join(dir, SUMMARY_FILE), JSON.stringify(summary));
}
function count(dir, key) {
  if (summaries.size === 0) process.once('exit', writeSummaries);
  if (!summaries.has(dir)) summaries.set(dir, {handedOver: 0, compiledAgain: 0});
  summaries.get(dir)[key] += 1;
}

function handOver(code, map, meta) {
  const {mode, dir} = options(this);
  if (mode === 'write') {
    const entry = {
      resource: this.resource,
      sourceHash: sha256(fs.readFileSync(this.resourcePath)),
      code: typeof code === 'string' ? code : Buffer.from(code).toString('utf8'),
      fileDependencies: this.getDependencies(),
      contextDependencies: this.getContextDependencies(),
      missingDependencies: this.getMissingDependencies(),
    };
    fs.writeFileSync(handoffFile(dir, this.resource), JSON.stringify(entry));
  } else if (mode === 'read') {
    // Only a page the client process did not hand over comes here, after its other loaders ran.
    count(dir, 'compiledAgain');
  }
  this.callback(null, code, map, meta);
}

handOver.pitch = function takeOver() {
  const {mode, dir} = options(this);
  if (mode !== 'read') return undefined;
  const file = handoffFile(dir, this.resource);
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
  const entry = JSON.parse(text);
  if (entry.resource !== this.resource)
    throw new Error(`server-process: ${file} holds ${entry.resource}, not ${this.resource}`);
  if (entry.sourceHash !== sha256(fs.readFileSync(this.resourcePath)))
    throw new Error(`server-process: ${this.resourcePath} changed while the site was being built; build again`);
  for (const dependency of entry.fileDependencies) this.addDependency(dependency);
  for (const dependency of entry.contextDependencies) this.addContextDependency(dependency);
  for (const dependency of entry.missingDependencies) this.addMissingDependency(dependency);
  count(dir, 'handedOver');
  return entry.code;
};

module.exports = handOver;
module.exports.handoffFile = handoffFile;
module.exports.SUMMARY_FILE = SUMMARY_FILE;
module.exports.writeSummaries = writeSummaries;
