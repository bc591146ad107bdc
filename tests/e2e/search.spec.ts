import {test, expect, emulateConnection, gotoHydrated, search, listedPages, type Page} from '../support/fixtures';

/** The paths of the search files (documents and index of each collection) the page fetches from now on. */
function searchFileRequests(page: Page): string[] {
  const files: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/search\/.*\.json$/.test(r.url())) files.push(new URL(r.url()).pathname);
  });
  return files;
}

/**
 * The collection a search file belongs to: its index directory `main-index-<token>.json`, its term
 * files `main-terms-<hash>.json` and its documents files `main-docs-<hash>.json` → main.
 */
const indexCollection = (file: string) => /\/([a-z0-9-]+?)-(index|terms|docs)-[0-9a-f]+\.json$/.exec(file)?.[1];

/** The group labels shown in the result list, in order. */
const groupLabels = (page: Page) =>
  page.locator('.navbar__search [role="option"] .lykta-search-group').allTextContents();

/** Waits until every collection the page searches has loaded. */
const allLoaded = (page: Page) =>
  page.locator('.lykta-search[data-search-ready="true"]').waitFor({state: 'attached', timeout: 30_000});

test.describe('search', () => {
  test('finds pages of the main collection, with title, subcategory and text; choosing one highlights the words', async ({
    page,
  }) => {
    await gotoHydrated(page, '/analytics/');
    const results = await search(page, 'discovery');
    await expect(results.first()).toBeVisible();
    const first = results.first();
    await expect(first.locator('[class*="hitTitle_"]')).not.toBeEmpty();
    await expect(first.locator('[class*="hitPath_"]')).not.toBeEmpty();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/_highlight=discovery/);
    await expect(page.locator('article mark').first()).toBeVisible();
    await expect(page.locator('article mark').first()).toHaveText(/discovery/i);
  });

  test('previews of matches inside a section centre on the matched words, stemmed forms included', async ({page}) => {
    // The term files leave positions out (src/lib/search/shards.ts); the worker recomputes them
    // for the results shown, and the preview cuts its excerpt around them and marks them.
    await gotoHydrated(page, '/analytics/');
    const results = await search(page, 'subscribers');
    await expect(results.first()).toBeVisible();
    const excerpts = results.locator('[class*="hitTitle_"]').filter({hasText: /^…/});
    await expect(excerpts.first()).toBeVisible();
    const marked = await excerpts.locator('mark').allTextContents();
    expect(marked.length).toBeGreaterThan(0);
    for (const word of marked) expect(word).toMatch(/subscri/i);
    // "subscribes" or "subscriber" match "subscribers" only through the stemmer's positions.
    expect(marked.some((w) => w.toLowerCase() !== 'subscribers')).toBe(true);
  });

  /** Resolves once the page has been idle: idle callbacks run in order, so the search bar's has run. */
  const afterIdle = (page: Page) =>
    page.evaluate(() => new Promise<void>((r) => requestIdleCallback(() => r(), {timeout: 5000})));

  test('the search worker starts when the page is idle, without fetching a search file', async ({page}) => {
    const files = searchFileRequests(page);
    const worker = page.waitForEvent('worker');
    await gotoHydrated(page, '/analytics/');
    await worker;
    await afterIdle(page);
    await page.waitForTimeout(300);
    expect(files).toEqual([]);
    const results = await search(page, 'metadata');
    await expect(results.first()).toBeVisible();
    // The collection being read loads first (its two files), then the others.
    expect(files.slice(0, 2).map((f) => f.replace(/-[0-9a-f]+\.json$/, ''))).toEqual(
      expect.arrayContaining(['/assets/search/search-doc', '/assets/search/main-index']),
    );
    expect(page.workers()).toHaveLength(1);
  });

  test('with save-data on, the worker waits for the search box', async ({page}) => {
    await emulateConnection(page, {effectiveType: '4g', saveData: true});
    await gotoHydrated(page, '/analytics/');
    await afterIdle(page);
    await page.waitForTimeout(300);
    expect(page.workers()).toHaveLength(0);
    const results = await search(page, 'metadata');
    await expect(results.first()).toBeVisible();
    expect(page.workers()).toHaveLength(1);
  });

  test('the search page lists matches with marked words, and links into the site', async ({page}) => {
    await gotoHydrated(page, '/search/?q=subscribers');
    const items = page.locator('article[class*="searchResultItem_"]');
    await expect(items.first()).toBeVisible();
    expect(await items.count()).toBeGreaterThan(3);
    // Section summaries are cut around the matched words, which need the recomputed positions.
    await expect(items.locator('[class*="searchResultItemSummary"] mark').first()).toHaveText(/subscri/i);
    const href = await items.first().locator('a').first().getAttribute('href');
    expect(href).toMatch(/^\/(?!search)/);
  });

  for (const [start, query, own, versionRe] of [
    ['/leap/', 'manifest', 'leap-12', /^\/leap\/(?![34]\/)/],
    ['/leap/4/', 'manifest', 'leap-4', /^\/leap\/4\//],
    ['/leap/3/', 'LEAP', 'leap-3', /^\/leap\/3\//],
  ] as const) {
    test(`inside ${start} that version answers first and no other LEAP version is listed`, async ({page}) => {
      const files = searchFileRequests(page);
      await gotoHydrated(page, start);
      const results = await search(page, query);
      await expect(results.first()).toBeVisible();
      await allLoaded(page);
      expect(indexCollection(files.find((f) => indexCollection(f)) ?? '')).toBe(own);
      // No index of another LEAP version is fetched, and no page of one is listed.
      expect(files.map(indexCollection).filter((c) => c?.startsWith('leap-') && c !== own)).toEqual([]);
      await page.locator('input.navbar__search-input').fill('');
      await page.locator('input.navbar__search-input').fill(query);
      await expect.poll(() => listedPages(page)).not.toEqual([]);
      const pages = await listedPages(page);
      expect(pages.filter((u) => u.startsWith('/leap/') && !versionRe.test(u))).toEqual([]);
      expect(pages[0]).toMatch(versionRe);
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toMatch(versionRe);
    });
  }

  // Results from the whole site, from any page: the collection being read loads first, the others follow.
  for (const [start, query, expected, label] of [
    ['/', 'time zone', '/vireo/network-video/time-api/', 'VIREO network video'],
    ['/', 'guard tour', '/vireo/network-video/guard-tour-api/', 'VIREO network video'],
    ['/', 'application signing', '/leap/service/leap-application-signing/', 'LEAP 12'],
    [
      '/vireo/',
      'scene metadata mqtt',
      '/analytics/scene-metadata/how-to-guides/scene-metadata-over-mqtt/',
      'Main docs',
    ],
    ['/leap/', 'application api', '/vireo/applications/application-api/', 'VIREO'],
  ] as const) {
    test(`from ${start}, "${query}" finds ${expected} under its collection's label`, async ({page}) => {
      await gotoHydrated(page, start);
      const results = await search(page, query);
      await expect(results.first()).toBeVisible();
      await allLoaded(page);
      await expect.poll(async () => (await listedPages(page)).slice(0, 5)).toContain(expected);
      expect(await groupLabels(page)).toContain(label);
      const hit = page.locator(`.navbar__search [role="option"]:has([data-url="${expected}"])`).first();
      await hit.click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(expected);
    });
  }

  test('the collection being read answers before the others have loaded; theirs follow, grouped and labelled', async ({
    page,
  }) => {
    // Hold back every file of the other collections.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/assets\/search\/(?!main-)[a-z0-9-]+-index-[0-9a-f]+\.json$/, async (route) => {
      await held;
      await route.continue();
    });
    await gotoHydrated(page, '/analytics/');
    const results = await search(page, 'configuration');
    await expect(results.first()).toBeVisible();
    expect(await groupLabels(page)).toEqual(['Main docs']);
    release();
    await expect.poll(() => groupLabels(page)).toContain('VIREO device configuration');
    const labels = await groupLabels(page);
    expect(labels).toEqual(expect.arrayContaining(['Main docs', 'VIREO', 'VIREO network video', 'LEAP 12']));
    expect(new Set(labels).size).toBe(labels.length);
  });

  test('an exact page title ranks first wherever it lives', async ({page}) => {
    await gotoHydrated(page, '/analytics/');
    await search(page, 'Guard Tour API');
    await allLoaded(page);
    await page.locator('input.navbar__search-input').fill('');
    await page.locator('input.navbar__search-input').fill('Guard Tour API');
    await expect.poll(async () => (await listedPages(page))[0]).toBe('/vireo/network-video/guard-tour-api/');
    await expect(page.locator('.navbar__search [role="option"]').first()).toContainText('VIREO network video');
  });

  // Tables and rendered API operations are indexed: parameter and field names, error codes, methods and paths.
  for (const [query, expected] of [
    ['nextCursor', /^\/vireo\//],
    ['synchronizeNow', /^\/vireo\/device-configuration\/network-time-sync-api\/$/],
    ['autoRollbackSeconds', /^\/vireo\//],
  ] as const) {
    test(`a name that appears only in the API reference tables, ${query}, finds its page`, async ({page}) => {
      await gotoHydrated(page, '/');
      await search(page, query);
      await allLoaded(page);
      await page.locator('input.navbar__search-input').fill('');
      await page.locator('input.navbar__search-input').fill(query);
      await expect.poll(async () => (await listedPages(page)).slice(0, 5).some((u) => expected.test(u))).toBe(true);
    });
  }

  test('the search files follow the data contract: search-doc-<token>.json and <name>-index-<token>.json', async ({
    page,
  }) => {
    const files = searchFileRequests(page);
    await gotoHydrated(page, '/vireo/');
    await search(page, 'time');
    await allLoaded(page);
    const docs = files.filter((f) => /\/search-doc-[0-9a-f]{16}\.json$/.test(f));
    const indexes = files.filter((f) => /\/[a-z0-9-]+-index-[0-9a-f]{16}\.json$/.test(f));
    expect(docs.length).toBeGreaterThanOrEqual(4);
    expect(indexes.length).toBe(docs.length);
    for (const doc of docs) {
      const body = (await (await page.request.get(doc)).json()) as {
        searchDocs: unknown[][];
        options: {highlightResult: boolean; maxHits: number};
      };
      expect(Array.isArray(body.searchDocs)).toBe(true);
      expect(body.options).toEqual({highlightResult: true, maxHits: 8});
      // The documents file and the index file of a collection share their token.
      const token = /search-doc-([0-9a-f]+)\.json$/.exec(doc)![1];
      expect(indexes.some((i) => i.endsWith(`-index-${token}.json`))).toBe(true);
    }
  });

  for (const [query, title, path] of [
    ['Zipstream', 'Zipstream bitrate reduction', '/video-streaming-and-recording/zipstream/'],
    [
      'Rekognition',
      'Hard-hat detection with Amazon Rekognition',
      '/computer-vision/how-to-guides/hard-hat-detection-with-amazon-rekognition/',
    ],
    ['quantization', 'Quantization', '/computer-vision/computer-vision-on-device/quantization/'],
    [
      'scene metadata MQTT',
      'Consume scene metadata over MQTT',
      '/analytics/scene-metadata/how-to-guides/scene-metadata-over-mqtt/',
    ],
    ['signed video', 'Signed video', '/video-streaming-and-recording/signed-video/'],
  ] as const) {
    test(`finds "${title}" by its key term "${query}"`, async ({page}) => {
      await gotoHydrated(page, '/');
      const results = await search(page, query);
      const hit = results.filter({has: page.locator('[class*="hitTitle_"]', {hasText: title})}).first();
      await expect(hit).toBeVisible();
      await hit.click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(path);
    });
  }

  const hostile = [
    '<img src=x onerror="window.__xss=1">',
    '"><script>window.__xss=1</script>',
    '.*+?^${}()|[]\\',
    '(((((((((((',
    '🛰️📷 camera',
    'a'.repeat(2048),
  ];
  for (const query of hostile) {
    test(`a hostile query renders as text: ${JSON.stringify(query.slice(0, 30))}`, async ({page}) => {
      await gotoHydrated(page, '/support/');
      await search(page, query);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as {__xss?: number}).__xss)).toBeUndefined();
      await expect(page.locator('.navbar__search img[src="x"], .navbar__search script')).toHaveCount(0);
      await expect(page.locator('input.navbar__search-input')).toHaveValue(query);
    });
  }

  test('a hostile _highlight parameter never executes', async ({page}) => {
    const payload = encodeURIComponent(
      JSON.stringify(['<img src=x onerror="window.__xss=1">', '"><svg onload=window.__xss=1>', '.*(']),
    );
    await gotoHydrated(page, `/vireo/?_highlight=${payload}`);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as {__xss?: number}).__xss)).toBeUndefined();
    await expect(page.locator('article img[src="x"], article svg[onload]')).toHaveCount(0);
    await expect(page.locator('article h1')).toBeVisible();
  });
});
