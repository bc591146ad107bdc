import {test, expect} from '@playwright/test';
import {
  buildPageViewUrl,
  isTrackingEnabled,
  stripQueryFromUrl,
  trackerEndpoint,
  validateTrackerSettings,
} from '../../src/lib/pageView';

test('stripQueryFromUrl drops the query and the fragment', () => {
  expect(stripQueryFromUrl('https://d.example/vireo/?a=1&b=2#x')).toBe('https://d.example/vireo/');
  expect(stripQueryFromUrl('https://d.example/vireo/#x?y')).toBe('https://d.example/vireo/');
  expect(stripQueryFromUrl('/leap/')).toBe('/leap/');
  expect(stripQueryFromUrl('')).toBe('');
});

test('trackerEndpoint joins without doubling the slash', () => {
  expect(trackerEndpoint('https://t.example/')).toBe('https://t.example/matomo.php');
  expect(trackerEndpoint('https://t.example/stats')).toBe('https://t.example/stats/matomo.php');
});

test('buildPageViewUrl sends site id, clean URL and title only', () => {
  const url = new URL(
    buildPageViewUrl(
      {trackerUrl: 'https://t.example/', siteId: '3'},
      {url: 'https://d.example/a/?q=secret', title: 'A & B | Hub'},
      0.5,
    ),
  );
  expect(url.searchParams.get('idsite')).toBe('3');
  expect(url.searchParams.get('url')).toBe('https://d.example/a/');
  expect(url.searchParams.get('action_name')).toBe('A & B | Hub');
  expect(url.searchParams.get('rec')).toBe('1');
  expect(url.searchParams.get('rand')).toBe('500000000');
  expect(url.toString()).not.toContain('secret');
});

test('tracking is enabled only with both settings', () => {
  expect(isTrackingEnabled({trackerUrl: '', siteId: ''})).toBe(false);
  expect(isTrackingEnabled({trackerUrl: 'https://t.example/', siteId: ''})).toBe(false);
  expect(isTrackingEnabled(undefined)).toBe(false);
  expect(isTrackingEnabled({trackerUrl: 'https://t.example/', siteId: '1'})).toBe(true);
});

test('validateTrackerSettings reports half or malformed settings', () => {
  expect(validateTrackerSettings({})).toEqual([]);
  expect(validateTrackerSettings({trackerUrl: 'https://t.example/', siteId: '1'})).toEqual([]);
  expect(validateTrackerSettings({siteId: '1'})).toEqual(['siteId is set but trackerUrl is not']);
  expect(validateTrackerSettings({trackerUrl: 'javascript:alert(1)', siteId: '1'})[0]).toMatch(/http\(s\) URL/);
  expect(validateTrackerSettings({trackerUrl: 'https://t.example/', siteId: 'abc'})[0]).toMatch(/positive integer/);
});
