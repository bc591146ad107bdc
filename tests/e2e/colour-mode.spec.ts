import {test, expect, colourToggle as toggle, gotoHydrated} from '../support/fixtures';
import {SERVERS} from '../support/servers';

const theme = (page: import('@playwright/test').Page) => page.locator('html');
const stored = (page: import('@playwright/test').Page) => page.evaluate(() => localStorage.getItem('theme'));

test.describe('colour mode, Reading A (default build)', () => {
  test.use({colorScheme: 'dark'});

  test('light by default even when the OS prefers dark; toggle flips and persists under "theme"', async ({page}) => {
    await gotoHydrated(page, '/vireo/');
    await expect(theme(page)).toHaveAttribute('data-theme', 'light');
    expect(await stored(page)).toBeNull();
    await toggle(page).click();
    await expect(theme(page)).toHaveAttribute('data-theme', 'dark');
    expect(await stored(page)).toBe('dark');
    await toggle(page).click();
    await expect(theme(page)).toHaveAttribute('data-theme', 'light');
    expect(await stored(page)).toBe('light');
    await page.reload();
    await expect(theme(page)).toHaveAttribute('data-theme', 'light');
  });

  test('the choice is synchronised across open tabs', async ({page, context}) => {
    await gotoHydrated(page, '/analytics/');
    const other = await context.newPage();
    await gotoHydrated(other, '/support/');
    await toggle(page).click();
    await expect(theme(page)).toHaveAttribute('data-theme', 'dark');
    await expect(theme(other)).toHaveAttribute('data-theme', 'dark');
  });

  test('Mermaid diagrams follow the mode', async ({page}) => {
    await gotoHydrated(page, '/vireo/');
    const light = page.locator('.mermaid-prerendered img.mermaid-light').first();
    const dark = page.locator('.mermaid-prerendered img.mermaid-dark').first();
    await light.scrollIntoViewIfNeeded();
    await expect(light).toBeVisible();
    await expect(dark).toBeHidden();
    await toggle(page).click();
    await expect(theme(page)).toHaveAttribute('data-theme', 'dark');
    await expect(dark).toBeVisible();
    await expect(light).toBeHidden();
    await expect
      .poll(() => dark.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // The two drawings really differ: the dark one uses the dark Mermaid theme and the page's edge-label contrast.
    const drawing = async (img: typeof light) => (await page.request.get((await img.getAttribute('src'))!)).text();
    const [lightSvg, darkSvg] = [await drawing(light), await drawing(dark)];
    expect(darkSvg).not.toBe(lightSvg);
    const edgeLabelContrast = /\.edgeLabel[^{]*\{background-color:\s*(#1b1b1d|rgb\(27, 27, 29\))/;
    expect(edgeLabelContrast.test(darkSvg), 'the dark drawing carries the edge-label contrast').toBe(true);
    expect(edgeLabelContrast.test(lightSvg), 'the light drawing does not').toBe(false);
  });
});

test.describe('colour mode, Reading B (follow system, variant build)', () => {
  test.use({baseURL: SERVERS.variant.url, colorScheme: 'dark'});

  test('starts on system, cycles system → light → dark → system, deletes "theme" for system', async ({page}) => {
    await gotoHydrated(page, '/vireo/');
    await expect(theme(page)).toHaveAttribute('data-theme', 'dark');
    await expect(toggle(page)).toHaveAccessibleName(/system mode/);
    await toggle(page).click();
    await expect(theme(page)).toHaveAttribute('data-theme', 'light');
    expect(await stored(page)).toBe('light');
    await toggle(page).click();
    await expect(theme(page)).toHaveAttribute('data-theme', 'dark');
    expect(await stored(page)).toBe('dark');
    await toggle(page).click();
    await expect(toggle(page)).toHaveAccessibleName(/system mode/);
    expect(await stored(page)).toBeNull();
  });

  test('system mode follows the OS preference live', async ({page}) => {
    await gotoHydrated(page, '/analytics/');
    await expect(theme(page)).toHaveAttribute('data-theme', 'dark');
    await page.emulateMedia({colorScheme: 'light'});
    await expect(theme(page)).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({colorScheme: 'dark'});
    await expect(theme(page)).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('colour mode with the switch disabled (noswitch build)', () => {
  test.use({baseURL: SERVERS.noSwitch.url});

  test('there is no toggle, and a stored choice is removed', async ({page}) => {
    await page.addInitScript(() => {
      // Simulates a reader who chose dark before the operator disabled the switch (first load only).
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('theme', 'dark');
      }
    });
    await gotoHydrated(page, '/vireo/');
    await expect(toggle(page)).toHaveCount(0);
    await expect.poll(() => stored(page)).toBeNull();
    await expect(theme(page)).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(theme(page)).toHaveAttribute('data-theme', 'light');
    expect(await stored(page)).toBeNull();
  });
});
