import {test, expect, gotoHydrated} from '../support/fixtures';

test.describe('accessibility labels', () => {
  test('headings carry a self-link labelled "Direct link to {heading}"', async ({page}) => {
    await gotoHydrated(page, '/vireo/');
    const headings = page.locator('article h2[id]');
    expect(await headings.count()).toBeGreaterThan(3);
    const first = headings.first();
    const text = (await first.evaluate((h) => h.firstChild?.textContent ?? '')).trim();
    const id = await first.getAttribute('id');
    const anchor = first.locator('a.hash-link');
    await expect(anchor).toHaveAttribute('aria-label', `Direct link to ${text}`);
    await expect(anchor).toHaveAttribute('href', `#${id}`);
  });

  test('every external link opens in a new tab, safely, with "(opens in new tab)" in its name', async ({page}) => {
    for (const path of ['/', '/support/', '/references/command-line-interface/']) {
      await gotoHydrated(page, path);
      const external = page.locator('a[href^="http"]:not([href^="http://127.0.0.1"])');
      const count = await external.count();
      expect(count, `external links on ${path}`).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        const link = external.nth(i);
        const href = await link.getAttribute('href');
        await expect(link, href!).toHaveAttribute('target', '_blank');
        await expect(link, href!).toHaveAttribute('rel', 'noopener noreferrer');
        await expect(link, href!).toHaveAccessibleName(/\(opens in new tab\)$/);
      }
    }
    // The footer and the page body both have one.
    await gotoHydrated(page, '/support/');
    await expect(page.locator('footer a[target="_blank"]').first()).toBeAttached();
    await expect(page.locator('article a[target="_blank"]').first()).toBeAttached();
  });

  test('"skip to main content" is the first focusable element', async ({page}) => {
    await gotoHydrated(page, '/analytics/');
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveText(/skip to main content/i);
    await page.keyboard.press('Enter');
    await expect(page.locator('main, [id="__docusaurus_skipToContent_fallback"]').first()).toBeVisible();
  });
});
