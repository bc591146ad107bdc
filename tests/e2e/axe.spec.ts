import AxeBuilder from '@axe-core/playwright';
import {test, expect, gotoHydrated, renderAllDiagrams} from '../support/fixtures';

const PAGES = [
  '/',
  '/analytics/',
  '/vireo/',
  '/vireo/device-configuration/time-api/',
  '/leap/',
  '/leap/4/',
  '/leap/3/',
  '/blog/2024/11/13/vireo/',
  '/no-such-page/',
];

for (const mode of ['light', 'dark'] as const) {
  for (const path of PAGES) {
    test(`no serious or critical axe violations on ${path} in ${mode} mode`, async ({page, consoleGuard}) => {
      consoleGuard.allow(/status of 404/);
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await gotoHydrated(page, path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      await renderAllDiagrams(page);
      const results = await new AxeBuilder({page}).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id}: ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(', ')}`,
        );
      expect(serious).toEqual([]);
    });
  }
}

// Search states that only exist after interaction: the search page with results grouped by collection,
// the navbar list with group labels, and the notice when a search file cannot be loaded.
const SEARCH_STATES = {
  'the search page with results': async (page: import('@playwright/test').Page) => {
    await gotoHydrated(page, '/search/?q=rtsp');
    await expect(page.locator('.lykta-search-page-group > h2').nth(1)).toBeVisible();
  },
  'the search list with collection groups': async (page: import('@playwright/test').Page) => {
    await gotoHydrated(page, '/analytics/');
    await page.locator('input.navbar__search-input').click();
    await page.locator('input.navbar__search-input').fill('time zone');
    await expect(page.locator('.navbar__search .lykta-search-group').nth(1)).toBeVisible();
  },
  'the search-unavailable notice': async (page: import('@playwright/test').Page) => {
    await page.route(/\/assets\/search\/main-index-[0-9a-f]+\.json$/, (route) => route.fulfill({status: 500}));
    await gotoHydrated(page, '/analytics/');
    await page.locator('input.navbar__search-input').click();
    await expect(page.locator('.lykta-search-error')).toBeVisible();
  },
};
for (const mode of ['light', 'dark'] as const) {
  for (const [state, open] of Object.entries(SEARCH_STATES)) {
    test(`no serious or critical axe violations in ${state} in ${mode} mode`, async ({page, consoleGuard}) => {
      consoleGuard.allow(/status of 500/);
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await open(page);
      const results = await new AxeBuilder({page}).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    });
  }
}
