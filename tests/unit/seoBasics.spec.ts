import {test, expect} from '@playwright/test';
import {seoFindings} from '../support/seoBasics';

const page = (head: string, body = '') =>
  `<!doctype html><html lang="en"><head><title>T</title>${head}</head><body>${body}</body></html>`;
const GOOD_HEAD =
  '<meta name="description" content="What this page is about."><link rel="canonical" href="https://developer.lykta.example/x/">';

test('a complete page has no findings', () => {
  expect(seoFindings(page(GOOD_HEAD, '<a href="/x/">Read more<span class="sr-only"> about VIREO</span></a>'))).toEqual(
    [],
  );
});

test('missing or empty title, description, language and canonical are found', () => {
  expect(seoFindings('<html><head></head><body></body></html>')).toEqual([
    'no lang on <html>',
    'no <title>',
    'no meta description',
    '0 canonical links',
  ]);
  expect(seoFindings(page('<meta name="description" content=" "><link rel="canonical" href="/x/">'))).toEqual([
    'an empty meta description',
    'canonical "/x/" is not an absolute https URL',
  ]);
  expect(seoFindings(page('<meta name="description" content="a">'), {noCanonical: true})).toEqual([]);
});

test('noindex and links that do not say where they go are found, whatever their aria-label', () => {
  const findings = seoFindings(
    page(
      `${GOOD_HEAD}<meta name="robots" content="noindex, follow">`,
      '<a href="/a/" aria-label="Read more about A"><b>Read  more</b></a><a href="/b/">here</a><a>more</a><a href="/c/">More about C</a>',
    ),
  );
  expect(findings).toEqual(['robots "noindex, follow"', 'link "Read more" to /a/', 'link "here" to /b/']);
});
