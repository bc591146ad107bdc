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
/** Prism's markup grammar, part of every Prism build: the marker of the highlighter's code in a script. */
const PRISM = 'prolog:{pattern:';

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

/** Every token's colour as shown, and each block's background and text colour, against what the code theme of `mode` gives them (tokens by their types in their block's language). */
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
    (els, {expected, background, plain}) => {
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
      for (const pre of Array.from(document.querySelectorAll('article pre'))) {
        if (getComputedStyle(pre).backgroundColor !== normal(background))
          wrong.push(`background ${getComputedStyle(pre).backgroundColor}`);
        if (getComputedStyle(pre).color !== normal(plain)) wrong.push(`text ${getComputedStyle(pre).color}`);
      }
      probe.remove();
      return wrong;
    },
    {expected, background: theme.plain.backgroundColor!, plain: theme.plain.color!},
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

  test("in dark mode the blocks have the dark theme's colours before the page's script has run", async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/Failed to load resource|net::ERR_/);
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    // The page as painted before hydration: its scripts never arrive.
    await page.route(/\/assets\/js\//, (route) => route.abort());
    await page.goto(PAGE);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'false');
    expect(await wrongColours(page, 'dark')).toEqual([]);
  });

  test('a page opened in the app is highlighted in the browser, in the mode in use', async ({page}) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await gotoHydrated(page, '/leap/');
    await navigate(page, PAGE);
    await expect(page).toHaveURL(new RegExp(PAGE));
    await expect(page.locator('article .lykta-code').first()).toHaveAttribute('data-highlighted', 'browser');
    // The highlighter loads on use (src/plugins/lazy-highlighter); until then the blocks show plain code.
    await expect(page.locator('article pre[data-highlighter="loading"]')).toHaveCount(0);
    expect(await wrongColours(page, 'dark')).toEqual([]);
  });

  test('Prism is not in the first load: it loads when a page opened in the app needs it, and the code waits for it as plain text', async ({
    page,
  }) => {
    const scripts: {url: string; prism: boolean}[] = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() !== 'script') return;
      const body = await r.text().catch(() => '');
      scripts.push({url: new URL(r.url()).pathname, prism: body.includes(PRISM)});
    });
    // Held back until released, to see the block before the highlighter arrives.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/js\/.*\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes(PRISM)) await released;
      await route.fulfill({response, body});
    });
    await gotoHydrated(page, PAGE);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(2);
    expect(scripts.filter((s) => s.prism)).toEqual([]);
    expect((await codeBlocks(page)).build).toBeGreaterThan(5);

    await navigate(page, '/leap/');
    await expect(page.locator('article h1')).not.toHaveText('Supported languages for container applications');
    await navigate(page, PAGE);
    // The page opens at once, not held back until the highlighter arrives.
    await expect(page.locator('article h1')).toHaveText('Supported languages for container applications');
    const first = page.locator('article pre').first();
    await expect(first).toHaveAttribute('data-highlighter', 'loading');
    // Plain, but the block's whole code, readable and focusable, in the block's language.
    const code = await first.textContent();
    expect(code!.length).toBeGreaterThan(20);
    await expect(first).toHaveAttribute('tabindex', '0');
    await expect(first).toHaveClass(/language-\S+/);
    release();
    await expect(page.locator('article pre[data-highlighter="loading"]')).toHaveCount(0);
    await expect(first.locator('.token').first()).toBeVisible();
    expect((await first.locator('.token-line').allTextContents()).join('\n')).toBe(code!.replace(/\n$/, ''));
    expect(scripts.filter((s) => s.prism).length).toBeGreaterThan(0);
    expect(await wrongColours(page, 'light')).toEqual([]);
  });

  test('when the highlighter cannot be loaded, a page opened in the app shows its code as plain text', async ({
    page,
    consoleGuard,
  }) => {
    // The aborted request is logged; nothing else may be.
    consoleGuard.allow(/Failed to load resource: net::ERR_FAILED/);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.route(/\/assets\/js\/.*\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes(PRISM)) return route.abort();
      return route.fulfill({response, body});
    });
    await gotoHydrated(page, '/leap/');
    await navigate(page, PAGE);
    await expect(page.locator('article h1')).toHaveText('Supported languages for container applications');
    const blocks = page.locator('article pre');
    expect(await blocks.count()).toBeGreaterThan(5);
    await expect(blocks.first()).toHaveAttribute('data-highlighter', 'loading');
    expect((await blocks.first().textContent())!.length).toBeGreaterThan(20);
    await expect(page.locator('text=This page crashed')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
