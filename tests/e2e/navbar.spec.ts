import {test, expect, colourToggle, gotoHydrated} from '../support/fixtures';

test.describe('navbar', () => {
  test('logo is 100x36 and has light and dark variants', async ({page}) => {
    await gotoHydrated(page, '/');
    const logo = page.locator('.navbar__logo img:visible');
    await expect(logo).toHaveCount(1);
    await expect(logo).toHaveAttribute('width', '100');
    await expect(logo).toHaveAttribute('height', '36');
    await expect(logo).toHaveAttribute('src', /logo-light\.svg$/);
    await colourToggle(page).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('.navbar__logo img:visible')).toHaveAttribute('src', /logo-dark\.svg$/);
  });

  test('has the SDK version dropdown, a link to the blog and a colour-mode toggle', async ({page}) => {
    await gotoHydrated(page, '/');
    const nav = page.getByRole('navigation', {name: 'Main'});
    await expect(nav.locator('.navbar__item.dropdown')).toContainText('12');
    await expect(nav.getByRole('link', {name: 'Blog'})).toHaveAttribute('href', '/blog/');
    await expect(nav.getByRole('button', {name: /dark and light mode/})).toBeVisible();
  });

  test('search placeholder shows Ctrl+K off Mac, the shortcut focuses it, Loading... until both search files are in', async ({
    page,
  }) => {
    // Hold back the index file of the collection's titles and headings (its documents file loads):
    // "Loading..." shows until both are in.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let requested = 0;
    await page.route(/\/assets\/search\/main-index-[0-9a-f]+\.json$/, async (route) => {
      requested++;
      await held;
      await route.continue();
    });
    await gotoHydrated(page, '/analytics/');
    const input = page
      .getByRole('navigation', {name: 'Main'})
      .getByRole('textbox', {name: 'Search'})
      .or(page.locator('input.navbar__search-input'));
    await expect(input.first()).toHaveAttribute('placeholder', 'Search Ctrl+K');
    await page.locator('body').click();
    await page.keyboard.press('Control+k');
    await expect(input.first()).toBeFocused();
    await expect(input.first()).toHaveAttribute('placeholder', 'Loading...');
    await expect.poll(() => requested).toBe(1);
    release();
    await expect(input.first()).toHaveAttribute('placeholder', 'Search Ctrl+K');
  });

  test('search placeholder shows ⌘+K on a Mac and Meta+K focuses it', async ({page}) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'userAgentData', {get: () => ({platform: 'macOS'})});
      Object.defineProperty(Navigator.prototype, 'platform', {get: () => 'MacIntel'});
    });
    await gotoHydrated(page, '/analytics/');
    const input = page.locator('input.navbar__search-input');
    await expect(input).toHaveAttribute('placeholder', 'Search ⌘+K');
    await page.locator('body').click();
    await page.keyboard.press('Meta+k');
    await expect(input).toBeFocused();
  });

  test.describe('mobile sidebar', () => {
    test.use({viewport: {width: 800, height: 900}});

    test('primary menu, secondary menu with "← Back to main menu", closes above 996 px', async ({page}) => {
      await gotoHydrated(page, '/analytics/');
      await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      const sidebar = page.locator('.navbar-sidebar');
      await expect(sidebar).toBeVisible();
      // On a docs page the secondary menu (the docs sidebar) opens first.
      const back = sidebar.getByRole('button', {name: '← Back to main menu'});
      await expect(back).toBeVisible();
      await back.click();
      await expect(sidebar.getByRole('link', {name: 'Blog'})).toBeVisible();
      await expect(sidebar.getByRole('link', {name: 'VIREO API'})).toBeVisible();
      await page.setViewportSize({width: 1200, height: 900});
      await expect(page.locator('html')).not.toHaveClass(/navbar-sidebar--show/);
      await expect(page.locator('.navbar--sidebar-show, .navbar-sidebar--show')).toHaveCount(0);
    });

    test('the closed sidebar prefetches nothing; its links prefetch once it opens and shows them', async ({page}) => {
      // Docusaurus's prefetch(route) answers false for a route it has already prefetched (the site's
      // spread prefetch answers with a promise of that answer).
      const prefetched = (route: string) =>
        page.evaluate(
          async (r) =>
            (await (window as unknown as {docusaurus: {prefetch: (p: string) => unknown}}).docusaurus.prefetch(r)) ===
            false,
          route,
        );
      await gotoHydrated(page, '/vireo/device-configuration/time-api/');
      await page.waitForLoadState('networkidle');
      // The closed sidebar is mounted when the page is idle or the reader reaches for its toggle
      // (src/theme/Navbar/MobileSidebar).
      await page.getByRole('button', {name: 'Toggle navigation bar'}).hover();
      // Links of this page's sidebar only (the closed sidebar holds them all, just off-screen).
      // Asking prefetches the route, so the link checked after opening is not asked before.
      await expect(page.locator('.navbar-sidebar a[href="/vireo/authentication/"]')).toHaveCount(1);
      await page.waitForTimeout(500);
      expect(await prefetched('/vireo/device-configuration/snmp-api/')).toBe(false);
      expect(await prefetched('/vireo/body-worn-systems/')).toBe(false);
      expect(await page.evaluate(() => document.querySelectorAll('link[rel="prefetch"]').length)).toBeLessThan(150);
      await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      const link = page.locator('.navbar-sidebar').getByRole('link', {name: 'Authentication', exact: true});
      await expect(link).toBeVisible();
      await expect.poll(() => prefetched('/vireo/authentication/')).toBe(true);
    });
  });
});

test.describe('footer', () => {
  test('has the three columns, the logo and the 2025 copyright', async ({page}) => {
    await gotoHydrated(page, '/');
    const footer = page.locator('footer');
    for (const [title, links] of [
      ['COMMUNITY', ['Developer community', 'GitHub']],
      ['SOCIAL', ['LinkedIn', 'YouTube']],
      ['LEGAL AND COMPLIANCE', ['Legal', 'Privacy']],
    ] as const) {
      const column = footer.locator('.footer__col', {has: page.locator('.footer__title', {hasText: title})});
      for (const name of links) await expect(column.getByRole('link', {name: new RegExp(`^${name}`)})).toBeVisible();
    }
    await expect(footer.locator('img[src$="logo-dark.svg"]').first()).toBeVisible();
    await expect(footer).toContainText('Copyright © 2025 Lykta');
    await footer.getByRole('link', {name: 'Privacy'}).click();
    await expect(page.getByRole('heading', {level: 1, name: 'Privacy'})).toBeVisible();
  });
});

test.describe('announcement bar', () => {
  test('can be closed, stays closed, and shows again when its id changes', async ({page}) => {
    await gotoHydrated(page, '/');
    const bar = page.locator('.theme-announcement-bar');
    await expect(bar).toBeVisible();
    await bar.getByRole('button', {name: 'Close'}).click();
    await expect(bar).toHaveCount(0);
    await page.reload();
    await expect(page.locator('html[data-has-hydrated="true"]')).toBeAttached();
    await expect(page.locator('.theme-announcement-bar')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');
    // A new announcement (different id) resets the dismissal.
    await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement'));
    await page.reload();
    await expect(page.locator('.theme-announcement-bar')).toBeVisible();
  });
});
