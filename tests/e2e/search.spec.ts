import {test, expect, emulateConnection, gotoHydrated, search, type Page} from '../support/fixtures';

/** The paths of the search index files the page fetches from now on. */
function indexRequests(page: Page): string[] {
  const indexes: string[] = [];
  page.on('request', (r) => {
    if (/search-index.*\.json/.test(r.url())) indexes.push(new URL(r.url()).pathname);
  });
  return indexes;
}

/** Every page URL an index file holds, once each. */
async function indexedUrls(page: Page, file: string): Promise<string[]> {
  const parts = (await (await page.request.get(file)).json()) as {documents: {u: string}[]}[];
  return [...new Set(parts.flatMap((d) => d.documents.map((doc) => doc.u)))];
}

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
    // The index files leave positions out (src/lib/searchIndexCodec.ts); the worker recomputes them
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

  test('the search worker starts when the page is idle, without fetching an index', async ({page}) => {
    const indexes = indexRequests(page);
    const worker = page.waitForEvent('worker');
    await gotoHydrated(page, '/analytics/');
    await worker;
    await afterIdle(page);
    expect(indexes).toEqual([]);
    const results = await search(page, 'metadata');
    await expect(results.first()).toBeVisible();
    expect(indexes).toEqual(['/search-index.json']);
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

  for (const [start, query, expected] of [
    ['/leap/', 'manifest', /^\/leap\/(?![34]\/)/],
    ['/leap/4/', 'LEAP', /^\/leap\/4\//],
    ['/leap/3/', 'LEAP', /^\/leap\/3\//],
  ] as const) {
    test(`inside ${start} the index and results are that version's`, async ({page}) => {
      const indexes = indexRequests(page);
      await gotoHydrated(page, start);
      const results = await search(page, query);
      await expect(results.first()).toBeVisible();
      // Every document of the loaded index is a page of this version (or a blog post).
      expect(indexes.length).toBeGreaterThan(0);
      for (const index of indexes) {
        const docPages = (await indexedUrls(page, index)).filter((u) => u.startsWith('/leap/'));
        expect(docPages.length).toBeGreaterThan(0);
        expect(docPages.filter((u) => !expected.test(u))).toEqual([]);
      }
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toMatch(expected);
    });
  }

  // One index per collection (docusaurus.config.ts, searchContextByPaths), each page in one index only.
  for (const [start, file, query, belongs] of [
    ['/support/', '/search-index.json', 'troubleshooting', (u: string) => !/^\/(vireo|leap)\//.test(u)],
    ['/leap/develop/', '/search-index-leap.json', 'manifest', (u: string) => /^\/leap\/(?![34]\/)/.test(u)],
    [
      '/vireo/',
      '/search-index-vireo.json',
      'time zones',
      (u: string) => u.startsWith('/vireo/') && !u.startsWith('/vireo/network-video/'),
    ],
    [
      '/vireo/network-video/',
      '/search-index-vireo-network-video.json',
      'RTSP',
      (u: string) => u.startsWith('/vireo/network-video/'),
    ],
  ] as const) {
    test(`from ${start} search loads ${file} only, which holds that collection's pages only`, async ({page}) => {
      const indexes = indexRequests(page);
      await gotoHydrated(page, start);
      const results = await search(page, query);
      await expect(results.first()).toBeVisible();
      expect(indexes).toEqual([file]);
      const urls = await indexedUrls(page, file);
      expect(urls.length).toBeGreaterThan(10);
      expect(urls.filter((u) => !u.startsWith('/blog/') && !belongs(u))).toEqual([]);
      await page.keyboard.press('Enter');
      await expect.poll(() => belongs(new URL(page.url()).pathname)).toBe(true);
    });
  }

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
