import {test, expect, gotoHydrated, type Page} from '../support/fixtures';

/**
 * Records the desktop sidebar's and table of contents' links as the theme removes them (on a phone,
 * once it knows the window size), and how many of them React had hydrated: a hydrated element carries
 * React's `__reactFiber$…` property until React lets go of it, after the removal.
 */
async function probeHydration(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as {probe: {links: number; hydrated: number}};
    w.probe = {links: 0, hydrated: 0};
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of Array.from(record.removedNodes)) {
          if (!(node instanceof Element)) continue;
          const links = Array.from(node.querySelectorAll('a.menu__link, a.table-of-contents__link'));
          w.probe.links += links.length;
          w.probe.hydrated += links.filter((a) => Object.keys(a).some((k) => k.startsWith('__reactFiber$'))).length;
        }
      // The document is still empty when this runs: watch all of it.
    }).observe(document, {childList: true, subtree: true});
  });
}
const probed = (page: Page) =>
  page.evaluate(() => (window as unknown as {probe: {links: number; hydrated: number}}).probe);

// What the page-start customisations leave to readers (src/theme/Navbar/MobileSidebar,
// src/components/DesktopOnly): the same pages, with less work while they start on a phone.

test.describe('on a phone', () => {
  test.use({viewport: {width: 412, height: 823}, isMobile: true, hasTouch: true});

  test('a doc page starts without the hidden desktop parts or the closed mobile sidebar, and without a hydration error', async ({
    page,
  }) => {
    // A page that never gets idle: the closed mobile sidebar waits for the reader.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    const response = await page.request.get('/vireo/device-configuration/time-api/');
    const html = await response.text();
    // The server's HTML still has the desktop sidebar and table of contents (hidden by CSS at this width).
    expect(html).toMatch(/class="?lykta-desktop-only"?[^>]*><div class="?sidebar_/);
    expect(html).toContain('table-of-contents__link');
    await probeHydration(page);
    await gotoHydrated(page, '/vireo/device-configuration/time-api/');
    await page.waitForLoadState('networkidle');
    // The server's desktop links were there until the theme removed them, and React had left them alone.
    const probe = await probed(page);
    expect(probe.links).toBeGreaterThan(20);
    expect(probe.hydrated).toBe(0);
    // The theme unmounts both once it knows the window size; the mobile sidebar waits for its toggle.
    await expect(page.locator('.theme-doc-sidebar-container a')).toHaveCount(0);
    await expect(page.locator('.theme-doc-toc-desktop')).toHaveCount(0);
    await expect(page.locator('.navbar-sidebar')).toHaveCount(0);
    // The table of contents for phones is there and works.
    await page.locator('.theme-doc-toc-mobile button').click();
    await expect(page.locator('.theme-doc-toc-mobile a').first()).toBeVisible();
  });

  test('the closed mobile sidebar is mounted once the page is idle, and prefetches nothing', async ({page}) => {
    await gotoHydrated(page, '/vireo/device-configuration/time-api/');
    await expect(page.locator('.navbar-sidebar a[href="/vireo/authentication/"]')).toHaveCount(1);
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const prefetched = await page.evaluate(() =>
      Array.from(document.querySelectorAll('link[rel="prefetch"]')).map((l) => (l as HTMLLinkElement).href),
    );
    expect(prefetched.length).toBeLessThan(150);
  });

  test('tapping the toggle opens the sidebar, which slides in, and it closes again', async ({page}) => {
    // Before the page is idle (which mounts it anyway): the tap itself must mount it in time.
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    await gotoHydrated(page, '/analytics/');
    // Transitions that run on the sidebar: it must exist, closed, before the tap's click opens it.
    await page.evaluate(() => {
      const w = window as unknown as {slid: string[]};
      w.slid = [];
      document.addEventListener(
        'transitionrun',
        (e) => {
          if ((e.target as Element).classList.contains('navbar-sidebar'))
            w.slid.push((e as TransitionEvent).propertyName);
        },
        true,
      );
    });
    const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
    await toggle.tap();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar).toBeVisible();
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
    await expect(sidebar.getByRole('link', {name: 'Overview'}).first()).toBeVisible();
    // Mounted before the tap's click, so the theme's slide-in transition ran.
    await expect.poll(() => page.evaluate(() => (window as unknown as {slid: string[]}).slid)).toContain('transform');
    await page.getByRole('button', {name: 'Close navigation bar'}).click();
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
  });

  test('keyboard: focusing the toggle and pressing Enter opens the sidebar', async ({page}) => {
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    await gotoHydrated(page, '/analytics/');
    await expect(page.locator('.navbar-sidebar')).toHaveCount(0);
    await page.getByRole('button', {name: 'Toggle navigation bar'}).focus();
    await expect(page.locator('.navbar-sidebar')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
  });

  test('widened to a desktop after loading, the doc sidebar and table of contents appear and work', async ({page}) => {
    await gotoHydrated(page, '/vireo/device-configuration/time-api/');
    await page.setViewportSize({width: 1280, height: 900});
    const sidebar = page.locator('.theme-doc-sidebar-container');
    await expect(sidebar.getByRole('link', {name: 'Time API', exact: true})).toBeVisible();
    await expect(page.locator('.theme-doc-toc-desktop a').first()).toBeVisible();
    // Interactive (rendered by React, not leftover HTML): a category collapses on click.
    const category = sidebar.locator('.menu__list-item-collapsible', {hasText: 'Device configuration'}).first();
    const expanded = category.locator('a[aria-expanded], button[aria-expanded]').first();
    await expect(expanded).toHaveAttribute('aria-expanded', 'true');
    await expanded.click();
    await expect(expanded).toHaveAttribute('aria-expanded', 'false');
  });
});

test('on a desktop, the doc sidebar and table of contents hydrate as before', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 900});
  await probeHydration(page);
  await gotoHydrated(page, '/vireo/device-configuration/time-api/');
  // Narrowed to a phone's width, the theme removes the hydrated desktop parts: the probe sees them hydrated.
  await page.setViewportSize({width: 412, height: 823});
  await expect.poll(async () => (await probed(page)).links).toBeGreaterThan(20);
  const probe = await probed(page);
  expect(probe.hydrated).toBe(probe.links);
  await page.setViewportSize({width: 1280, height: 900});
  const sidebar = page.locator('.theme-doc-sidebar-container');
  await expect(sidebar.getByRole('link', {name: 'Time API', exact: true})).toHaveAttribute('aria-current', 'page');
  const category = sidebar.locator('.menu__list-item-collapsible', {hasText: 'Device configuration'}).first();
  const expanded = category.locator('a[aria-expanded], button[aria-expanded]').first();
  await expanded.click();
  await expect(expanded).toHaveAttribute('aria-expanded', 'false');
  await page.locator('.theme-doc-toc-desktop a').first().click();
  await expect(page).toHaveURL(/#/);
});
