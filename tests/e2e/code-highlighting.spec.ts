import type {Page} from '@playwright/test';
import {test, expect, colourToggle, gotoHydrated, navigate} from '../support/fixtures';
import {darkCodeTheme, lightCodeTheme} from '../../src/lib/codeThemes';
import {themeDictionary, tokenStyle} from '../../src/lib/codeTokenStyle';

/**
 * Code is highlighted when the site is built (src/theme/CodeBlock): on page load the browser keeps
 * the server's highlighted lines, in either colour mode, and runs no highlighter; a block that
 * appears later (another page opened in the app) is highlighted in the browser.
 */
const PAGE = '/leap/develop-container-applications/supported-languages/';

/** Marks every code line the server wrote, before the site's script starts. */
async function markServerLines(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () =>
      document
        .querySelectorAll('pre .token-line')
        .forEach((line) => ((line as unknown as {fromServer: boolean}).fromServer = true)),
    );
  });
}

/** Every token's colour as shown, against the colour the code theme of `mode` gives its types in its block's language. */
async function wrongColours(page: Page, mode: 'light' | 'dark') {
  const theme = mode === 'dark' ? darkCodeTheme : lightCodeTheme;
  const tokens = await page.locator('article pre .token').evaluateAll((els) =>
    els.map((el) => ({
      language: /language-(\S+)/.exec(el.closest('pre')!.className)?.[1] ?? '',
      // The class names in order, repeats kept: the order of a token's types decides its style.
      types: el.className.split(/\s+/).filter((c: string) => c && c !== 'token'),
      empty: el.textContent === '',
    })),
  );
  expect(tokens.length).toBeGreaterThan(100);
  const expected = tokens.map((t) => {
    const style = tokenStyle(themeDictionary(theme, t.language), {types: t.types});
    return {color: style?.color ?? theme.plain.color!, fontStyle: style?.fontStyle ?? 'normal'};
  });
  return page.locator('article pre .token').evaluateAll(
    (els, {expected, background}) => {
      const probe = document.createElement('span');
      document.body.append(probe);
      const normal = (color: string) => {
        probe.style.color = color;
        return getComputedStyle(probe).color;
      };
      const wrong: string[] = [];
      els.forEach((el, i) => {
        if (!el.textContent?.trim()) return;
        const shown = getComputedStyle(el);
        if (shown.color !== normal(expected[i]!.color) || shown.fontStyle !== expected[i]!.fontStyle)
          wrong.push(
            `${el.className} "${el.textContent}": ${shown.color} ${shown.fontStyle}, expected ${expected[i]!.color} ${expected[i]!.fontStyle}`,
          );
      });
      for (const pre of Array.from(document.querySelectorAll('article pre')))
        if (getComputedStyle(pre).backgroundColor !== normal(background))
          wrong.push(`background ${getComputedStyle(pre).backgroundColor}`);
      probe.remove();
      return wrong;
    },
    {expected, background: theme.plain.backgroundColor!},
  );
}

async function codeBlocks(page: Page) {
  return page.locator('article .lykta-code').evaluateAll((els) => ({
    build: els.filter((e) => e.getAttribute('data-highlighted') === 'build').length,
    browser: els.filter((e) => e.getAttribute('data-highlighted') === 'browser').length,
    serverLines: els
      .flatMap((e) => Array.from(e.querySelectorAll('.token-line')))
      .filter((l) => (l as unknown as {fromServer?: boolean}).fromServer).length,
    lines: els.flatMap((e) => Array.from(e.querySelectorAll('.token-line'))).length,
  }));
}

test.describe('code highlighted at build time', () => {
  test("on load the server's highlighted code is kept, with the light theme's colours, and follows a mode change", async ({
    page,
  }) => {
    await markServerLines(page);
    await gotoHydrated(page, PAGE);
    const blocks = await codeBlocks(page);
    expect(blocks.build).toBeGreaterThan(5);
    expect(blocks.browser).toBe(0);
    // The very elements the server wrote are still there: nothing was highlighted or rebuilt in the browser.
    expect(blocks.serverLines).toBe(blocks.lines);
    expect(await wrongColours(page, 'light')).toEqual([]);
    await colourToggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await wrongColours(page, 'dark')).toEqual([]);
    expect((await codeBlocks(page)).serverLines).toBe(blocks.lines);
    // The copy button still copies the block's code.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const first = page.locator('article .theme-code-block').first();
    await first.hover();
    await first.getByRole('button', {name: /Copy code/}).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(
      await first.locator('pre .token-line').evaluateAll((lines) => lines.map((l) => l.textContent).join('\n')),
    );
  });

  test("a reader in dark mode gets the dark theme's colours on load, still without highlighting in the browser", async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await markServerLines(page);
    await gotoHydrated(page, PAGE);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const blocks = await codeBlocks(page);
    expect(blocks.browser).toBe(0);
    expect(blocks.serverLines).toBe(blocks.lines);
    expect(await wrongColours(page, 'dark')).toEqual([]);
  });

  test('a page opened in the app is highlighted in the browser, in the mode in use', async ({page}) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await gotoHydrated(page, '/leap/');
    await navigate(page, PAGE);
    await expect(page).toHaveURL(new RegExp(PAGE));
    await expect(page.locator('article .lykta-code').first()).toHaveAttribute('data-highlighted', 'browser');
    expect(await wrongColours(page, 'dark')).toEqual([]);
  });
});
