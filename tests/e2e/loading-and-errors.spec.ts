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

test.describe('loading', () => {
  test("the page loads Docusaurus's own deferred bundles: no start script of the site's", async ({page}) => {
    // The paint-first start (bundles preloaded and started after the first paint) was removed: with applied
    // throttling it made total blocking time and LCP no better than Docusaurus's deferred scripts (README,
    // Performance).
    const html = await (await page.request.get('/')).text();
    expect(html).toMatch(/<script src="?\/assets\/js\/main\.[0-9a-f]+\.js"? defer/);
    expect(html).not.toContain('startAfterFirstPaint');
    await gotoHydrated(page, '/vireo/device-configuration/time-api/');
    await expect(page.locator('article h1')).toBeVisible();
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
