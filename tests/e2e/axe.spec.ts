import AxeBuilder from '@axe-core/playwright';
import {test, expect, gotoHydrated, renderAllDiagrams} from '../support/fixtures';

const PAGES = [
  '/',
  '/analytics/',
  '/vireo/',
  '/vireo/device-configuration/time-api/',
  '/leap/',
  '/leap/4/',
  '/leap/3/',
  '/blog/2024/11/13/vireo/',
  '/no-such-page/',
];

for (const mode of ['light', 'dark'] as const) {
  for (const path of PAGES) {
    test(`no serious or critical axe violations on ${path} in ${mode} mode`, async ({page, consoleGuard}) => {
      consoleGuard.allow(/status of 404/);
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await gotoHydrated(page, path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
      await renderAllDiagrams(page);
      const results = await new AxeBuilder({page}).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id}: ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(', ')}`,
        );
      expect(serious).toEqual([]);
    });
  }
}
