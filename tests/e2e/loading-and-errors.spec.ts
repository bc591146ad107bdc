import {test, expect, colourToggle, gotoHydrated, navigate, type Page} from '../support/fixtures';

/**
 * Finds the chunk that holds a page's rendered MDX: loads the page in a second tab,
 * takes a plain-text phrase from its first paragraphs, and returns the chunk (path)
 * whose code contains that phrase, with the phrase.
 */
async function contentChunkOf(page: Page, path: string): Promise<{chunk: string; phrase: string}> {
  // A separate context, so the page under test does not find the chunk in its HTTP cache.
  const probeContext = await page.context().browser()!.newContext();
  const probe = await probeContext.newPage();
  const chunks: string[] = [];
  probe.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith('/assets/js/')) chunks.push(p);
  });
  await gotoHydrated(probe, path);
  const phrase = await probe.locator('article .markdown p').evaluateAll((ps) => {
    for (const p of ps)
      for (const node of Array.from(p.childNodes))
        if (node.nodeType === Node.TEXT_NODE && /^[A-Za-z0-9 ,.()-]{40,}/.test(node.textContent ?? ''))
          return (node.textContent ?? '').slice(0, 40);
    return '';
  });
  await probeContext.close();
  expect(phrase, `a plain-text phrase on ${path}`).not.toBe('');
  for (const chunk of chunks) {
    const body = await (await page.request.get(chunk)).text();
    if (body.includes(phrase)) return {chunk, phrase};
  }
  throw new Error(`no chunk of ${path} contains "${phrase}"`);
}

/** Records when the app starts (`window.appStartedAt`): Docusaurus sets window.docusaurus = {prefetch, preload} first thing. */
async function recordAppStart(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as {appStartedAt?: number};
    let value: unknown;
    Object.defineProperty(window, 'docusaurus', {
      configurable: true,
      get: () => value,
      set(v: {prefetch?: unknown} | undefined) {
        value = v;
        if (typeof v?.prefetch === 'function' && w.appStartedAt === undefined) w.appStartedAt = performance.now();
      },
    });
  });
}

