/**
 * Every page of the build has what search engines and Lighthouse's SEO audits need
 * (tests/support/seoBasics.ts): title, meta description, language, canonical URL, no noindex, and
 * link texts that say where they go. Reads the production build's HTML from disk.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {filesUnder, ROOT} from '../support/files';
import {seoFindings} from '../support/seoBasics';
import {SERVERS} from '../support/servers';

const BUILD = path.resolve(ROOT, SERVERS.main.dir);

test('every page of the build has a title, a description, a canonical URL, no noindex and descriptive link texts', () => {
  test.setTimeout(180_000);
  const files = filesUnder(BUILD, /\.html$/);
  expect(files.length, 'HTML files in the build').toBeGreaterThan(400);
  const report: string[] = [];
  for (const file of files) {
    const page = `/${path.relative(BUILD, file)}`;
    // The Not Found page answers any unknown path, the offline notice any page not kept offline (the
    // service worker serves it): neither has a URL of its own to be canonical.
    const findings = seoFindings(fs.readFileSync(file, 'utf8'), {
      noCanonical: page === '/404.html' || page === '/offline/notice.html',
    });
    for (const f of findings) report.push(`${page}: ${f}`);
  }
  expect(report.join('\n'), `${new Set(report.map((l) => l.split(':')[0])).size} pages`).toBe('');
});
