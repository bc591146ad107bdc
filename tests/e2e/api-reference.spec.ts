import fs from 'node:fs';
import path from 'node:path';
import {test, expect, gotoHydrated, search} from '../support/fixtures';
import {ROOT} from '../support/files';
import {documentUses, routeOf} from '../support/openapi';

const PAGE = '/vireo/device-configuration/time-api/';

test.describe('VIREO API pages', () => {
  test('an operation has a real heading with its anchor, a table-of-contents entry and details', async ({page}) => {
    await gotoHydrated(page, `${PAGE}#set-time-zone`);
    const heading = page.locator('article h3#set-time-zone');
    await expect(heading).toHaveText(/Set the time zone/);
    await expect(heading).toBeInViewport();
    await expect(heading.getByRole('link', {name: 'Direct link to Set the time zone'})).toHaveAttribute(
      'href',
      '#set-time-zone',
    );
    await expect(page.locator('article h2#time-zone')).toHaveText(/Time zone/);
    const toc = page.locator('.table-of-contents');
    await expect(toc.locator('a[href="#set-time-zone"]')).toHaveText('Set the time zone');
    await expect(toc.locator('a[href="#time-zone"]')).toHaveText('Time zone');

    // The operation's block right after its heading: method, full path, role, curl.
    const block = page.locator('article h3#set-time-zone + div');
    await expect(block).toContainText('PUT');
    await expect(block).toContainText('/vireo/time/v1/time-zone');
    await expect(block).toContainText('Minimum role: admin');
    await expect(block.locator('table').first()).toContainText('timeZone');
    await expect(block.locator('pre').last()).toContainText("-X PUT 'https://192.0.2.10/vireo/time/v1/time-zone'");
    await expect(block).toContainText('time.unknown_time_zone');
  });

  test('the Download OpenAPI link serves the bundled document the page was rendered from', async ({page}) => {
    await gotoHydrated(page, PAGE);
    const link = page.getByRole('link', {name: 'Download OpenAPI'});
    await expect(link).toHaveAttribute('href', '/openapi/bundled/device-configuration/time-api.yaml');
    const response = await page.request.get('/openapi/bundled/device-configuration/time-api.yaml');
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).toContain('openapi: 3.1.0');
    expect(body).toContain('operationId: setTimeZone');
    // Self-contained: the shared components are inside, no reference leaves the file.
    expect(body).not.toContain('common.yaml');
    expect(body).toContain('#/components/responses/Unauthorized');
    const json = page.getByRole('link', {name: 'JSON', exact: true});
    await expect(json).toHaveAttribute('href', '/openapi/bundled/device-configuration/time-api.json');
    const parsed = (await (await page.request.get('/openapi/bundled/device-configuration/time-api.json')).json()) as {
      info: {title: string};
    };
    expect(parsed.info.title).toBe('Time API');
    // The sources stay published too, for readers who follow a reference by hand.
    expect((await page.request.get('/openapi/common.yaml')).status()).toBe(200);
  });

  test('the page shows security with its scope, response headers and request headers', async ({page}) => {
    await gotoHydrated(page, PAGE);
    const block = page.locator('article h3#set-time-zone + div');
    await expect(block).toContainText(
      'Authentication: HTTP Digest, HTTP Basic or OAuth 2.0 bearer token (scope vireo:admin)',
    );
    // 401 names its challenge header, 429 its Retry-After.
    await expect(block.locator('table', {hasText: 'Errors'})).toContainText('Header WWW-Authenticate');
    await expect(block.locator('table', {hasText: 'Errors'})).toContainText('Header Retry-After');
  });

  test('operations are in the static HTML, without JavaScript', async ({browser}) => {
    const context = await browser.newContext({javaScriptEnabled: false});
    const page = await context.newPage();
    await page.goto(PAGE);
    await expect(page.locator('h3#get-clock')).toHaveText(/Read the current time/);
    await expect(page.locator('article')).toContainText('Operation ID: getClock');
    await expect(page.locator('article table').first()).toBeVisible();
    await context.close();
  });

  test('search finds an API by an operation on its page', async ({page}) => {
    await gotoHydrated(page, '/vireo/');
    const results = await search(page, 'supported time zones');
    // The operation's h3 is indexed like a hand-written heading: the hit is titled by it.
    const hit = results
      .filter({has: page.locator('[class*="hitTitle_"]', {hasText: 'List the supported time zones'})})
      .first();
    await expect(hit).toBeVisible();
    await hit.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(PAGE);
    await expect(page.locator('h3#list-time-zones')).toBeInViewport();
  });

  test('every API page links its bundled OpenAPI document, and the document is in the build', () => {
    const pages = [...documentUses()].filter(([, names]) => names.length > 0);
    expect(pages.length).toBeGreaterThan(0);
    for (const [page, names] of pages) {
      const html = fs.readFileSync(path.join(ROOT, 'build', routeOf(page), 'index.html'), 'utf8');
      for (const name of names) {
        // The HTML is minified, so the attribute may be unquoted.
        expect(html, `${page} links ${name}.yaml`).toMatch(new RegExp(`href="?/openapi/bundled/${name}\\.yaml[" >]`));
        for (const file of [`openapi/bundled/${name}.yaml`, `openapi/bundled/${name}.json`, `openapi/${name}.yaml`])
          expect(fs.existsSync(path.join(ROOT, 'build', file)), `build/${file}`).toBe(true);
      }
    }
  });
});

