import {test, expect, emulateConnection, gotoHydrated} from '../support/fixtures';
import {SERVERS, TEST_SITE_ID, TEST_TRACKER_URL} from '../support/servers';

test.describe('page-view analytics (variant build, tracker configured)', () => {
  test.use({baseURL: SERVERS.variant.url});

  test('one request per route change, with the path and title and no query parameters', async ({
    page,
    trackerRequests,
  }) => {
    await gotoHydrated(page, '/vireo/?utm_source=newsletter&_highlight=%5B%22x%22%5D#discovery');
    await expect.poll(() => trackerRequests.length).toBe(1);
    const first = new URL(trackerRequests[0]!.url());
    expect(`${first.origin}${first.pathname}`).toBe(`${TEST_TRACKER_URL}matomo.php`);
    expect(first.searchParams.get('idsite')).toBe(TEST_SITE_ID);
    expect(first.searchParams.get('rec')).toBe('1');
    expect(first.searchParams.get('url')).toBe(`${SERVERS.variant.url}vireo/`);
    expect(first.searchParams.get('action_name')).toBe(await page.title());

    await page.locator('nav.navbar').getByRole('link', {name: 'Blog'}).click();
    await expect(page).toHaveURL(/\/blog\/$/);
    await expect.poll(() => trackerRequests.length).toBe(2);
    const second = new URL(trackerRequests[1]!.url());
    expect(second.searchParams.get('url')).toBe(`${SERVERS.variant.url}blog/`);
    await expect.poll(() => page.title()).toMatch(/^Blog \|/);
    expect(second.searchParams.get('action_name')).toBe(await page.title());

    // A hash change on the same page is not a page view.
    await page.evaluate(() => (window.location.hash = '#top'));
    await page.waitForTimeout(300);
    expect(trackerRequests).toHaveLength(2);
  });
});

test('without a tracker configured (default build) nothing is sent', async ({page, trackerRequests}) => {
  const analyticsLike: string[] = [];
  page.on('request', (r) => {
    if (/matomo|piwik|tracker/i.test(r.url())) analyticsLike.push(r.url());
  });
  await gotoHydrated(page, '/vireo/');
  await page.locator('nav.navbar').getByRole('link', {name: 'Blog'}).click();
  await expect(page).toHaveURL(/\/blog\/$/);
  await page.waitForTimeout(300);
  expect(trackerRequests).toHaveLength(0);
  expect(analyticsLike).toEqual([]);
});

test.describe('prefetch and preload', () => {
  for (const [name, connection, expectPrefetch] of [
    ['a 4g connection', {effectiveType: '4g', saveData: false}, true],
    ['a 2g connection', {effectiveType: '2g', saveData: false}, false],
    ['save-data on', {effectiveType: '4g', saveData: true}, false],
  ] as const) {
    test(`on ${name} links ${expectPrefetch ? 'prefetch and preload' : 'neither prefetch nor preload'} their pages`, async ({
      page,
    }) => {
      await emulateConnection(page, connection);
      await gotoHydrated(page, '/');
      await page.waitForLoadState('networkidle');
      const afterLoad: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname.startsWith('/assets/js/')) afterLoad.push(r.url());
      });
      // Hovering a link preloads its page's code.
      await page.locator('footer').getByRole('link', {name: 'Privacy'}).hover();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      // Links in view are prefetched with <link rel="prefetch">.
      const prefetchLinks = await page.locator('link[rel="prefetch"]').count();
      if (expectPrefetch) {
        expect(prefetchLinks).toBeGreaterThan(0);
        expect(afterLoad.length).toBeGreaterThan(0);
      } else {
        expect(prefetchLinks).toBe(0);
        expect(afterLoad).toEqual([]);
      }
    });
  }

  test('a link prefetch runs in a later task, not in the task that asked for it', async ({page}) => {
    await gotoHydrated(page, '/analytics/');
    await page.waitForLoadState('networkidle');
    // A page this one does not link to, so nothing has prefetched it yet.
    const counts = await page.evaluate(async () => {
      const count = () => document.querySelectorAll('link[rel="prefetch"]').length;
      const before = count();
      const asked = (window as unknown as {docusaurus: {prefetch: (p: string) => unknown}}).docusaurus.prefetch(
        '/blog/archive/',
      );
      const inSameTask = count();
      await asked;
      return {before, inSameTask, after: count()};
    });
    expect(counts.inSameTask).toBe(counts.before);
    expect(counts.after).toBeGreaterThan(counts.before);
  });
});
