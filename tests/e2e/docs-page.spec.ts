import {test, expect, gotoHydrated} from '../support/fixtures';

test.describe('documentation pages', () => {
  test('sidebar can be hidden and shown again', async ({page}) => {
    await gotoHydrated(page, '/vireo/');
    const sidebar = page.locator('aside.theme-doc-sidebar-container');
    await expect(sidebar.locator('nav[aria-label="Docs sidebar"]')).toBeVisible();
    await page.getByRole('button', {name: 'Collapse sidebar'}).click();
    await expect(sidebar.locator('nav[aria-label="Docs sidebar"]')).toBeHidden();
    await page.getByRole('button', {name: 'Expand sidebar'}).click();
    await expect(sidebar.locator('nav[aria-label="Docs sidebar"]')).toBeVisible();
  });

  test('breadcrumbs, a table of contents of h2–h3 only, and the last-updated time', async ({page}) => {
    await gotoHydrated(page, '/references/command-line-interface/');
    await expect(page.getByRole('navigation', {name: 'Breadcrumbs'})).toBeVisible();
    const toc = page.locator('.table-of-contents').first();
    const tocTargets = await toc.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!.slice(1)));
    expect(tocTargets.length).toBeGreaterThan(5);
    const levels = await page.evaluate(
      (ids) => ids.map((id) => document.getElementById(decodeURIComponent(id))?.tagName),
      tocTargets,
    );
    expect(new Set(levels)).toEqual(new Set(['H2', 'H3']));
    const h4 = await page.locator('article h4[id]').count();
    if (h4 > 0) {
      const h4Id = await page.locator('article h4[id]').first().getAttribute('id');
      expect(tocTargets).not.toContain(h4Id);
    }
    await expect(page.locator('.theme-last-updated')).toContainText(/Last updated on/);
  });

  test('sidebar categories do not collapse when another opens', async ({page}) => {
    await gotoHydrated(page, '/analytics/');
    const categories = page.locator('nav[aria-label="Docs sidebar"] .menu__list-item-collapsible');
    expect(await categories.count()).toBeGreaterThanOrEqual(2);
    const collapsed = page.locator(
      'nav[aria-label="Docs sidebar"] li.menu__list-item--collapsed > .menu__list-item-collapsible',
    );
    const first = collapsed.nth(0);
    const firstLabel = await first.innerText();
    await first.locator('a, button').last().click();
    const second = page
      .locator('nav[aria-label="Docs sidebar"] li.menu__list-item--collapsed > .menu__list-item-collapsible')
      .first();
    await second.locator('a, button').last().click();
    const open = page.locator(
      'nav[aria-label="Docs sidebar"] li.theme-doc-sidebar-item-category:not(.menu__list-item--collapsed)',
    );
    await expect(open.filter({hasText: firstLabel})).not.toHaveCount(0);
    expect(await open.count()).toBeGreaterThanOrEqual(2);
  });

  test('code blocks highlight marked lines, treat jsonc as json and know the extra languages', async ({page}) => {
    await gotoHydrated(page, '/vireo/');
    await expect(page.locator('.theme-code-block-highlighted-line').first()).toBeAttached();
    for (const lang of ['bash', 'json', 'http']) {
      const block = page.locator(`pre.language-${lang}`).first();
      await expect(block, lang).toBeAttached();
      expect(await block.locator('.token').count(), `${lang} is tokenised`).toBeGreaterThan(0);
    }
  });

  test('jsonc is tokenised like json', async ({page}) => {
    const pagesWithJsonc = ['/references/command-line-interface/', '/vireo/', '/leap/', '/blog/2024/11/13/vireo/'];
    let found = false;
    for (const path of pagesWithJsonc) {
      await gotoHydrated(page, path);
      const block = page.locator('pre.language-jsonc').first();
      if ((await block.count()) === 0) continue;
      found = true;
      await expect(block.locator('.token.property').first()).toBeAttached();
      break;
    }
    expect(found, 'a page with a jsonc block').toBe(true);
  });

  test('Mermaid diagrams render as SVG, and emoji display', async ({page}) => {
    await gotoHydrated(page, '/vireo/');
    await expect(page.locator('.docusaurus-mermaid-container svg').first()).toBeVisible();
    await gotoHydrated(page, '/analytics/');
    await expect(page.locator('.docusaurus-mermaid-container svg').first()).toBeVisible();
  });
});
