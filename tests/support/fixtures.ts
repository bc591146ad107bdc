/**
 * The e2e test fixture: every page fails its test on an uncaught exception or a
 * console error, unless the test declares the message as expected.
 */
import {test as base, expect, type Page, type Request} from '@playwright/test';
import {TEST_TRACKER_URL} from './servers';

interface ConsoleGuard {
  /** Messages matching this pattern are expected by the test and do not fail it. */
  allow(pattern: RegExp): void;
  /** Console errors and page errors seen so far (after the allow-list). */
  readonly errors: string[];
}

export const test = base.extend<{consoleGuard: ConsoleGuard; trackerRequests: Request[]; routesRemoved: void}>({
  // A stand-in for the analytics tracker the variant build is configured with: it records
  // every request and answers 204, so no test depends on a real tracker.
  trackerRequests: [
    async ({context}, use) => {
      const requests: Request[] = [];
      await context.route(`${TEST_TRACKER_URL}**`, async (route) => {
        requests.push(route.request());
        await route.fulfill({status: 204});
      });
      await use(requests);
    },
    {auto: true},
  ],
  // After every test, the request handlers it left on its page and context are removed, ignoring any still
  // running: Playwright disposes a fetched answer when the page closes, so a late prefetch still in a
  // handler threw then and failed a test that had passed (seen once in CI).
  routesRemoved: [
    async ({page, context}, use) => {
      await use();
      await page.unrouteAll({behavior: 'ignoreErrors'});
      await context.unrouteAll({behavior: 'ignoreErrors'});
    },
    {auto: true},
  ],
  consoleGuard: [
    async ({page}, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      const record = (text: string) => {
        if (!allowed.some((re) => re.test(text))) errors.push(text);
      };
      page.on('console', (msg) => {
        if (msg.type() === 'error') record(msg.text());
      });
      page.on('pageerror', (err) => record(`pageerror: ${err.message}`));
      await use({allow: (re) => allowed.push(re), errors});
      expect(errors, 'console errors on the page').toEqual([]);
    },
    {auto: true},
  ],
});

export {expect};
export type {Page};

/** Opens a path and waits until React has hydrated the page. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
}

/** The navbar's colour-mode toggle. */
export function colourToggle(page: Page) {
  return page.getByRole('button', {name: /Switch between dark and light mode/});
}

/** Navigates client-side, as a link click does: the document is not reloaded. */
export async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Makes `navigator.connection` report `connection` from the next page load on (Network Information API). */
export async function emulateConnection(page: Page, connection: {effectiveType: string; saveData: boolean}) {
  await page.addInitScript((c) => Object.defineProperty(Navigator.prototype, 'connection', {get: () => c}), connection);
}

/** Types a query into the navbar search box (checking its placeholder first) and returns the result options. */
export async function search(page: Page, query: string) {
  const input = page.locator('input.navbar__search-input');
  await input.click();
  await expect(input).toHaveAttribute('placeholder', /^Search (Ctrl|⌘)\+K$/);
  await input.fill(query);
  return page.locator(
    '.navbar__search [role="listbox"] [role="option"], .navbar__search .aa-suggestion, .navbar__search [class*="suggestion_"]',
  );
}

/** The page URLs of the search box's listed results, distinct, in order (from each result's data-url). */
export async function listedPages(page: Page): Promise<string[]> {
  const urls = await page
    .locator('.navbar__search [role="option"] [data-url]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-url') ?? ''));
  return [...new Set(urls)];
}

/**
 * Diagrams are drawn at build time (src/remark/mermaid-prerender). Where a build could
 * not draw them, they render in the browser only near the viewport (src/theme/Mermaid):
 * scroll each waiting one into view until all have rendered, then return to the top.
 */
export async function renderAllDiagrams(page: Page): Promise<void> {
  const pending = page.locator('.mermaid-pending');
  for (let i = 0; i < 50 && (await pending.count()) > 0; i++) {
    await pending.first().scrollIntoViewIfNeeded();
    await page.waitForTimeout(50);
  }
  await expect(pending).toHaveCount(0);
  const diagrams = page.locator('.docusaurus-mermaid-container');
  for (let i = 0; i < (await diagrams.count()); i++)
    await expect(diagrams.nth(i).locator('svg, img').first()).toBeAttached();
  await page.evaluate(() => window.scrollTo(0, 0));
}
