/**
 * Offline reading (issue 15, items 4 and 5): against the production build, served by the suite's server
 * (nginx with the production configuration and its Content Security Policy; each test's browser context
 * has its own service worker), and for the update, by a server of the test's own
 * (tests/support/switchableServer.ts) that switches to a second deployment while the browser keeps the
 * first's service worker.
 *
 * - A first visit without opting in registers no service worker and requests none, nor Workbox.
 * - "Available offline" for a collection, then the network cut (Playwright offline): its pages open,
 *   in-app navigation works, search answers from the collection; a page of another collection shows
 *   the offline notice with a link to the kept one.
 * - A new deployment: the update prompt appears, Reload brings the new content, online and offline,
 *   and only the new deployment's caches are left.
 *
 * The second deployment is not a second build (three minutes in CI): it is a copy of build/ (hard
 * links) in which one page of the kept collection is edited, with the offline lists, index and the
 * service worker's build id rewritten by `refreshOfflineFiles` (src/lib/offline/write.ts), the code the
 * build's postBuild writes them with. To the browser it is exactly a deployment that changed one page.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {test, expect, waitForHydration, search, listedPages, type Page} from '../support/fixtures';
import {ROOT} from '../support/files';
import {SERVERS} from '../support/servers';
import {serveBuild, type SwitchableServer} from '../support/switchableServer';
import {refreshOfflineFiles} from '../../src/lib/offline/write';
import type {OfflineIndex} from '../../src/lib/offline/lists';

const BUILD = path.resolve(ROOT, SERVERS.main.dir);
/** The collection the tests keep: small enough to save in seconds. */
const KEPT = {id: 'vireo-device-configuration', label: 'VIREO device configuration'};
const KEPT_PAGE = '/vireo/device-configuration/time-api/';
const OTHER_PAGE = '/leap/';
/** Failed requests of the page while offline (other collections' search files, prefetches). */
const OFFLINE_ERRORS =
  /ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource|Search unavailable|search files/i;

let port = 3230;
/** A server of the test's own, for a test that deploys a second build while the browser runs. */
async function server(dir = BUILD): Promise<SwitchableServer> {
  return serveBuild(dir, port++ + test.info().workerIndex * 10);
}
/** The suite's server of build/: nginx with the production configuration (its headers and CSP), or docusaurus serve. */
async function suiteServer(): Promise<SwitchableServer> {
  return {
    url: SERVERS.main.url.replace(/\/$/, ''),
    serve: () => {
      throw new Error('the suite server serves one build');
    },
    close: async () => undefined,
  };
}

async function keepCollection(page: Page, base: string) {
  await page.goto(`${base}/offline/`);
  await waitForHydration(page);
  const row = page.locator(`tr[data-collection="${KEPT.id}"]`);
  await expect(row).toContainText('Online only');
  await page.getByRole('button', {name: `Make ${KEPT.label} available offline`}).click();
  await expect(page.getByRole('status').filter({hasText: `${KEPT.label} is available offline.`})).toBeVisible({
    timeout: 60_000,
  });
  await expect(row).toContainText('Available offline');
  await expect(page.getByRole('button', {name: `Remove ${KEPT.label} from this device`})).toBeVisible();
}

/** Records every call of navigator.serviceWorker.register, including one that would fail. */
const recordRegistrations = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as {lyktaRegisterCalls: string[]};
    w.lyktaRegisterCalls = [];
    const container = navigator.serviceWorker;
    const register = container.register.bind(container);
    container.register = (url, options) => {
      w.lyktaRegisterCalls.push(String(url));
      return register(url, options);
    };
  });
const registerCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as {lyktaRegisterCalls: string[]}).lyktaRegisterCalls);
/** How many files the service worker keeps for a collection (its list's files and the index, once saved). */
const keptFiles = (page: Page, id: string) =>
  page.evaluate(async (collection) => {
    for (const name of await caches.keys())
      if (name.endsWith(`:${collection}`)) return (await (await caches.open(name)).keys()).length;
    return 0;
  }, id);
/** What a collection keeps once saved: the files of its list, and the index. */
const listedFiles = async (page: Page, base: string, id: string) => {
  const index = (await (await page.request.get(`${base}/offline/index.json`)).json()) as OfflineIndex;
  return index.collections.find((c) => c.id === id)!.files + 1;
};
const registrations = (page: Page) =>
  page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length);

