/**
 * "Copy page" and "View as Markdown" on doc pages (src/components/CopyPage, placed by the
 * src/theme/DocItem/Content wrapper): the click puts the page's Markdown on the clipboard, shows and
 * announces it, works from the keyboard, loads nothing before it is used, says when it fails, and
 * passes axe in both colour modes.
 */
import AxeBuilder from '@axe-core/playwright';
import {test, expect, gotoHydrated, type Page} from '../support/fixtures';

const API_PAGE = '/vireo/device-configuration/time-api/';

const copyButton = (page: Page) => page.locator('.lykta-copy-page').getByRole('button');
const status = (page: Page) => page.locator('.lykta-copy-page [role="status"]');

test.beforeEach(async ({page}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
});

test("Copy page puts the page's Markdown on the clipboard, shows and announces it", async ({page, request}) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await gotoHydrated(page, API_PAGE);
  const button = copyButton(page);
  await expect(button).toHaveAccessibleName('Copy page');
  // Nothing of the copy is loaded before it is used: neither the Markdown nor the code that fetches it.
  const beforeClick = requested.length;
  expect(requested.filter((p) => p.endsWith('.md'))).toEqual([]);

  await button.click();
  await expect(button).toHaveAccessibleName('Copied');
  await expect(status(page)).toHaveText('Page copied to the clipboard as Markdown.');
  const expected = await (await request.get(`${API_PAGE}index.md`)).text();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
  expect(expected).toMatch(/^# Time API\n/);
  const onClick = requested.slice(beforeClick);
  expect(onClick).toContain(`${API_PAGE}index.md`);
  expect(onClick.some((p) => p.startsWith('/assets/js/'))).toBe(true);
  // The confirmation goes away again.
  await expect(button).toHaveAccessibleName('Copy page', {timeout: 8000});
});

test('Copy page works from the keyboard', async ({page, request}) => {
  await gotoHydrated(page, '/leap/3/');
  await page.evaluate(() => navigator.clipboard.writeText('nothing yet'));
  // Tab from the top of the page reaches the button.
  await page.locator('body').focus();
  const button = copyButton(page);
  for (let i = 0; i < 80 && !(await button.evaluate((b) => b === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAccessibleName('Copied');
  const expected = await (await request.get('/leap/3/index.md')).text();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
  // Space as well, and the focus stays on the button.
  await page.evaluate(() => navigator.clipboard.writeText('again'));
  await page.keyboard.press('Space');
  await expect(button).toBeFocused();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
});

for (const route of [
  '/analytics/',
  '/leap/',
  '/leap/4/',
  '/leap/3/',
  API_PAGE,
  '/leap/category/c-api-reference/',
  '/leap/3/category/c-api-reference/',
]) {
  test(`${route}: Copy page and View as Markdown link to ${route}index.md`, async ({page, request}) => {
    await gotoHydrated(page, route);
    await expect(copyButton(page)).toBeVisible();
    const link = page.locator('.lykta-copy-page').getByRole('link', {name: 'View as Markdown'});
    await expect(link).toHaveAttribute('href', `${route}index.md`);
    const answer = await request.get(`${route}index.md`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^text\/markdown/);
  });
}

test('a failed fetch says so, on the button and to screen readers', async ({page, consoleGuard}) => {
  consoleGuard.allow(/status of 503/);
  await page.route('**/index.md', (route) => route.fulfill({status: 503, body: 'unavailable'}));
  await gotoHydrated(page, API_PAGE);
  await page.evaluate(() => navigator.clipboard.writeText('unchanged'));
  await copyButton(page).click();
  await expect(copyButton(page)).toHaveAccessibleName('Copy failed');
  await expect(status(page)).toHaveText(/could not be copied/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('unchanged');
});

for (const mode of ['light', 'dark'] as const) {
  test(`Copy page and its link pass axe in ${mode} mode, before and after a copy`, async ({page}) => {
    await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
    await gotoHydrated(page, API_PAGE);
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    const axe = () => new AxeBuilder({page}).include('.lykta-copy-page').analyze();
    expect((await axe()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await copyButton(page).click();
    await expect(copyButton(page)).toHaveAccessibleName('Copied');
    expect((await axe()).violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
}

test('on a category index page the actions sit where a doc has them: after the version badge, before the title', async ({
  page,
  request,
}) => {
  await gotoHydrated(page, '/leap/4/category/c-api-reference/');
  const actions = page.locator('.lykta-copy-page');
  await expect(actions).toHaveCount(1);
  const order = await page.evaluate(() => {
    const a = document.querySelector('.lykta-copy-page')!;
    const h1 = document.querySelector('article h1, main h1, h1')!;
    const badge = document.querySelector('.theme-doc-version-badge');
    const follows = (x: Element, y: Element) =>
      Boolean(x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING);
    return {beforeTitle: follows(a, h1), afterBadge: badge ? follows(badge, a) : null};
  });
  expect(order).toEqual({beforeTitle: true, afterBadge: true});
  await copyButton(page).click();
  await expect(copyButton(page)).toHaveAccessibleName('Copied');
  const expected = await (await request.get('/leap/4/category/c-api-reference/index.md')).text();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
});
