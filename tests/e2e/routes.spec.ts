import fs from 'node:fs';
import {test, expect, gotoHydrated, navigate} from '../support/fixtures';
import {compareWithPathToRegexp} from '../support/literalPaths';

test.describe('routes', () => {
  test("every route of the built site is matched as text exactly as react-router's path-to-regexp matches it", () => {
    // The routes of the last build (src/plugins/quick-routes matches paths without parameters as text).
    const routes = fs.readFileSync('.docusaurus/routes.js', 'utf8');
    const paths = [...new Set([...routes.matchAll(/path: '([^']*)'/g)].map((m) => m[1]!))];
    // The Not Found route ('*') is the one route path with more than text.
    expect(paths.filter((p) => /[\\:()*]/.test(p))).toEqual(['*']);
    const {compared, differences} = compareWithPathToRegexp(paths.filter((p) => p !== '*'));
    expect(compared).toBeGreaterThan(100_000);
    expect(differences).toEqual([]);
  });

  test('every URL of the sitemap ends with a trailing slash', async ({request}) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    const urls = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(20);
    expect(urls.filter((u) => !u.endsWith('/'))).toEqual([]);
  });

  test('an unknown path renders the Not Found page', async ({page, consoleGuard}) => {
    consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
    const response = await page.goto('/no/such/page/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', {level: 1, name: 'Page Not Found'})).toBeVisible();
    await expect(page).toHaveTitle(/Page Not Found \| Lykta Developer Hub/);
  });

  for (const [from, to] of [
    ['/vireo.html', '/vireo/'],
    ['/vireo/index.html', '/vireo/'],
    ['/leap/4/api/index.html', '/leap/4/api/'],
  ] as const) {
    test(`${from} normalises to ${to}`, async ({page}) => {
      await gotoHydrated(page, from);
      expect(new URL(page.url()).pathname).toBe(to);
      await expect(page.locator('article h1')).toBeVisible();
    });
  }

  test('client-side navigation to /x/index.html renders /x/ (no reload needed)', async ({page}) => {
    await gotoHydrated(page, '/');
    await page.evaluate(() => ((window as unknown as {marker: boolean}).marker = true));
    await navigate(page, '/support/index.html');
    await expect(page.locator('article h1')).toHaveText('Support');
    expect(await page.evaluate(() => (window as unknown as {marker?: boolean}).marker)).toBe(true);
  });

  test('titles use | between page and site title', async ({page}) => {
    await gotoHydrated(page, '/leap/');
    await expect(page).toHaveTitle(/^.+ \| Lykta Developer Hub$/);
  });

  test('navigation scrolls to the top, or to the hash target', async ({page}) => {
    await gotoHydrated(page, '/references/command-line-interface/');
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await navigate(page, '/vireo/');
    await expect(page.locator('article h1')).toContainText('VIREO');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    const heading = page.locator('article h2').nth(3);
    const id = await heading.getAttribute('id');
    await page.goto(`/vireo/#${id}`);
    await expect(heading).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  });
});
