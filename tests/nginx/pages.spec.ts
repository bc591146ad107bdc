/**
 * Every page type in Chromium through nginx with the generated Content-Security-Policy (no 'unsafe-inline'
 * or 'unsafe-eval' for scripts): zero CSP violations and zero console errors, in light and dark mode, on the
 * default build and on the variant build with analytics configured (whose page view must reach the tracker
 * through the policy); the app hydrates and works (colour toggle, search results, diagrams). A planted
 * inline script without a hash shows the violation check fires.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect, colourToggle, waitForHydration, type Page} from '../support/fixtures';
import {NGINX_SERVERS, plantedDir, servedRoot, type NginxServerName} from '../support/nginx';

type Violation = {directive: string; blocked: string; sample: string; source: string};

/** Records every securitypolicyviolation of the page's documents, from before the first script runs. */
async function watchViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as {__cspViolations: unknown[]};
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__cspViolations.push({
        directive: e.effectiveDirective || e.violatedDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        source: `${e.sourceFile}:${e.lineNumber}`,
      }),
    );
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as {__cspViolations: Violation[]}).__cspViolations);

const PAGES = [
  {kind: 'home', path: '/'},
  {kind: 'guide', path: '/analytics/'},
  {kind: 'VIREO API page', path: '/vireo/device-configuration/time-api/'},
  {kind: 'LEAP (current)', path: '/leap/'},
  {kind: 'LEAP 3', path: '/leap/3/'},
  {kind: 'diagram page', path: '/vireo/device-configuration/virtual-host/'},
  {kind: 'blog', path: '/blog/'},
  {kind: 'blog post', path: '/blog/2024/11/13/vireo/'},
  {kind: 'search page', path: '/search/?q=configuration'},
  {kind: 'Not Found', path: '/no/such/page/'},
] as const;

const storedTheme = (page: Page) => page.evaluate(() => localStorage.getItem('theme'));

for (const server of ['main', 'variant'] as const satisfies readonly NginxServerName[]) {
  const analytics = server === 'variant';
  for (const mode of ['light', 'dark'] as const) {
    test.describe(`${server} build${analytics ? ' (analytics configured)' : ''}, ${mode} mode`, () => {
      test.use({baseURL: NGINX_SERVERS[server].url, colorScheme: mode});

      for (const {kind, path: pagePath} of PAGES) {
        test(`${kind} ${pagePath}: no CSP violation, hydrates and works`, async ({
          page,
          consoleGuard,
          trackerRequests,
        }) => {
          const notFound = kind === 'Not Found';
          if (notFound) consoleGuard.allow(/Failed to load resource: the server responded with a status of 404/);
          await watchViolations(page);
          // The reader's stored choice, set once before the first script of the first page runs.
          await page.addInitScript((m) => {
            if (!sessionStorage.getItem('seeded')) {
              sessionStorage.setItem('seeded', '1');
              localStorage.setItem('theme', m);
            }
          }, mode);

          const response = await page.goto(pagePath);
          expect(response?.status()).toBe(notFound ? 404 : 200);
          expect(response?.headers()['content-security-policy']).toContain("script-src 'self' 'sha256-");
          await waitForHydration(page);
          // The colour-mode script (an inline script, allowed by its hash) applied the stored choice.
          await expect(page.locator('html')).toHaveAttribute('data-theme', mode);

          const notFoundHeading = page.getByRole('heading', {level: 1, name: 'Page Not Found'});
          if (notFound) await expect(notFoundHeading).toBeVisible();
          else {
            await expect(page.locator('.main-wrapper')).toBeVisible();
            await expect(notFoundHeading).toHaveCount(0);
          }

          if (kind === 'search page') {
            const items = page.locator('article[class*="searchResultItem_"]');
            await expect(items.first()).toBeVisible();
            expect(await items.count()).toBeGreaterThan(3);
          }
          if (kind === 'diagram page') {
            const drawing = page.locator(`.docusaurus-mermaid-container .mermaid-${mode}`).first();
            await drawing.scrollIntoViewIfNeeded();
            await expect(drawing).toBeVisible();
            // Drawn at build time: an inline SVG, or an image from /assets/ that loaded.
            expect(
              await drawing.evaluate((el) =>
                el instanceof HTMLImageElement ? el.complete && el.naturalWidth > 0 : el.querySelector('svg') !== null,
              ),
            ).toBe(true);
          }
          if (kind === 'home' || kind === 'guide') {
            // The navbar search box works: the search worker and the index load under the policy.
            const input = page.locator('input.navbar__search-input');
            await input.click();
            await input.fill('configuration');
            await expect(page.locator('.navbar__search [role="option"]').first()).toBeVisible();
            await input.press('Escape');
          }

          // React handles clicks: the toggle changes the stored choice.
          const before = await storedTheme(page);
          await colourToggle(page).click();
          await expect.poll(() => storedTheme(page)).not.toBe(before);

          if (analytics) {
            // The page view went out through connect-src to the tracker (intercepted, see fixtures).
            await expect.poll(() => trackerRequests.length).toBeGreaterThanOrEqual(1);
            const url = new URL(trackerRequests[0]!.url());
            expect(url.origin).toBe('http://tracker.lykta.example');
            expect(url.searchParams.get('idsite')).toBe('7');
          } else {
            await page.waitForTimeout(200);
            expect(trackerRequests).toHaveLength(0);
          }
          await page.waitForLoadState('networkidle');
          expect(await violations(page)).toEqual([]);
          // consoleGuard (fixtures) also fails the test on a console error, which is where Chromium reports
          // a violation in a worker.
        });
      }
    });
  }
}

test.describe('the CSP check fires on a planted defect', () => {
  const dir = plantedDir('main');
  test.afterAll(() => fs.rmSync(dir, {recursive: true, force: true}));

  test('an inline script whose hash is not in the policy is blocked and reported; an allowed one runs', async ({
    page,
    consoleGuard,
  }) => {
    // Chromium's console message for the blocked script (its wording varies between versions).
    consoleGuard.allow(/(Refused to execute|Executing) inline script.*violates the following Content Security Policy/);
    // The build's own colour-mode script (allowed by its hash) and one planted script (not in the policy).
    const built = fs.readFileSync(path.join(servedRoot('main'), 'analytics', 'index.html'), 'utf8');
    const colourMode = [...built.matchAll(/<script>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1]!)
      .find((s) => s.includes('data-theme'));
    expect(colourMode).toBeTruthy();
    fs.mkdirSync(dir, {recursive: true});
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>planted</title>` +
        `<script>${colourMode}</script>` +
        `<script>document.documentElement.setAttribute('data-planted', 'ran')</script>` +
        `</head><body><p>planted page</p></body></html>`,
    );

    await watchViolations(page);
    const response = await page.goto('/csp-planted/');
    expect(response?.status()).toBe(200);
    await expect.poll(async () => (await violations(page)).length).toBe(1);
    const [v] = await violations(page);
    expect(v!.directive).toBe('script-src-elem');
    expect(v!.blocked).toBe('inline');
    // The planted script did not run; the build's script did.
    await expect(page.locator('html')).not.toHaveAttribute('data-planted', 'ran');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(consoleGuard.errors).toEqual([]);
  });
});
