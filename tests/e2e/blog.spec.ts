import {test, expect, gotoHydrated} from '../support/fixtures';

const POSTS = [
  '/blog/2024/06/05/',
  '/blog/2024/07/18/',
  '/blog/2024/11/13/vireo/',
  '/blog/2025/02/06/leap/',
  '/blog/2025/06/17/',
  '/blog/2025/08/28/',
];

test.describe('blog', () => {
  test('the list shows truncated previews and a sidebar grouped by year', async ({page}) => {
    await gotoHydrated(page, '/blog/');
    const articles = page.locator('article');
    await expect(articles).toHaveCount(6);
    await expect(articles.first().getByRole('link', {name: /Read more/})).toBeVisible();
    const sidebar = page.getByRole('navigation', {name: /Blog recent posts navigation/});
    await expect(sidebar.getByRole('heading', {name: '2025'})).toBeVisible();
    await expect(sidebar.getByRole('heading', {name: '2024'})).toBeVisible();
    const links = await sidebar.getByRole('link').evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));
    for (const prefix of POSTS)
      expect(
        links.some((l) => l.startsWith(prefix)),
        prefix,
      ).toBe(true);
  });

  test('archive and authors pages list the posts and their authors', async ({page}) => {
    await gotoHydrated(page, '/blog/archive/');
    await expect(page.locator('main').getByRole('link', {name: /VIREO/}).first()).toBeVisible();
    await gotoHydrated(page, '/blog/authors/');
    await expect(page.locator('main').getByRole('heading').first()).toBeVisible();
    expect(await page.locator('main a[href^="/blog/authors/"]').count()).toBeGreaterThanOrEqual(2);
  });

  test('the VIREO and LEAP introduction posts exist at their dated paths', async ({page}) => {
    await gotoHydrated(page, '/blog/2024/11/13/vireo/');
    await expect(page.locator('article h1')).toContainText('VIREO');
    await gotoHydrated(page, '/blog/2025/02/06/leap/');
    await expect(page.locator('article h1')).toContainText('LEAP');
  });

  test('RSS and Atom feeds list all six posts', async ({request}) => {
    const rss = await (await request.get('/blog/rss.xml')).text();
    const atom = await (await request.get('/blog/atom.xml')).text();
    expect(rss.match(/<item>/g)?.length).toBe(6);
    expect(atom.match(/<entry>/g)?.length).toBe(6);
    expect(rss).toContain('/blog/2024/11/13/vireo/');
  });
});

test('home page: tagline and a card for every area', async ({page}) => {
  await gotoHydrated(page, '/');
  await expect(page.getByRole('heading', {level: 1, name: 'Lykta Developer Hub'})).toBeVisible();
  await expect(
    page
      .locator('main, header')
      .getByText(/innovation hub for developers and solution builders/i)
      .first(),
  ).toBeVisible();
  const cards = page.getByRole('list', {name: 'Documentation areas'}).getByRole('link');
  const hrefs = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
  expect(hrefs).toEqual([
    '/video-streaming-and-recording/',
    '/analytics/',
    '/computer-vision/',
    '/vireo/',
    '/leap/',
    '/guidelines/',
    '/support/',
    '/blog/',
  ]);
  await cards.filter({hasText: 'LEAP SDK'}).click();
  await expect(page).toHaveURL(/\/leap\/$/);
});
