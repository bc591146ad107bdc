import {test, expect, gotoHydrated, renderAllDiagrams} from '../support/fixtures';

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
    await gotoHydrated(page, '/vireo/device-configuration/time-api/');
    const breadcrumbs = page.getByRole('navigation', {name: 'Breadcrumbs'});
    await expect(breadcrumbs).toBeVisible();
    await expect(breadcrumbs.getByRole('link', {name: 'Device configuration'})).toHaveAttribute(
      'href',
      '/vireo/device-configuration/',
    );
    const toc = page.locator('.table-of-contents').first();
    const tocTargets = await toc.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!.slice(1)));
    expect(tocTargets.length).toBeGreaterThan(5);
    const levels = await page.evaluate(
      (ids) => ids.map((id) => document.getElementById(decodeURIComponent(id))?.tagName),
      tocTargets,
    );
    expect(new Set(levels)).toEqual(new Set(['H2', 'H3']));
    // The page has h4 headings (inside each operation); none of them is in the table of contents.
    const h4Ids = await page.locator('article h4[id]').evaluateAll((hs) => hs.map((h) => h.id));
    expect(h4Ids.length).toBeGreaterThan(0);
    expect(tocTargets.filter((t) => h4Ids.includes(t))).toEqual([]);
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

  test('code blocks highlight marked lines', async ({page}) => {
    await gotoHydrated(page, '/vireo/');
    const marked = page.locator('.theme-code-block-highlighted-line').first();
    await expect(marked).toBeAttached();
    // The marker comment itself is removed from the rendered code.
    await expect(page.locator('article pre').filter({hasText: 'highlight-next-line'})).toHaveCount(0);
  });

  const LANGUAGE_PAGES: [string, string[]][] = [
    ['/vireo/', ['bash', 'json', 'jsonc', 'http', 'python']],
    ['/vireo/authentication/', ['csharp', 'php']],
    ['/computer-vision/computer-vision-on-device/develop-your-own-deep-learning-application/', ['docker', 'makefile']],
    ['/references/command-line-interface/', ['toml']],
  ];
  for (const [path, languages] of LANGUAGE_PAGES) {
    test(`code in ${languages.join(', ')} is tokenised on ${path}`, async ({page}) => {
      await gotoHydrated(page, path);
      for (const lang of languages) {
        const block = page.locator(`pre.language-${lang}`).first();
        await expect(block, lang).toBeAttached();
        // Tokens other than plain text prove the grammar is loaded; jsonc uses the json grammar.
        await expect(block.locator('.token:not(.plain)').first(), `${lang} is tokenised`).toBeAttached();
      }
      if (languages.includes('jsonc'))
        await expect(page.locator('pre.language-jsonc .token.property').first()).toBeAttached();
    });
  }

  test('Mermaid diagrams render as SVG', async ({page}) => {
    await gotoHydrated(page, '/vireo/authentication/');
    await renderAllDiagrams(page);
    const diagram = page.locator('.docusaurus-mermaid-container svg').first();
    await diagram.scrollIntoViewIfNeeded();
    await expect(diagram).toBeVisible();
    await expect(diagram).toContainText('Device');
  });

  test('diagrams arrive drawn in the HTML, and the page loads no Mermaid code', async ({page}) => {
    const scripts: string[] = [];
    page.on('response', async (r) => {
      if (r.url().endsWith('.js')) scripts.push(await r.text().catch(() => ''));
    });
    const html = await (await page.request.get('/analytics/')).text();
    // Server-rendered: both modes of the diagram are in the HTML before any script runs.
    expect(html).toMatch(/class="?mermaid-light"?><svg/);
    expect(html).toMatch(/class="?mermaid-dark"?><svg/);
    await gotoHydrated(page, '/analytics/');
    await expect(page.locator('.mermaid-prerendered .mermaid-light svg')).toBeVisible();
    await expect(page.locator('.mermaid-prerendered .mermaid-dark svg')).toBeHidden();
    await expect(page.locator('.mermaid-pending')).toHaveCount(0);
    expect(scripts.length).toBeGreaterThan(0);
    // Mermaid's parser and its layout engine never reach the browser.
    expect(scripts.filter((js) => /mermaidAPI|dagre/.test(js))).toEqual([]);
  });

  test('emoji in Markdown display as text', async ({page}) => {
    await gotoHydrated(page, '/guidelines/testing/');
    const cell = page.locator('article td').filter({hasText: '✅ Required'}).first();
    await expect(cell).toBeVisible();
    // Rendered with a real glyph: the emoji takes horizontal space.
    const width = await cell.evaluate((td) => {
      const range = document.createRange();
      const text = Array.from(td.childNodes).find((n) => n.textContent?.includes('✅'))!;
      range.setStart(text, 0);
      range.setEnd(text, 1);
      return range.getBoundingClientRect().width;
    });
    expect(width).toBeGreaterThan(4);
  });
});
