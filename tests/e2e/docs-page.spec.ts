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

  test('Mermaid diagrams show as drawn images with their labels as text alternative', async ({page}) => {
    await gotoHydrated(page, '/vireo/authentication/');
    await renderAllDiagrams(page);
    const diagram = page.locator('.mermaid-prerendered img.mermaid-light').first();
    await diagram.scrollIntoViewIfNeeded();
    await expect(diagram).toBeVisible();
    await expect(diagram).toHaveAttribute('alt', /^Sequence: .*Device.*Client/);
    // The drawing loaded and is a valid SVG image (an XML error leaves it without a size).
    await expect
      .poll(() => diagram.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(100);
    // Its room is kept before it arrives: width and height attributes give the aspect ratio.
    const {width, height} = await diagram.evaluate((img: HTMLImageElement) => ({width: img.width, height: img.height}));
    expect(Number(await diagram.getAttribute('width')) / Number(await diagram.getAttribute('height'))).toBeCloseTo(
      width / height,
      1,
    );
  });

  test('a diagram costs its page one copy of its drawing: an image of the mode shown, no Mermaid code', async ({
    page,
  }) => {
    const scripts: string[] = [];
    const drawings: string[] = [];
    page.on('response', async (r) => {
      if (r.url().endsWith('.js')) scripts.push(await r.text().catch(() => ''));
      if (/\/assets\/images\/.*\.svg$/.test(r.url())) drawings.push(new URL(r.url()).pathname);
    });
    const html = await (await page.request.get('/analytics/')).text();
    // The HTML names the two drawings and holds neither: no SVG markup in the diagram's place.
    const diagrams = html.match(/<div class="?docusaurus-mermaid-container mermaid-prerendered"?>.*?<\/div>/gs) ?? [];
    expect(diagrams.length).toBeGreaterThan(0);
    for (const d of diagrams) {
      expect(d).not.toContain('<svg');
      expect(d).toMatch(/<img class="?mermaid-light"? src="?\/assets\/images\/[0-9a-f]+-light-[0-9a-f]+\.svg/);
      expect(d).toMatch(/<img class="?mermaid-dark"? src="?\/assets\/images\/[0-9a-f]+-dark-[0-9a-f]+\.svg/);
    }
    await gotoHydrated(page, '/analytics/');
    const light = page.locator('.mermaid-prerendered img.mermaid-light');
    const dark = page.locator('.mermaid-prerendered img.mermaid-dark');
    for (let i = 0; i < diagrams.length; i++) await light.nth(i).scrollIntoViewIfNeeded();
    await expect(light.first()).toBeVisible();
    await expect(dark.first()).toBeHidden();
    await expect.poll(() => drawings.filter((d) => d.includes('-light-')).length).toBe(diagrams.length);
    // The drawings of the other mode are never fetched while that mode is not shown.
    expect(drawings.filter((d) => d.includes('-dark-'))).toEqual([]);
    await expect(page.locator('.mermaid-pending')).toHaveCount(0);
    expect(scripts.length).toBeGreaterThan(0);
    // Mermaid's parser and its layout engine never reach the browser, nor does any drawing.
    expect(scripts.filter((js) => /mermaidAPI|dagre/.test(js))).toEqual([]);
    expect(scripts.filter((js) => /<svg[^>]*aria-roledescription/.test(js))).toEqual([]);
  });

  test('every diagram the build drew is a valid SVG image', async ({page}) => {
    const fs = await import('node:fs');
    const files = fs
      .readdirSync('build/assets/images')
      .filter((f) => /^[0-9a-f]{16}-(light|dark)-[0-9a-f]+\.svg$/.test(f));
    expect(files.length).toBeGreaterThan(400);
    await gotoHydrated(page, '/');
    const broken = await page.evaluate(
      (names) =>
        Promise.all(
          names.map(
            (name) =>
              new Promise<string | null>((resolve) => {
                const img = new Image();
                img.onload = () => resolve(img.naturalWidth > 0 ? null : name);
                img.onerror = () => resolve(name);
                img.src = `/assets/images/${name}`;
              }),
          ),
        ).then((r) => r.filter(Boolean)),
      files,
    );
    expect(broken).toEqual([]);
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
