import {test, expect, gotoHydrated} from '../support/fixtures';

const PREF_KEY = 'docs-preferred-version-sdk';

async function chooseVersion(page: import('@playwright/test').Page, label: string) {
  const dropdown = page.getByRole('navigation', {name: 'Main'}).locator('.navbar__item.dropdown');
  await dropdown.hover();
  await dropdown.locator('.dropdown__menu').getByRole('link', {name: label, exact: true}).click();
}

test.describe('SDK versions', () => {
  test('the dropdown lists 12, 4 and 3', async ({page}) => {
    await gotoHydrated(page, '/leap/');
    const items = page.getByRole('navigation', {name: 'Main'}).locator('.navbar__item.dropdown .dropdown__menu a');
    await expect(items).toHaveText(['12', '4', '3']);
  });

  test('choosing a version goes to the same page in it, and stores the choice', async ({page}) => {
    await gotoHydrated(page, '/leap/api/');
    await chooseVersion(page, '4');
    await expect(page).toHaveURL(/\/leap\/4\/api\/$/);
    await expect(page.locator('article h1')).toContainText('LEAP 4');
    expect(await page.evaluate((k) => localStorage.getItem(k), PREF_KEY)).toBe('4');
    await chooseVersion(page, '3');
    await expect(page).toHaveURL(/\/leap\/3\/api\/$/);
    expect(await page.evaluate((k) => localStorage.getItem(k), PREF_KEY)).toBe('3');
  });

  test("a page missing from the chosen version leads to that version's main doc", async ({page}) => {
    await gotoHydrated(page, '/leap/faq/');
    await chooseVersion(page, '3');
    await expect(page).toHaveURL(/\/leap\/3\/$/);
    await expect(page.locator('article h1')).toHaveText('LEAP 3');
  });

  test('the active version follows the path', async ({page}) => {
    for (const [path, label] of [
      ['/leap/4/faq/', '4'],
      ['/leap/3/', '3'],
      ['/leap/faq/', '12'],
    ] as const) {
      await gotoHydrated(page, path);
      await expect(
        page.getByRole('navigation', {name: 'Main'}).locator('.navbar__item.dropdown > .navbar__link'),
      ).toHaveText(label);
    }
  });

  test('the stored version is used elsewhere, and a stored version that no longer exists is cleared', async ({
    page,
  }) => {
    await page.addInitScript((k) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(k, '4');
        sessionStorage.setItem('seeded', '1');
      }
    }, PREF_KEY);
    await gotoHydrated(page, '/blog/');
    const sdkLink = page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'LEAP SDK'});
    await expect(sdkLink).toHaveAttribute('href', /^\/leap\/4\//);

    await page.evaluate((k) => localStorage.setItem(k, '2'), PREF_KEY);
    await page.reload();
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
    await expect.poll(() => page.evaluate((k) => localStorage.getItem(k), PREF_KEY)).toBeNull();
    await expect(sdkLink).toHaveAttribute('href', '/leap/');
  });
});