test.describe('offline reading', () => {
  test.describe.configure({timeout: 180_000});

  test('a first visit without opting in registers no service worker and downloads nothing for it', async ({page}) => {
    const s = await suiteServer();
    try {
      const requested: string[] = [];
      page.on('request', (r) => requested.push(new URL(r.url()).pathname));
      await recordRegistrations(page);
      for (const p of ['/', KEPT_PAGE, '/offline/']) {
        await page.goto(`${s.url}${p}`);
        await waitForHydration(page);
        await page.waitForLoadState('networkidle');
        expect(await registrations(page), `service workers after ${p}`).toBe(0);
        expect(await registerCalls(page), `registrations tried on ${p}`).toEqual([]);
      }
      expect(requested.filter((u) => /sw\.js|workbox|\/offline\/(?!index\.json$)[\w-]+\.json/.test(u))).toEqual([]);
      // The Offline reading page reads the index (what each collection costs), nothing else of the feature.
      expect(requested.filter((u) => u.startsWith('/offline/') && u.endsWith('.json'))).toEqual([
        '/offline/index.json',
      ]);
    } finally {
      await s.close();
    }
  });

  test('a kept collection opens, navigates and searches with the network cut; another shows the offline notice', async ({
    page,
    context,
    consoleGuard,
  }) => {
    const s = await suiteServer();
    try {
      await keepCollection(page, s.url);
      consoleGuard.allow(OFFLINE_ERRORS);
      await context.setOffline(true);

      // Its pages open (a full load, from the service worker) and hydrate.
      await page.goto(`${s.url}/vireo/device-configuration/`);
      await waitForHydration(page);
      await expect(page.locator('article h1')).toBeVisible();

      // In-app navigation to another page of the collection.
      await page.locator('.theme-doc-sidebar-container').getByRole('link', {name: 'Time API', exact: true}).click();
      await expect(page).toHaveURL(`${s.url}${KEPT_PAGE}`);
      await expect(page.locator('article h1')).toHaveText('Time API');
      await expect(page.locator('article')).toContainText('time zone');

      // Search answers from the kept collection.
      const results = await search(page, 'time zone');
      await expect(results.first()).toBeVisible({timeout: 20_000});
      expect((await listedPages(page)).some((u) => u.startsWith('/vireo/device-configuration/'))).toBe(true);

      // A page of a collection that is not kept: the notice, with a link to the kept one.
      const response = await page.goto(`${s.url}${OTHER_PAGE}`);
      expect(response?.status()).toBe(503);
      await expect(page.getByRole('heading', {level: 1, name: 'You are offline'})).toBeVisible();
      await expect(page.locator('main')).toContainText(OTHER_PAGE);
      await page.getByRole('link', {name: KEPT.label}).click();
      await expect(page).toHaveURL(`${s.url}/vireo/device-configuration/`);
      await waitForHydration(page);

      // The Offline reading page is kept too, and says what is kept.
      await page.goto(`${s.url}/offline/`);
      await waitForHydration(page);
      await expect(page.locator(`tr[data-collection="${KEPT.id}"]`)).toContainText('Available offline');
    } finally {
      await s.close();
    }
  });

  test('"Available offline" in the doc sidebar keeps the page\'s collection; offline, a link to another collection ends on the notice', async ({
    page,
    context,
    consoleGuard,
  }) => {
    const s = await suiteServer();
    try {
      await page.goto(`${s.url}${KEPT_PAGE}`);
      await waitForHydration(page);
      const sidebar = page.locator('.theme-doc-sidebar-container');
      const toggle = sidebar.getByRole('button', {name: 'Available offline'});
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await expect(page.locator('.lykta-offline-toggle')).toHaveCount(1);
      for (const mode of ['light', 'dark']) {
        await page.evaluate((m) => document.documentElement.setAttribute('data-theme', m), mode);
        const axe = await new AxeBuilder({page}).include('.lykta-offline-toggle').analyze();
        expect(
          axe.violations.map((v) => `${mode}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([]);
      }
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(sidebar.getByRole('status')).toHaveText(`${KEPT.label} is available offline.`, {timeout: 60_000});
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');

      consoleGuard.allow(OFFLINE_ERRORS);
      await context.setOffline(true);
      await page.reload();
      await waitForHydration(page);
      await expect(page.locator('article h1')).toHaveText('Time API');
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      // In the app, a link to a collection that is not kept: its code cannot load, the page reloads and
      // the service worker answers with the notice.
      consoleGuard.allow(/Loading chunk \d+ failed/);
      await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'LEAP SDK'}).click();
      await expect(page.getByRole('heading', {level: 1, name: 'You are offline'})).toBeVisible({timeout: 20_000});

      await context.setOffline(false);
      await page.goto(`${s.url}${KEPT_PAGE}`);
      await waitForHydration(page);
      await toggle.click();
      await expect(sidebar.getByRole('status')).toHaveText(`${KEPT.label} was removed from this device.`);
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    } finally {
      await s.close();
    }
  });

  test('an app opened standalone with nothing kept keeps the collection of its page', async ({
    page,
    context,
    consoleGuard,
  }) => {
    const s = await suiteServer();
    // Installed apps run in display-mode standalone (Playwright cannot install one).
    await page.addInitScript(() => {
      const matchMedia = window.matchMedia.bind(window);
      window.matchMedia = (query) => {
        const list = matchMedia(query);
        if (query.includes('display-mode: standalone')) Object.defineProperty(list, 'matches', {value: true});
        return list;
      };
    });
    await page.goto(`${s.url}${KEPT_PAGE}`);
    await waitForHydration(page);
    await expect.poll(() => keptFiles(page, KEPT.id), {timeout: 60_000}).toBe(await listedFiles(page, s.url, KEPT.id));
    consoleGuard.allow(OFFLINE_ERRORS);
    await context.setOffline(true);
    await page.reload();
    await waitForHydration(page);
    await expect(page.locator('article h1')).toHaveText('Time API');
  });

  test('installing the app keeps the collection it was installed from, beside the ones the reader kept', async ({
    page,
  }) => {
    const s = await suiteServer();
    await keepCollection(page, s.url);
    await page.goto(`${s.url}/leap/3/`);
    await waitForHydration(page);
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect
      .poll(() => keptFiles(page, 'leap-3'), {timeout: 90_000})
      .toBe(await listedFiles(page, s.url, 'leap-3'));
    await page.goto(`${s.url}/offline/`);
    await waitForHydration(page);
    for (const id of [KEPT.id, 'leap-3'])
      await expect(page.locator(`tr[data-collection="${id}"]`)).toContainText('Available offline');
  });

  test('removing the last kept collection deletes it and unregisters the service worker', async ({page}) => {
    const s = await suiteServer();
    try {
      await keepCollection(page, s.url);
      await page.getByRole('button', {name: `Remove ${KEPT.label} from this device`}).click();
      await expect(
        page.getByRole('status').filter({hasText: `${KEPT.label} was removed from this device.`}),
      ).toBeVisible();
      expect(
        await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('lykta-offline:'))),
      ).toEqual([]);
      expect(await registrations(page)).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('lykta-offline'))).toBeNull();
    } finally {
      await s.close();
    }
  });

  test('a new deployment: the update prompt, then the new content online and offline, and no older caches', async ({
    page,
    context,
    consoleGuard,
  }) => {
    // The second deployment: build/ with one kept page edited, its offline files refreshed (see above).
    const next = fs.mkdtempSync(path.join(os.tmpdir(), 'lykta-offline-next-'));
    // Hard links: every file written in the copy is a new file (refreshOfflineFiles renames new files in).
    execFileSync('cp', ['-al', `${BUILD}/.`, next]);
    const edited = path.join(next, KEPT_PAGE, 'index.html');
    const html = fs.readFileSync(edited, 'utf8');
    fs.rmSync(edited);
    fs.writeFileSync(edited, html.replace('</head>', '<meta name="lykta-deployment" content="second"></head>'));
    const before = JSON.parse(fs.readFileSync(path.join(BUILD, 'offline/index.json'), 'utf8')) as OfflineIndex;
    const after = refreshOfflineFiles(next);
    expect(after.build).not.toBe(before.build);

    const s = await server();
    try {
      await keepCollection(page, s.url);
      await page.goto(`${s.url}${KEPT_PAGE}`);
      await waitForHydration(page);
      await expect(page.locator('meta[name="lykta-deployment"]')).toHaveCount(0);

      // Deploy; the next page load finds the new service worker, which saves the collection again.
      s.serve(next);
      await page.reload();
      await waitForHydration(page);
      const prompt = page.getByRole('status').filter({hasText: 'A new version of the documentation is ready.'});
      await expect(prompt).toBeVisible({timeout: 60_000});
      // Until the reader reloads, the page stays the first deployment's, served whole from its own caches.
      await expect(page.locator('meta[name="lykta-deployment"]')).toHaveCount(0);
      await expect(page.getByRole('button', {name: 'Reload'})).toBeVisible();
      const axe = await new AxeBuilder({page}).include('#lykta-offline-update').analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);

      await page.getByRole('button', {name: 'Reload'}).click();
      await expect(page.locator('meta[name="lykta-deployment"]')).toHaveAttribute('content', 'second', {
        timeout: 30_000,
      });
      await waitForHydration(page);
      const ours = await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('lykta-offline:')));
      expect(ours).toEqual([`lykta-offline:${after.build}:${KEPT.id}`]);

      // Offline, the kept copy is the new deployment's.
      consoleGuard.allow(OFFLINE_ERRORS);
      await context.setOffline(true);
      await page.goto(`${s.url}${KEPT_PAGE}`);
      await waitForHydration(page);
      await expect(page.locator('meta[name="lykta-deployment"]')).toHaveAttribute('content', 'second');
      await expect(page.locator('article h1')).toHaveText('Time API');
    } finally {
      await s.close();
      fs.rmSync(next, {recursive: true, force: true});
    }
  });

  test('the Offline reading page passes axe in both colour modes, with a collection kept', async ({page}) => {
    const s = await suiteServer();
    try {
      await keepCollection(page, s.url);
      for (const mode of ['light', 'dark']) {
        await page.evaluate((m) => localStorage.setItem('theme', m), mode);
        await page.reload();
        await waitForHydration(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        const axe = await new AxeBuilder({page}).include('main').analyze();
        expect(
          axe.violations.map((v) => `${mode}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([]);
      }
    } finally {
      await s.close();
    }
  });
});
