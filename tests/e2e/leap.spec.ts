import {test, expect, gotoHydrated} from '../support/fixtures';

test.describe('LEAP manifest schema pages', () => {
  test('a field page shows the changes, the field tables and a working schema download', async ({page}) => {
    await gotoHydrated(page, '/leap/develop/manifest-schemas/schema-field-descriptions-v1.7.3/');
    const changes = page.locator('article h2#changes-from-previous-schema');
    await expect(changes).toHaveText('Changes from v1.7.2');
    // The list after the heading comes from comparing the two schema files.
    await expect(page.locator('article h2#changes-from-previous-schema + ul')).toContainText('network.useProxy');
    const toc = page.locator('.table-of-contents');
    await expect(toc.locator('a[href="#field-reference"]')).toHaveText('Field reference');
    await expect(toc.locator('a[href="#field-network"]')).toBeAttached();
    const row = page.locator('article table tr', {
      has: page.locator('code', {hasText: /^useProxy$|^network\.useProxy$/}),
    });
    await expect(row.first()).toContainText('boolean');
    await expect(row.first()).toContainText('New in v1.7.3');

    const link = page.locator('article a[href$="/schemas/leap/manifest-v1.7.3.schema.json"]');
    await expect(link).toBeVisible();
    const response = await page.request.get((await link.getAttribute('href'))!);
    expect(response.ok()).toBe(true);
    const schema = (await response.json()) as {$id: string; properties: {schemaVersion: {const: string}}};
    expect(schema.properties.schemaVersion.const).toBe('1.7.3');
  });

  test('LEAP 4 and LEAP 12 render schema v1.6.0 from the same file, each with its own prose', async ({page}) => {
    const intros: string[] = [];
    for (const path of [
      '/leap/4/develop/manifest-schemas/schema-field-descriptions-v1.6.0/',
      '/leap/develop/manifest-schemas/schema-field-descriptions-v1.6.0/',
    ]) {
      await gotoHydrated(page, path);
      await expect(page.locator('article h2#changes-from-previous-schema')).toHaveText('Changes from v1.5.0');
      await expect(page.locator('article table').first()).toContainText('vireo');
      await expect(page.locator('article a[href$="/schemas/leap/manifest-v1.6.0.schema.json"]')).toBeVisible();
      intros.push(await page.locator('article .markdown > p').first().innerText());
    }
    expect(intros[0]).not.toBe(intros[1]);
  });
});
