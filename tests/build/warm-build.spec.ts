/**
 * The builds of the site's build script, run after the e2e suite (`npm run test:build`), alone: they
 * build the site again, and the warm-build tests change source files while they run.
 *
 * A warm build equals a clean one: after a build has filled the bundler's persistent cache, an edit to a file that a remark plugin reads (an OpenAPI document, a manifest JSON Schema, a LEAP
 * header) reaches the pages rendered from it in the next build, though the pages' own Markdown did
 * not change (src/plugins/file-dependencies), and the build uses the caches the first one left.
 * The edits are undone afterwards, whatever happens.
 *
 * One process builds the same site as three: `npm run build` bundles for the browser, bundles for the
 * server and renders in processes of their own (scripts/build.mjs, the bundlerProcess and serverProcess
 * customisations); with them switched off, every file of the output is the same, byte for byte.
 */
import {spawn, spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {stripVTControlCharacters} from 'node:util';
import {test, expect, chromium} from '@playwright/test';
import {CHROMIUM_ARGS, findChromium} from '../support/chromium';
import {ROOT, filesUnder} from '../support/files';

// One after the other: the warm build and npm start edit the same sources, and each build here uses the
// bundler's cache folder.
test.describe.configure({mode: 'serial'});

const OUT = 'build-warm';

interface Edit {
  file: string;
  from: string;
  to: string;
  /** Built page that must show the edit. */
  page: string;
}

const MARK = `warm build check ${process.pid}`;
const EDITS: Edit[] = [
  {
    file: 'static/openapi/device-configuration/time-api.yaml',
    from: 'summary: Read the current time',
    to: `summary: Read the current time (${MARK})`,
    page: 'vireo/device-configuration/time-api/index.html',
  },
  {
    file: 'src/leap-headers/lykvireo.h',
    from: "@brief Returns the credentials of the application's VIREO service account.",
    to: `@brief Returns the credentials of the application's VIREO service account (${MARK}).`,
    page: 'leap/api/c/lykvireo/index.html',
  },
  {
    file: 'static/asyncapi/vireo-events.yaml',
    from: "summary: A measurement area's temperature alarm started or ended.",
    to: `summary: A measurement area's temperature alarm started or ended (${MARK}).`,
    page: 'vireo/network-video/thermometry/index.html',
  },
  {
    file: 'static/schemas/leap/manifest-v1.8.0.schema.json',
    from: '"description": "Events the application emits with',
    to: `"description": "(${MARK}) Events the application emits with`,
    page: 'leap/develop/manifest-schemas/schema-field-descriptions-v1.8.0/index.html',
  },
];

test('an edit to an OpenAPI document, a JSON Schema or a LEAP header reaches its page in a warm build', () => {
  test.setTimeout(900_000);
  const cache = path.join(ROOT, 'node_modules/.cache/rspack');
  const originals = EDITS.map((e) => fs.readFileSync(path.join(ROOT, e.file), 'utf8'));
  try {
    // A build into the same output directory first: the output path is part of the bundler's config,
    // whose persistent cache a build with another one (npm run build's) does not reuse.
    const first = spawnSync('node', ['scripts/build.mjs', '--out-dir', OUT], {cwd: ROOT, encoding: 'utf8'});
    expect(first.status, `${first.stdout}\n${first.stderr}`.slice(-3000)).toBe(0);
    expect(fs.existsSync(cache), 'the bundler cache of the first build').toBe(true);
    EDITS.forEach((e, i) => {
      expect(originals[i]!.split(e.from).length - 1, `${e.file} holds "${e.from}" once`).toBe(1);
      fs.writeFileSync(path.join(ROOT, e.file), originals[i]!.replace(e.from, e.to));
    });
    const cachesBefore = fs.readdirSync(cache).sort();
    const r = spawnSync('node', ['scripts/build.mjs', '--out-dir', OUT], {cwd: ROOT, encoding: 'utf8'});
    expect(r.status, `${r.stdout}\n${r.stderr}`.slice(-3000)).toBe(0);
    for (const e of EDITS) {
      const html = fs.readFileSync(path.join(ROOT, OUT, e.page), 'utf8');
      expect(html.includes(MARK), `${e.page} shows the edit of ${e.file}`).toBe(true);
    }
    // The build was warm: it used the caches the first build left (one per compiler, named from its
    // config, so a config that changes from build to build would add new ones), and the pages the edits
    // reach were compiled again and handed from the client process to the server process. (The edit to a
    // LEAP header recompiles every page, so how few is not checked here; a warm build without edits hands
    // over none, as `npm run bench`'s warm rebuild shows.)
    expect(fs.readdirSync(cache).sort(), 'the bundler caches after the warm build').toEqual(cachesBefore);
    const handedOver = /\[build\] server bundle: (\d+) MDX pages from the client process, (\d+) compiled again/.exec(
      stripVTControlCharacters(r.stdout),
    );
    expect(handedOver, 'the server bundling line of scripts/build.mjs').not.toBeNull();
    expect(Number(handedOver![1])).toBeGreaterThanOrEqual(EDITS.length);
    expect(Number(handedOver![2])).toBe(0);
  } finally {
    EDITS.forEach((e, i) => fs.writeFileSync(path.join(ROOT, e.file), originals[i]!));
    fs.rmSync(path.join(ROOT, OUT), {recursive: true, force: true});
  }
});

test('the build in one process gives the same files as the three-process build of npm run build', () => {
  test.setTimeout(900_000);
  const two = path.join(ROOT, 'build');
  const one = path.join(ROOT, 'build-one-process');
  expect(fs.existsSync(path.join(two, '404.html')), 'the site built by npm run build (run it first)').toBe(true);
  try {
    // A clean build, as npm run build's was: a bundler cache left by a build with other settings can
    // change a chunk's bytes (seen once here, with the cache of a stock build).
    fs.rmSync(path.join(ROOT, 'node_modules/.cache/rspack'), {recursive: true, force: true});
    const r = spawnSync('node', ['scripts/build.mjs', '--out-dir', one], {
      cwd: ROOT,
      encoding: 'utf8',
      env: {...process.env, LYKTA_PERF_OFF: 'bundlerProcess'},
    });
    expect(r.status, `${r.stdout}\n${r.stderr}`.slice(-3000)).toBe(0);
    const relative = (dir: string) => filesUnder(dir, /./).map((f) => path.relative(dir, f)).sort();
    const [a, b] = [relative(two), relative(one)];
    expect(b.filter((f) => !a.includes(f)), 'files only the one-process build has').toEqual([]);
    expect(a.filter((f) => !b.includes(f)), 'files only npm run build has').toEqual([]);
    const differ = a.filter((f) => !fs.readFileSync(path.join(two, f)).equals(fs.readFileSync(path.join(one, f))));
    expect(differ, 'files that differ between the two builds').toEqual([]);
    expect(a.length).toBeGreaterThan(1000);
  } finally {
    fs.rmSync(one, {recursive: true, force: true});
  }
});

/**
 * What a writer sees in `npm start`: after a save to an OpenAPI document or to the event catalogue,
 * the page rendered from it shows the change on the next load, without restarting the server. And no
 * service worker is registered there (offline reading is for the built site only).
 */
test('npm start shows an edit to an OpenAPI document or the event catalogue without a restart, and registers no service worker', async () => {
  test.setTimeout(600_000);
  const dev = EDITS.filter((e) => /openapi|asyncapi/.test(e.file));
  const port = 3999;
  const server = spawn('npx', ['docusaurus', 'start', '--port', String(port), '--host', '127.0.0.1', '--no-open'], {
    cwd: ROOT,
    env: {...process.env, BROWSER: 'none'},
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  // Without colour codes, which the test runner's environment may ask for.
  const add = (d: Buffer) => (log += stripVTControlCharacters(d.toString()));
  server.stdout.on('data', add);
  server.stderr.on('data', add);
  const originals = dev.map((e) => fs.readFileSync(path.join(ROOT, e.file), 'utf8'));
  const browser = await chromium.launch({executablePath: findChromium(), args: CHROMIUM_ARGS});
  try {
    await expect.poll(() => /compiled successfully/.test(log) || /error/i.test(log), {timeout: 300_000}).toBe(true);
    expect(log, 'the development server compiled without errors').toMatch(/compiled successfully/);
    const page = await browser.newPage();
    const url = (e: Edit) => `http://127.0.0.1:${port}/${e.page.replace(/index\.html$/, '')}`;
    for (const e of dev) {
      await page.goto(url(e));
      await expect(page.locator('article')).toContainText(e.from.replace(/^summary: /, '').replace(/\.$/, ''), {timeout: 60_000});
    }
    // No service worker in npm start (plugin-pwa, and so offline-reading, add nothing in development),
    // not even for a reader who opted in to offline reading (src/lib/offline/optIn.ts).
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    // Every attempt to register counts, including one that fails (the dev server has no sw.js).
    await page.addInitScript(() => {
      const w = window as unknown as {lyktaRegisterCalls: string[]};
      w.lyktaRegisterCalls = [];
      const container = navigator.serviceWorker;
      const register = container.register.bind(container);
      container.register = (url, options) => {
        w.lyktaRegisterCalls.push(String(url));
        return register(url, options);
      };
    });
    await page.goto(`http://127.0.0.1:${port}/offline/`);
    await page.evaluate(() => localStorage.setItem('lykta-offline', '1'));
    await page.reload();
    await expect(page.getByText('Offline reading is not available here')).toBeVisible({timeout: 60_000});
    await page.goto(url(dev[0]!));
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    expect(await page.evaluate(() => (window as unknown as {lyktaRegisterCalls: string[]}).lyktaRegisterCalls)).toEqual(
      [],
    );
    expect(requested.filter((u) => /sw\.js|workbox/.test(u))).toEqual([]);
    dev.forEach((e, i) => fs.writeFileSync(path.join(ROOT, e.file), originals[i]!.replace(e.from, e.to)));
    for (const e of dev) {
      // The server rebuilds on its own; a reload shows the page as it is now.
      await expect
        .poll(
          async () => {
            await page.goto(url(e));
            return (await page.locator('article').textContent({timeout: 30_000})) ?? '';
          },
          {timeout: 180_000, intervals: [2_000, 5_000]},
        )
        .toContain(MARK);
    }
  } finally {
    dev.forEach((e, i) => fs.writeFileSync(path.join(ROOT, e.file), originals[i]!));
    await browser.close();
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});