test.describe('loading', () => {
  for (const path of ['/', '/vireo/device-configuration/time-api/']) {
    test(`${path}: the bundles download once the stylesheet is in and start after the first paint`, async ({page}) => {
      await recordAppStart(page);
      await gotoHydrated(page, path);
      const timing = await page.evaluate(() => {
        const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const of = (re: RegExp) => resources.filter((r) => re.test(new URL(r.name).pathname));
        return {
          firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
          appStartedAt: (window as unknown as {appStartedAt?: number}).appStartedAt,
          stylesheetsEnd: Math.max(...of(/^\/assets\/css\/.*\.css$/).map((r) => r.responseEnd)),
          bundlesStart: Math.min(...of(/^\/assets\/js\/(runtime~)?main\.[0-9a-f]+\.js$/).map((r) => r.startTime)),
          bundles: of(/^\/assets\/js\/(runtime~)?main\.[0-9a-f]+\.js$/).length,
        };
      });
      expect(timing.firstContentfulPaint).toBeGreaterThan(0);
      expect(timing.appStartedAt).toBeGreaterThan(timing.firstContentfulPaint!);
      // Both bundles, each downloaded once (the preload's response is the one the script runs).
      expect(timing.bundles).toBe(2);
      // They do not share the network with the stylesheet the first paint waits for.
      expect(timing.bundlesStart).toBeGreaterThanOrEqual(timing.stylesheetsEnd);
      // Nothing in the HTML loads them by itself: no <script src>, no preload in the head.
      const html = await (await page.request.get(path)).text();
      expect(html).not.toMatch(/<script[^>]*\ssrc=/);
      expect(html).not.toMatch(/<link[^>]*as="?script/);
      // With the app started, the home page's base-URL check shows no banner.
      await expect(page.locator('#__docusaurus-base-url-issue-banner-container')).toHaveCount(0);
    });
  }

  test('a page opened in a background tab starts its scripts without waiting for a paint', async ({page}) => {
    await page.addInitScript(() => {
      Object.defineProperty(Document.prototype, 'visibilityState', {get: () => 'hidden'});
      // No paint is ever reported: only the background-tab path can start the app.
      window.PerformanceObserver = class {
        static supportedEntryTypes = ['paint'];
        observe() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      } as unknown as typeof PerformanceObserver;
    });
    await recordAppStart(page);
    await gotoHydrated(page, '/leap/4/');
    await expect(page.locator('article h1')).toHaveText('LEAP 4');
    // Started at once, not by the fallback that starts the app when no paint is reported (3 s).
    const startedAt = await page.evaluate(() => (window as unknown as {appStartedAt?: number}).appStartedAt);
    expect(startedAt).toBeLessThan(2000);
  });

  test('the route-change progress bar appears only when loading takes over 200 ms', async ({page}) => {
    // Start where the target pages are not linked, so they are not prefetched.
    await gotoHydrated(page, '/blog/archive/');
    await page.evaluate(() => {
      const w = window as unknown as {sawProgress: boolean};
      w.sawProgress = false;
      new MutationObserver(() => {
        if (document.getElementById('nprogress')) w.sawProgress = true;
      }).observe(document.body, {childList: true, subtree: true});
    });
    // Fast navigation (its code already loaded, as after a hover prefetch): no bar.
    await page.evaluate(() =>
      (window as unknown as {docusaurus: {preload: (path: string) => Promise<unknown>}}).docusaurus.preload(
        '/guidelines/',
      ),
    );
    await navigate(page, '/guidelines/');
    await expect(page.locator('article h1')).toHaveText('Guidelines');
    expect(await page.evaluate(() => (window as unknown as {sawProgress: boolean}).sawProgress)).toBe(false);

    // Slow navigation: the bar shows, then goes away when the page renders.
    await page.route('**/assets/js/*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue();
    });
    await navigate(page, '/leap/faq/');
    await expect(page.locator('#nprogress')).toBeAttached();
    await expect(page.locator('article h1')).toHaveText('LEAP 12 FAQ');
    await expect(page.locator('#nprogress')).toHaveCount(0);
  });

  test("the progress bar's code is not in the first load: it loads on the first pointer over a link", async ({
    page,
  }) => {
    // nprogress's own option name, in whichever script carries it.
    const isProgressBar = (code: string) => code.includes('positionUsing');
    const scripts: string[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/assets/js/')) scripts.push(r.url());
    });
    await gotoHydrated(page, '/analytics/');
    await page.waitForLoadState('networkidle');
    const firstLoad = [...scripts];
    for (const url of firstLoad) expect(isProgressBar(await (await page.request.get(url)).text()), url).toBe(false);
    // Pointing at a link to another page fetches it, before any navigation.
    const loaded = page.waitForResponse(async (r) => /\/assets\/js\//.test(r.url()) && isProgressBar(await r.text()));
    await page.locator('article a[href^="/"]:not([href="/analytics/"])').first().hover();
    await loaded;
    await expect(page).toHaveURL(/\/analytics\/$/);
  });

  test('a page-code chunk that fails during navigation reloads the whole page', async ({page, consoleGuard}) => {
    consoleGuard.allow(/ChunkLoadError|Loading chunk|net::ERR_FAILED|Failed to load resource/);
    await gotoHydrated(page, '/blog/archive/');
    const {chunk} = await contentChunkOf(page, '/guidelines/');
    let aborted = 0;
    await page.route(`**${chunk}`, async (route) => {
      if (aborted++ === 0) return route.abort('failed');
      return route.continue();
    });
    await page.evaluate(() => ((window as unknown as {beforeReload: boolean}).beforeReload = true));
    await navigate(page, '/guidelines/');
    await page.waitForURL(/\/guidelines\/$/);
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
    await expect(page.locator('article h1')).toHaveText('Guidelines');
    expect(await page.evaluate(() => (window as unknown as {beforeReload?: boolean}).beforeReload)).toBeUndefined();
    expect(aborted).toBeGreaterThanOrEqual(2);
  });

  test('code that fails to load before the page hydrates shows the error text and a Retry that loads again', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/ChunkLoadError|Loading chunk|net::ERR_FAILED|Failed to load resource/);
    const {chunk} = await contentChunkOf(page, '/support/');
    await page.route(`**${chunk}`, (route) => route.abort('failed'));
    await page.goto('/support/');
    const notice = page.getByRole('alert').filter({hasText: 'This page could not finish loading'});
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(/chunk|did not load/);
    // The server-rendered text stays readable underneath.
    await expect(page.locator('article h1')).toHaveText('Support');
    await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(0);

    await page.unroute(`**${chunk}`);
    await notice.getByRole('button', {name: 'Retry'}).click();
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
    await expect(page.getByRole('alert').filter({hasText: 'This page could not finish loading'})).toHaveCount(0);
  });
});

