// Usage: node scripts/scale-content.mjs [--pages=3600] [--dir=/tmp/lykta-scale] [--skip-build]
// Builds the site with synthetic content added, to see how build and search scale: copies the sources
// to --dir (node_modules linked), writes --pages pages of varied synthetic prose (headings, lists,
// tables, inline code) spread over the search collections in proportion to their size today, builds
// with GNU time, then measures search on the bench's phone profile against that build. Prints and
// writes bench-results/scale.json. Nothing is published: the pages exist only in --dir.
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {chromium} from '@playwright/test';
import {serveGzip} from './serve-gzip.mjs';
import {CHROMIUM_ARGS, chromiumExecutable} from '../src/lib/chromium.mjs';
import {measureSearch} from './search-timing.mjs';

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
const PAGES = Number(arg('pages', '3600'));
const DIR = path.resolve(arg('dir', '/tmp/lykta-scale'));
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const round = (n) => Math.round(n * 10) / 10;

// A small deterministic generator, so two runs build the same site.
let seed = 20261125;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = (xs) => xs[Math.floor(random() * xs.length)];
const WORDS = {
  noun: 'camera stream profile event topic schedule recording overlay sensor zone track frame bitrate codec certificate token firmware package manifest container model detection channel pairing relay door reader credential speaker intercom radar scene buffer request response parameter field header cursor timestamp interval threshold region'.split(
    ' ',
  ),
  verb: 'configures returns lists updates removes validates publishes subscribes records encodes decodes rotates signs installs starts stops pairs tracks counts detects buffers retries rejects accepts'.split(
    ' ',
  ),
  adj: 'active default optional required encrypted signed local remote primary secondary periodic continuous temporary persistent unique ordered nested'.split(
    ' ',
  ),
  code: 'maxBitrate retentionDays nextCursor eventTopic sceneId trackId profileName timeoutSeconds minConfidence channelId zoneMask certificateId'.split(
    ' ',
  ),
};
const sentence = () => {
  const s = `The ${pick(WORDS.adj)} ${pick(WORDS.noun)} ${pick(WORDS.verb)} the ${pick(WORDS.noun)} when \`${pick(WORDS.code)}\` is ${pick(WORDS.adj)}, and every ${pick(WORDS.noun)} ${pick(WORDS.verb)} its ${pick(WORDS.noun)}.`;
  return s[0].toUpperCase() + s.slice(1);
};
const paragraph = () => Array.from({length: 3 + Math.floor(random() * 4)}, sentence).join(' ');
const title = (n) =>
  `${pick(WORDS.adj)} ${pick(WORDS.noun)} ${pick(WORDS.noun)} ${n}`.replace(/^./, (c) => c.toUpperCase());

function page(n) {
  const sections = Array.from({length: 3 + Math.floor(random() * 3)}, (_, i) => {
    const rows = Array.from({length: 4}, () => `| \`${pick(WORDS.code)}\` | ${pick(WORDS.adj)} | ${sentence()} |`);
    return [
      `## ${title(`${n}.${i}`)}`,
      '',
      paragraph(),
      '',
      `- ${sentence()}`,
      `- ${sentence()}`,
      '',
      ...(i % 2 ? ['| Name | Kind | Meaning |', '|---|---|---|', ...rows, ''] : []),
      paragraph(),
      '',
    ].join('\n');
  });
  const t = title(n);
  return `---\ntitle: ${t}\ndescription: ${sentence()}\n---\n\n# ${t}\n\n${paragraph()}\n\n${sections.join('\n')}`;
}

// Where the pages go: one folder per search collection, in proportion to its pages today.
const TARGETS = [
  ['docs/scale-test', 0.3],
  ['docs/vireo/scale-test', 0.25],
  ['docs/vireo/network-video/scale-test', 0.2],
  ['docs/vireo/device-configuration/scale-test', 0.05],
  ['sdk/scale-test', 0.2],
];

fs.rmSync(DIR, {recursive: true, force: true});
fs.mkdirSync(DIR, {recursive: true});
for (const entry of fs.readdirSync(ROOT)) {
  if (['node_modules', '.git', '.docusaurus'].includes(entry) || entry.startsWith('build')) continue;
  fs.cpSync(path.join(ROOT, entry), path.join(DIR, entry), {recursive: true});
}
fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(DIR, 'node_modules'));
let written = 0;
for (const [folder, share] of TARGETS) {
  const count = Math.round(PAGES * share);
  for (let i = 0; i < count; i++) {
    const dir = path.join(DIR, folder, `group-${Math.floor(i / 50)}`);
    fs.mkdirSync(dir, {recursive: true});
    fs.writeFileSync(path.join(dir, `page-${i}.md`), page(written++));
  }
}
console.error(`wrote ${written} synthetic pages under ${DIR}`);
// Pages show their last update from git history: commit the copy.
for (const git of [
  ['init', '-q'],
  ['add', '-A'],
  ['-c', 'user.name=scale', '-c', 'user.email=scale@lykta.example', 'commit', '-qm', 'scale'],
]) {
  const g = spawnSync('git', git, {cwd: DIR, encoding: 'utf8'});
  if (g.status !== 0) throw new Error(`git ${git.join(' ')} failed: ${g.stderr}`);
}

const report = {date: new Date().toISOString(), syntheticPages: written};
if (!process.argv.includes('--skip-build')) {
  const t0 = Date.now();
  const r = spawnSync('/usr/bin/time', ['-v', 'npx', 'docusaurus', 'build'], {
    cwd: DIR,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  if (r.status !== 0) throw new Error(`build failed:\n${r.stderr.slice(-3000)}`);
  report.buildSeconds = round((Date.now() - t0) / 1000);
  report.peakMemoryMB = Math.round(
    Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(r.stderr)?.[1] ?? 0) / 1024,
  );
}
const buildDir = path.join(DIR, 'build');
report.pages = spawnSync('find', [buildDir, '-name', 'index.html']).stdout.toString().trim().split('\n').length;
const files = fs.readdirSync(path.join(buildDir, 'assets/search')).map((f) => ({
  file: f,
  gzipKB: round(zlib.gzipSync(fs.readFileSync(path.join(buildDir, 'assets/search', f))).length / 1024),
}));
report.largestSearchFiles = files.sort((a, b) => b.gzipKB - a.gzipKB).slice(0, 5);
report.searchFilesOver300KB = files.filter((f) => f.gzipKB > 300).length;

const PORT = 3301;
const server = await serveGzip(buildDir, PORT);
const browser = await chromium.launch({
  executablePath: chromiumExecutable(),
  args: CHROMIUM_ARGS,
});
try {
  report.search = await measureSearch(browser, `http://127.0.0.1:${PORT}`);
} finally {
  await browser.close();
  server.close();
}
fs.mkdirSync(path.join(ROOT, 'bench-results'), {recursive: true});
fs.writeFileSync(path.join(ROOT, 'bench-results/scale.json'), JSON.stringify(report, null, 2));
console.log(JSON.stringify(report, null, 2));
