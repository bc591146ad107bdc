/**
 * The LEAP C API reference: pages generated from src/leap-headers/ per LEAP line, the headers
 * published for download, and a link to a library's reference from every page that uses it.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect, gotoHydrated} from '../support/fixtures';
import {filesUnder, ROOT} from '../support/files';
import {SERVERS} from '../support/servers';
import {lineHeaders} from '../../src/remark/leap-c-api/headers';
import {referencePath} from '../../src/lib/leapHeaders';

test.describe('LEAP C API reference', () => {
  test('a library page documents each function with its signature, parameters, errors and release', async ({page}) => {
    await gotoHydrated(page, '/leap/api/c/lykparam/');
    await expect(page.locator('article h1')).toHaveText('liblykparam C API');
    const get = page.locator('article h3#lykparam_get');
    await expect(get).toHaveText(/lykparam_get\(\)/);
    await expect(page.locator('.table-of-contents a[href="#lykparam_get"]')).toBeAttached();
    // The signature, then the parameter table, the errors and the release, before the next entry.
    const entry = page.locator('article h3#lykparam_get ~ *').filter({hasNot: page.locator('h3')});
    await expect(page.locator('article h3#lykparam_get + div pre')).toContainText(
      'int lykparam_get(lykparam_handle_t *handle, const char *name, char **value);',
    );
    const params = page.locator('article table', {has: page.locator('th', {hasText: 'Parameter'})}).filter({
      has: page.locator('code', {hasText: /^value$/}),
    });
    await expect(params.first()).toContainText('out');
    await expect(
      page.locator('article table', {has: page.locator('code', {hasText: '-ENOENT'})}).first(),
    ).toBeVisible();
    expect(await entry.count()).toBeGreaterThan(3);
    // Names in the descriptions link to their entries.
    const free = page.locator('article a[href="/leap/api/c/lykparam/#lykparam_free"]').first();
    await free.click();
    await expect(page).toHaveURL(/#lykparam_free$/);
    await expect(page.locator('article h3#lykparam_free')).toBeInViewport();
  });

  test('the published header of each line holds what that line had', async ({page}) => {
    await gotoHydrated(page, '/leap/api/c/lykbroker/');
    const download = page.locator('article a[href="/leap/include/12/lykbroker.h"]');
    await expect(download).toBeVisible();
    const twelve = await page.request.get('/leap/include/12/lykbroker.h');
    expect(twelve.ok()).toBe(true);
    expect(await twelve.text()).toContain('int lykbroker_subscription_get_dropped(');
    const four = await page.request.get('/leap/include/4/lykbroker.h');
    expect(four.ok()).toBe(true);
    const fourText = await four.text();
    expect(fourText).toContain('int lykbroker_subscribe(');
    expect(fourText).not.toContain('lykbroker_subscription_get_dropped(lykbroker_subscription_t');
    expect((await page.request.get('/leap/include/3/lykbroker.h')).status()).toBe(404);
    expect((await page.request.get('/leap/include/12/lykhttp.h')).status()).toBe(404);
  });

  test('older lines show their own status: beta in LEAP 4, deprecated and removed libraries', async ({page}) => {
    await gotoHydrated(page, '/leap/4/api/c/lykbroker/');
    await expect(page.locator('article .theme-admonition-info')).toContainText('Beta throughout LEAP 4');
    await expect(page.locator('article h3#lykbroker_subscription_get_dropped')).toHaveCount(0);
    await gotoHydrated(page, '/leap/3/api/c/lykcapture/');
    await expect(page.locator('article .theme-admonition-warning').first()).toContainText('Deprecated in LEAP 3.3');
    await expect(page.locator('article')).toContainText('Removed in LEAP 4.0');
    // The LEAP 12 reference has no page for a library that LEAP 12 does not have.
    expect((await page.request.get('/leap/api/c/lykhttp/')).status()).toBe(404);
  });

  test('the first mention of a library or function on a page links to its reference in that line', async ({page}) => {
    await gotoHydrated(page, '/leap/4/develop/vireo-access-for-leap-applications/');
    const link = page.locator('article a[href^="/leap/4/api/c/lykvireo/"]').first();
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/leap\/4\/api\/c\/lykvireo\//);
    await expect(page.locator('article h1')).toHaveText('liblykvireo C API');
  });
});

/** LEAP line of a built page: /leap/4/… and /leap/3/… are theirs, everything else is the current line. */
const lineOfPage = (relative: string) => /^leap\/(\d+)\//.exec(relative)?.[1] ?? '12';

/** Text of a page's article, tags removed, entities decoded enough for names. */
const articleOf = (html: string) => {
  const m = /<article[\s\S]*<\/article>/.exec(html);
  return m ? m[0] : '';
};

test("every page that uses a library links to its reference page in the page's line", () => {
  test.setTimeout(120_000);
  const build = path.resolve(ROOT, SERVERS.main.dir);
  expect(fs.existsSync(path.join(build, 'index.html')), 'build first').toBe(true);
  const headers = new Map(
    ['12', '4', '3'].map((line) => [line, lineHeaders(path.join(ROOT, 'src/leap-headers'), line)]),
  );
  const missing: string[] = [];
  let checked = 0;
  for (const file of filesUnder(build, /\.html$/)) {
    const relative = path.relative(build, file).split(path.sep).join('/');
    const line = lineOfPage(relative);
    const article = articleOf(fs.readFileSync(file, 'utf8'));
    if (!article) continue;
    const text = article
      .replace(/<[^>]+>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
    for (const h of headers.get(line)!) {
      const short = h.library.replace(/^lib/, '');
      const uses =
        new RegExp(`\\b${h.library}\\b`).test(text) ||
        text.includes(`<${h.file}>`) ||
        h.decls.some((d) => d.kind === 'function' && text.includes(`${d.name}(`));
      if (!uses) continue;
      checked++;
      const target = referencePath(line, short);
      if (`/${relative.replace(/index\.html$/, '')}` === target) continue;
      // The minified HTML may leave the attribute unquoted.
      if (!article.includes(`href="${target}`) && !article.includes(`href=${target}`))
        missing.push(`/${relative}: uses ${h.library}, no link to ${target}`);
    }
  }
  expect(checked).toBeGreaterThan(100);
  expect(missing).toEqual([]);
});
