/**
 * Every built page shows its Markdown rendered: no admonition fence, link syntax, emphasis marker,
 * comment or heading marker is left in its visible text outside code (tests/support/rawMarkdown.ts).
 * Reads the HTML files of the production build from disk; no browser or server needed.
 * RENDERED_BUILD_DIR checks another output folder (a build made with `--out-dir`).
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {filesUnder, ROOT} from '../support/files';
import {findRawMarkdown} from '../support/rawMarkdown';
import {SERVERS} from '../support/servers';

const BUILD = path.resolve(ROOT, process.env.RENDERED_BUILD_DIR ?? SERVERS.main.dir);

test('no page of the build shows raw Markdown or MDX syntax outside code', () => {
  test.setTimeout(180_000);
  const files = filesUnder(BUILD, /\.html$/);
  expect(fs.existsSync(path.join(BUILD, 'index.html')), `${BUILD}/index.html (build first)`).toBe(true);
  const report: string[] = [];
  for (const file of files) {
    const page = path.relative(BUILD, file);
    let findings;
    try {
      findings = findRawMarkdown(fs.readFileSync(file, 'utf8'));
    } catch (error) {
      // A page that cannot be read or parsed fails the check; it is never skipped.
      report.push(`${page}: could not be checked: ${String(error)}`);
      continue;
    }
    for (const f of findings) report.push(`${page} [${f.rule}] under "${f.section}": ${f.excerpt}`);
  }
  expect(files.length, 'HTML files in the build').toBeGreaterThan(100);
  expect(report.join('\n'), `raw Markdown/MDX in ${new Set(report.map((l) => l.split(' ')[0])).size} pages`).toBe('');
});
