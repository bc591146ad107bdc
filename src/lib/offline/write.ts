/**
 * Writes a build's offline files: `/offline/<collection>.json` (each file with its revision and
 * size), `/offline/index.json`, and the build's id into the service worker (`sw.js`), so that the
 * browser sees a new service worker exactly when a kept file changed. Used by the offline-reading
 * plugin after the build, and by the update test to make a second deployment from a copy of the
 * build with one page changed (`refreshOfflineFiles`).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  BUILD_PLACEHOLDER,
  NOTICE_FILE,
  OFFLINE_DIR,
  buildIdOf,
  revisionOf,
  type OfflineCollectionSummary,
  type OfflineFile,
  type OfflineIndex,
  type OfflineList,
} from './lists';

/**
 * Writes a file by renaming a new one over it: the old file's inode is never written to, so a copy of a
 * build made with hard links (the update test's second deployment) leaves the original as it was.
 */
function replaceFile(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, content);
  fs.renameSync(temporary, file);
}

/** A collection and the URLs it keeps offline, before revisions are known. */
export type CollectionUrls = Omit<OfflineCollectionSummary, 'list' | 'files' | 'bytes'> & {urls: string[]};

/** The built file behind a site-relative URL (`/x/` is `x/index.html`). */
export function builtFileOf(outDir: string, baseUrl: string, url: string): string {
  const rel = decodeURIComponent(url.slice(baseUrl.length));
  return path.join(outDir, rel.endsWith('/') || rel === '' ? path.join(rel, 'index.html') : rel);
}

/** Writes the lists and the index and stamps the service worker; returns the index. */
export function writeOfflineFiles(
  outDir: string,
  baseUrl: string,
  collections: CollectionUrls[],
  stamp: {outDir: string; previous?: string},
): OfflineIndex {
  const known = new Map<string, OfflineFile>();
  const fileOf = (url: string): OfflineFile => {
    let f = known.get(url);
    if (!f) {
      const file = builtFileOf(outDir, baseUrl, url);
      if (!fs.existsSync(file)) throw new Error(`offline lists: ${url} is in a list but not in the build (${file})`);
      const content = fs.readFileSync(file);
      f = {url, revision: revisionOf(content), bytes: content.length};
      known.set(url, f);
    }
    return f;
  };
  const lists = collections.map((c) => ({
    collection: c.id,
    files: [...new Set(c.urls)].sort().map(fileOf),
  }));
  const build = buildIdOf(lists);
  fs.mkdirSync(path.join(outDir, OFFLINE_DIR), {recursive: true});
  const summaries: OfflineCollectionSummary[] = collections.map((c, i) => {
    const list: OfflineList = {build, ...lists[i]};
    const name = `${OFFLINE_DIR}/${c.id}.json`;
    replaceFile(path.join(outDir, name), JSON.stringify(list));
    const {urls: _urls, ...rest} = c;
    return {
      ...rest,
      list: `${baseUrl}${name}`,
      files: list.files.length,
      bytes: list.files.reduce((n, f) => n + f.bytes, 0),
    };
  });
  const index: OfflineIndex = {build, notice: `${baseUrl}${NOTICE_FILE}`, collections: summaries};
  replaceFile(path.join(outDir, OFFLINE_DIR, 'index.json'), JSON.stringify(index));
  stampServiceWorker(stamp.outDir, stamp.previous ?? BUILD_PLACEHOLDER, build);
  return index;
}

/**
 * Puts the build's id into the service worker in place of the placeholder (or of the previous id).
 * plugin-pwa's bundler may put the `swCustom` module in a chunk of its own, which `sw.js` imports
 * (`<id>.sw.js` with Rspack): the id goes wherever the placeholder is, in any script at the build's
 * root, and at the end of `sw.js` as a comment, so that `sw.js` itself changes with every deployment
 * that changes a kept file (a browser compares the service worker byte for byte).
 */
export function stampServiceWorker(outDir: string, from: string, to: string): void {
  const main = path.join(outDir, 'sw.js');
  if (!fs.existsSync(main))
    throw new Error(`offline reading: no service worker at ${main} (did @docusaurus/plugin-pwa write it?)`);
  const quoted = new RegExp(`(["'\`])${from}\\1`, 'g');
  let stamped = 0;
  for (const name of fs.readdirSync(outDir).filter((f) => f.endsWith('.js'))) {
    const file = path.join(outDir, name);
    const text = fs.readFileSync(file, 'utf8');
    if (!quoted.test(text)) continue;
    quoted.lastIndex = 0;
    replaceFile(
      file,
      text.replace(quoted, (_m, q: string) => `${q}${to}${q}`),
    );
    stamped++;
  }
  if (stamped === 0)
    throw new Error(
      `offline reading: no script of the service worker contains the build placeholder ${from}: is src/plugins/offline-reading/sw.js still plugin-pwa's swCustom?`,
    );
  const comment = /\n\/\/ lykta-offline-build: [0-9a-zA-Z_]+\n$/;
  const text = fs.readFileSync(main, 'utf8').replace(comment, '');
  replaceFile(main, `${text}\n// lykta-offline-build: ${to}\n`);
}

/**
 * Rewrites the offline files of an existing build from its current files: the same lists of URLs,
 * with the revisions of what is on disk now, a new build id, and the service worker stamped with it.
 * What a deployment with edited pages looks like to the service worker (the update test uses it).
 */
export function refreshOfflineFiles(outDir: string, baseUrl = '/'): OfflineIndex {
  const dir = path.join(outDir, OFFLINE_DIR);
  const old = JSON.parse(fs.readFileSync(path.join(dir, 'index.json'), 'utf8')) as OfflineIndex;
  const collections: CollectionUrls[] = old.collections.map(({list, files: _f, bytes: _b, ...c}) => {
    const l = JSON.parse(fs.readFileSync(builtFileOf(outDir, baseUrl, list), 'utf8')) as OfflineList;
    return {...c, urls: l.files.map((f) => f.url)};
  });
  return writeOfflineFiles(outDir, baseUrl, collections, {
    outDir,
    previous: old.build,
  });
}
