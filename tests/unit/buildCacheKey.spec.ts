import {test, expect} from '@playwright/test';
import {settingsKey} from '../../src/plugins/file-dependencies';

// The bundler's cache is keyed on the site's LYKTA_* settings too (src/plugins/file-dependencies):
// a build after switching one must not reuse modules compiled with the other.

test('the cache key changes with any LYKTA_ setting and with nothing else', () => {
  const base = {PATH: '/usr/bin', HOME: '/root'};
  const site = settingsKey(base);
  expect(settingsKey({...base, PATH: '/bin', CI: '1'})).toBe(site);
  const stock = settingsKey({...base, LYKTA_PERF_OFF: 'all'});
  expect(stock).not.toBe(site);
  expect(settingsKey({...base, LYKTA_PERF_OFF: 'diagramPrerender'})).not.toBe(stock);
  expect(settingsKey({...base, LYKTA_OFFLINE: 'off'})).not.toBe(site);
  // Order of the variables does not matter; an empty value is still a setting.
  expect(settingsKey({LYKTA_B: '1', LYKTA_A: '2'})).toBe(settingsKey({LYKTA_A: '2', LYKTA_B: '1'}));
  expect(settingsKey({LYKTA_COLOR_MODE: ''})).not.toBe(settingsKey({}));
  expect(site).toMatch(/^[0-9a-f]{12}$/);
});
