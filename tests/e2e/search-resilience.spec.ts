import type {Route} from '@playwright/test';
import {test, expect, gotoHydrated, waitForHydration, search, listedPages, type Page} from '../support/fixtures';

const box = (page: Page) => page.locator('input.navbar__search-input');

// How a search file can fail: the connection drops, the server errs, the download is cut short.
const failures = {
  aborted: (route: import('@playwright/test').Route) => route.abort('connectionreset'),
  'answered with a 500': (route: import('@playwright/test').Route) =>
    route.fulfill({status: 500, contentType: 'text/plain', body: 'Internal Server Error'}),
  truncated: async (route: import('@playwright/test').Route) => {
    const response = await route.fetch();
    const body = await response.text();
    await route.fulfill({response, body: body.slice(0, Math.floor(body.length / 2))});
  },
};

test.describe('search when its files cannot be loaded', () => {
  for (const [how, fail] of Object.entries(failures)) {
    test(`the collection being read ${how}: the box says search is unavailable, a retry works`, async ({
      page,
      consoleGuard,
    }) => {
      consoleGuard.allow(/Failed to load resource|net::ERR_/);
      let failing = true;
      // The titles and headings of the collection being read: without them the box cannot search.
      await page.route(/\/assets\/search\/main-index-[0-9a-f]+\.json$/, (route) =>
        failing ? fail(route) : route.continue(),
      );
      await gotoHydrated(page, '/analytics/');
      await box(page).click();
      await box(page).fill('metadata');
      const alert = page.locator('.lykta-search-error[role="alert"]');
      await expect(alert).toContainText('Search is unavailable');
      await expect(box(page)).toHaveAttribute('placeholder', 'Search unavailable');
      // Retry, once the file can be loaded: the search runs and lists results.
      failing = false;
      await alert.getByRole('button', {name: 'Retry'}).click();
      await expect(alert).toHaveCount(0);
      await expect.poll(() => listedPages(page)).not.toEqual([]);
      await expect(box(page)).toHaveAttribute('placeholder', /^Search (Ctrl|⌘)\+K$/);
    });
  }

  for (const [kind, pattern] of [
    ['term files', /\/assets\/search\/main-terms-[0-9a-f]+\.json$/],
    ['documents files', /\/assets\/search\/main-docs-[0-9a-f]+\.json$/],
  ] as const) {
    for (const [how, fail] of Object.entries(failures)) {
      test(`the ${kind} a query needs ${how}: search is unavailable, the next search tries again`, async ({
        page,
        consoleGuard,
      }) => {
        consoleGuard.allow(/Failed to load resource|net::ERR_/);
        let failing = true;
        let requested = 0;
        await page.route(pattern, (route) => {
          requested++;
          return failing ? fail(route) : route.continue();
        });
        await gotoHydrated(page, '/analytics/');
        await box(page).click();
        await box(page).fill('subscribers');
        const alert = page.locator('.lykta-search-error[role="alert"]');
        await expect(alert).toContainText('Search is unavailable');
        expect(requested).toBeGreaterThan(0);
        // Every collection has answered this query (the one being read with its failure), so no
        // search is still in flight that would, once the files load again, clear the notice by itself
        // before the Retry click lands.
        await expect(page.locator('.lykta-search')).not.toHaveAttribute('aria-busy', 'true');
        failing = false;
        await alert.getByRole('button', {name: 'Retry'}).click();
        await expect(alert).toHaveCount(0);
        // The collection being read (main docs) answers again.
        await expect.poll(async () => (await listedPages(page)).some((u) => !/^\/(vireo|leap)\//.test(u))).toBe(true);
      });
    }
  }

  test('the next focus retries a failed collection by itself', async ({page, consoleGuard}) => {
    consoleGuard.allow(/Failed to load resource|net::ERR_/);
    let failing = true;
    await page.route(/\/assets\/search\/search-doc-[0-9a-f]+\.json$/, (route) =>
      failing ? failures['answered with a 500'](route) : route.continue(),
    );
    await gotoHydrated(page, '/support/');
    await box(page).click();
    await expect(page.locator('.lykta-search-error')).toBeVisible();
    failing = false;
    await page.locator('main').click({position: {x: 5, y: 5}});
    await box(page).click();
    await box(page).fill('troubleshooting');
    await expect(page.locator('.lykta-search-error')).toHaveCount(0);
    await expect.poll(() => listedPages(page)).not.toEqual([]);
  });

  test('another collection fails: results of the rest still show, and the failed one is named', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/Failed to load resource|net::ERR_/);
    await page.route(/\/assets\/search\/vireo-device-configuration-index-[0-9a-f]+\.json$/, (route) =>
      failures['answered with a 500'](route),
    );
    await gotoHydrated(page, '/analytics/');
    const results = await search(page, 'time zone');
    await expect(results.first()).toBeVisible();
    await expect(page.locator('.lykta-search-error')).toContainText('VIREO device configuration');
    await expect.poll(() => listedPages(page)).toContain('/vireo/network-video/time-api/');
    expect(await listedPages(page)).not.toContain('/vireo/device-configuration/time-api/');
  });

  test('the search page says which collections failed and lists the others', async ({page, consoleGuard}) => {
    consoleGuard.allow(/Failed to load resource|net::ERR_/);
    let failing = true;
    await page.route(/\/assets\/search\/vireo-index-[0-9a-f]+\.json$/, (route) =>
      failing ? failures.aborted(route) : route.continue(),
    );
    await gotoHydrated(page, '/search/?q=application');
    const alert = page.locator('.lykta-search-page-error[role="alert"]');
    await expect(alert).toContainText('VIREO');
    await expect(page.locator('article[class*="searchResultItem_"]').first()).toBeVisible();
    failing = false;
    await alert.getByRole('button', {name: 'Retry'}).click();
    await expect(alert).toHaveCount(0);
    await expect(page.getByRole('heading', {level: 2, name: /^VIREO \(/})).toBeVisible();
  });
});

test.describe('searches that end out of order', () => {
  test('an older search that ends after a newer one changes neither the list nor what the box has answered', async ({
    page,
  }) => {
    const {answered} = await import('../support/relevance.mjs');
    await gotoHydrated(page, '/analytics/');
    // Every collection open and the searcher loaded, so the searches below fetch term files only.
    await (await search(page, 'metadata')).first().waitFor();
    await answered(page, 'metadata');
    // Hold the term files the first query asks for; the newer query's files come at once.
    const held: Route[] = [];
    let holding = true;
    await page.route(/\/assets\/search\/[a-z0-9-]+-terms-[0-9a-f]+\.json$/, (route) =>
      holding ? void held.push(route) : route.continue(),
    );
    await box(page).fill('zyxwvqq');
    await expect.poll(() => held.length).toBeGreaterThan(0);
    holding = false;
    await box(page).fill('ntp');
    await answered(page, 'ntp');
    const ntpPages = await listedPages(page);
    expect(ntpPages).not.toEqual([]);
    // Now the older search gets its files and ends, last.
    const ended = held.map((r) => page.waitForResponse((res) => res.url() === r.request().url()));
    for (const route of held) await route.continue();
    await Promise.all(ended);
    await page.waitForTimeout(1500);
    await expect(page.locator('.lykta-search')).toHaveAttribute('data-search-answered', 'ntp');
    await expect(page.locator('.lykta-search')).not.toHaveAttribute('aria-busy', 'true');
    await expect(box(page)).toHaveValue('ntp');
    expect(await listedPages(page)).toEqual(ntpPages);
  });
});

test.describe('typing before the page script starts', () => {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    for (const path of ['/', '/vireo/', '/leap/', '/analytics/']) {
      test(`on ${path} at ${width}px, what was typed is kept, caret too, and searched once the index is in`, async ({
        page,
      }) => {
        await page.setViewportSize({width, height});
        // Hold back the app's bundle until the reader has typed.
        let release!: () => void;
        const held = new Promise<void>((r) => (release = r));
        await page.route(/\/assets\/js\/main\.[0-9a-f]+\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(path, {waitUntil: 'commit'});
        const input = box(page);
        await input.waitFor();
        if (width < 600) await page.locator('.navbar__search').click();
        await input.click();
        await input.pressSequentially('time zone');
        // Caret after "time": the reader went back to fix a word.
        await input.evaluate((el: HTMLInputElement) => el.setSelectionRange(4, 4));
        expect(await page.locator('html[data-has-hydrated="true"]').count()).toBe(0);
        release();
        await waitForHydration(page);
        await expect(input).toHaveValue('time zone');
        await expect.poll(() => listedPages(page)).not.toEqual([]);
        await expect(input).toHaveValue('time zone');
        expect(await input.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([4, 4]);
      });
    }
  }
});

test.describe('the search page', () => {
  test('searches the whole site by default; the filter offers All and every collection and is named', async ({
    page,
  }) => {
    await gotoHydrated(page, '/search/?q=rtsp');
    const filter = page.getByRole('combobox', {name: 'Search in'});
    await expect(filter).toHaveValue('all');
    const options = await filter.locator('option').allTextContents();
    expect(options).toEqual([
      'All',
      'Main docs',
      'VIREO',
      'VIREO network video',
      'VIREO device configuration',
      'LEAP 12',
      'LEAP 4',
      'LEAP 3',
    ]);
    const groups = page.locator('.lykta-search-page-group > h2');
    await expect.poll(() => groups.count()).toBeGreaterThan(1);
    await expect(groups.first()).toBeVisible();
  });

  test('the filter and the query are in the URL, and a shared URL shows the same list with its filter', async ({
    page,
  }) => {
    await gotoHydrated(page, '/search/?q=rtsp');
    const filter = page.getByRole('combobox', {name: 'Search in'});
    await filter.selectOption('vireo-network-video');
    await expect(page).toHaveURL(/[?&]ctx=vireo-network-video/);
    await expect(page).toHaveURL(/[?&]q=rtsp/);
    const groups = page.locator('.lykta-search-page-group > h2');
    await expect(groups).toHaveCount(1);
    await expect(groups.first()).toContainText('VIREO network video');
    const first = await page.locator('article[class*="searchResultItem_"] a').first().getAttribute('href');
    expect(first).toMatch(/^\/vireo\/network-video\//);
    // The same URL in a new page: same filter shown, same first result.
    const shared = await page.context().newPage();
    await gotoHydrated(shared, page.url().replace(/^https?:\/\/[^/]+/, ''));
    await expect(shared.getByRole('combobox', {name: 'Search in'})).toHaveValue('vireo-network-video');
    await expect(shared.locator('article[class*="searchResultItem_"] a').first()).toHaveAttribute('href', first!);
  });

  test('All lists the first ten of each collection; a group with more offers them, focus moves to the first new one, the other groups stay', async ({
    page,
  }) => {
    await gotoHydrated(page, '/search/?q=rtsp');
    const summary = page.locator('.lykta-search-page-results > [aria-live="polite"] > p');
    await expect(summary).toHaveText(/^\d+ results listed$/);
    const listing = () =>
      page.locator('.lykta-search-page-group').evaluateAll((groups) =>
        groups.map((g) => ({
          id: (g as HTMLElement).dataset.searchGroup!,
          count: g.querySelector('h2 .lykta-search-page-count')!.textContent!,
          links: Array.from(g.querySelectorAll('article h3 a'), (a) => a.getAttribute('href')),
          more: Boolean(g.querySelector('.lykta-search-page-more')),
        })),
      );
    const before = await listing();
    for (const g of before) {
      expect(g.links.length, g.id).toBeLessThanOrEqual(10);
      // A group offers more exactly when it is full, and says so in its count.
      if (g.more) expect(g.links, g.id).toHaveLength(10);
      expect(g.count, g.id).toBe(g.more ? '(10+)' : `(${g.links.length})`);
    }
    const full = before.find((g) => g.id === 'vireo-network-video')!;
    const short = before.find((g) => g.id === 'leap-12')!;
    expect([full.more, short.more]).toEqual([true, false]);

    const group = page.locator('[data-search-group="vireo-network-video"]');
    await group.getByRole('button', {name: 'More results from VIREO network video'}).click();
    // The eleventh result has focus; the group lists more, and its first ten are the ones it listed.
    await expect(group.locator('article h3 a').nth(10)).toBeFocused();
    const after = await listing();
    const grown = after.find((g) => g.id === 'vireo-network-video')!;
    expect(grown.links.length).toBeGreaterThan(10);
    expect(grown.links.length).toBeLessThanOrEqual(60);
    for (const href of full.links) expect(grown.links).toContain(href);
    // The other groups are as they were.
    expect(after.filter((g) => g.id !== 'vireo-network-video')).toEqual(
      before.filter((g) => g.id !== 'vireo-network-video'),
    );

    // A group without more lists all it has: the same as that collection alone.
    await page.goto('/search/?q=rtsp&ctx=leap-12');
    await expect(summary).toHaveText(/^\d+ results?$/);
    const alone = await page
      .locator('[data-search-group="leap-12"] article h3 a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect([...alone].sort()).toEqual([...short.links].sort());
  });

  test('the results area is a screen high before any result, so results coming in do not move the footer on screen', async ({
    page,
  }) => {
    await page.setViewportSize({width: 390, height: 844});
    // Hold the search files: the page as it is before its results.
    await page.route(/\/assets\/search\//, () => undefined);
    await gotoHydrated(page, '/search/?q=rtsp');
    await expect(page.locator('footer')).not.toBeInViewport();
  });

  test('an unknown filter in the URL shows All, and All is what is listed', async ({page}) => {
    await gotoHydrated(page, '/search/?q=rtsp&ctx=nonsense%3Cb%3E');
    await expect(page.getByRole('combobox', {name: 'Search in'})).toHaveValue('all');
    await expect.poll(() => page.locator('.lykta-search-page-group > h2').count()).toBeGreaterThan(1);
  });
});