test.describe('VIREO error code index', () => {
  test('lists shared and per-API codes with status and advice, linking to the operations that answer them', async ({
    page,
  }) => {
    await gotoHydrated(page, '/vireo/error-codes/');
    const shared = page.locator('article table').first();
    await expect(shared.locator('tr', {hasText: 'auth.insufficient_role'})).toContainText('403');
    const row = page.locator('article tr', {hasText: 'time.unknown_time_zone'});
    await expect(row).toContainText('422');
    await row.getByRole('link', {name: 'PUT /time-zone'}).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/vireo/device-configuration/time-api/');
    expect(new URL(page.url()).hash).toBe('#set-time-zone');
    await expect(page.locator('h3#set-time-zone')).toBeInViewport();
  });

  test('request headers such as If-Match are listed with the parameters', async ({page}) => {
    await gotoHydrated(page, '/vireo/applications/application-configuration-api/');
    const parameters = page.locator('article .openapi-operation table', {hasText: 'If-Match'}).first();
    await expect(parameters.locator('tr', {hasText: 'If-Match'})).toContainText('header');
  });
});

test.describe('VIREO event catalogue', () => {
  test('a topic has its own heading with members, raising API, release and example', async ({page}) => {
    await gotoHydrated(page, '/vireo/events/#device-io-port');
    const heading = page.locator('article h3#device-io-port');
    await expect(heading).toHaveText(/lykta:device\/io\/port/);
    await expect(heading).toBeInViewport();
    const toc = page.locator('.table-of-contents');
    await expect(toc.locator('a[href="#device-io-port"]')).toHaveText('lykta:device/io/port');
    // What follows the heading, up to the next topic: facts, member tables, example.
    const section = page.locator('article h3#device-io-port ~ *:not(h3#device-io-port ~ h3 ~ *):not(h3)');
    await expect(section.locator('tr', {hasText: 'direction'}).first()).toContainText('input');
    await expect(section.filter({hasText: 'Since: LyktaOS'}).first()).toBeVisible();
    await expect(section.locator('pre').first()).toContainText('"topic": "lykta:device/io/port"');
    await section.getByRole('link', {name: 'I/O port management', exact: false}).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/vireo/network-video/io-port-management/');
  });

  test("an API page's events table comes from the catalogue and links to each topic there", async ({page}) => {
    await gotoHydrated(page, '/vireo/network-video/thermometry/');
    const table = page.locator('article table', {hasText: 'When it fires'});
    const row = table.locator('tr', {hasText: 'lykta:thermometry/alarm'});
    await expect(row).toContainText('valueCelsius');
    await expect(row).toContainText('LyktaOS');
    await row.getByRole('link', {name: 'lykta:thermometry/alarm'}).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/vireo/events/');
    expect(new URL(page.url()).hash).toBe('#thermometry-alarm');
    await expect(page.locator('h3#thermometry-alarm')).toBeInViewport();
  });

  test('the AsyncAPI document downloads and search finds a topic', async ({page, request}) => {
    await gotoHydrated(page, '/vireo/events/');
    const href = await page.locator('article a[download]', {hasText: 'vireo-events.yaml'}).getAttribute('href');
    expect(href).toBe('/asyncapi/vireo-events.yaml');
    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(await response.text()).toMatch(/^asyncapi: 3\.0\.0$/m);
    const results = await search(page, 'lykta:thermometry/alarm');
    const hit = results
      .filter({has: page.locator('[class*="hitTitle_"]', {hasText: 'lykta:thermometry/alarm'})})
      .first();
    await expect(hit).toBeVisible();
  });
});