test.describe('errors', () => {
  // Fixme: the chunk rewrite does not yet produce a render-time throw in every build; see the issue note.
  test('a page that crashes shows Page Error with the cause chain and Try again', async ({page, consoleGuard}) => {
    consoleGuard.allow(/Lykta test|The above error occurred|React will try to recreate|An error occurred in/);
    await gotoHydrated(page, '/blog/archive/');
    const {chunk, phrase} = await contentChunkOf(page, '/support/');
    await page.route(`**${chunk}`, async (route) => {
      const body = await (await route.fetch()).text();
      // The paragraph's string literal in the compiled MDX: `children:"…"` or `children:["…"`.
      const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const literal = new RegExp(`(?<=children:\\[?)"(?:[^"\\\\]|\\\\.)*${escaped}(?:[^"\\\\]|\\\\.)*"`);
      const broken = body.replace(
        literal,
        // Only the literal is replaced (the lookbehind keeps `children:` in place).
        '(()=>{throw new Error("Lykta test: render failed",{cause:new Error("Lykta test: the underlying cause")})})()',
      );
      expect(broken).not.toBe(body);
      await route.fulfill({body: broken, contentType: 'application/javascript'});
    });
    await navigate(page, '/support/');
    await expect(page.getByRole('heading', {name: 'This page crashed.'})).toBeVisible();
    await expect(page).toHaveTitle(/^Page Error/);
    await expect(page.getByText('Lykta test: render failed')).toBeVisible();
    await expect(page.getByText(/Cause:\s*Lykta test: the underlying cause/)).toBeVisible();
    const tryAgain = page.getByRole('button', {name: 'Try again'});
    await expect(tryAgain).toBeVisible();
    await page.unroute(`**${chunk}`);
    await tryAgain.click();
    // The module is already evaluated, so the retry renders the same broken code: the error page stays, and still works.
    await expect(page.getByRole('heading', {name: 'This page crashed.'})).toBeVisible();
  });

  test('a wrong base URL shows the banner with a suggested base URL', async ({page, consoleGuard}) => {
    consoleGuard.allow(/Failed to load resource|MIME type|Refused to/);
    // The site deployed under /docs/ while built for baseUrl "/": its HTML loads, its assets (under /assets/) do not.
    const home = await (await page.request.get('/')).text();
    await page.route('**/docs/', (route) => route.fulfill({body: home, contentType: 'text/html'}));
    await page.route('**/assets/**', (route) => route.fulfill({status: 404, body: 'not found'}));
    await page.goto('/docs/');
    const banner = page.locator('#__docusaurus-base-url-issue-banner-container');
    await expect(banner).toContainText('did not load properly');
    await expect(banner.locator('#__docusaurus-base-url-issue-banner-suggestion-container')).toHaveText('/docs/');
  });

  test('with browser storage unavailable the site warns once and keeps working', async ({page}) => {
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning' && m.text().includes('browser storage is not available')) warnings.push(m.text());
    });
    await page.addInitScript(() => {
      for (const name of ['localStorage', 'sessionStorage'] as const) {
        Object.defineProperty(window, name, {
          get() {
            throw new DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      }
    });
    await gotoHydrated(page, '/leap/');
    await colourToggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.locator('.theme-announcement-bar').getByRole('button', {name: 'Close'}).click();
    await expect(page.locator('.theme-announcement-bar')).toHaveCount(0);
    await navigate(page, '/leap/4/');
    await expect(page.locator('article h1')).toHaveText('LEAP 4');
    expect(warnings).toHaveLength(1);
  });
});
