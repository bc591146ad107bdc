/**
 * A warm build equals a clean one: after `npm run build` has filled the bundler's persistent cache,
 * an edit to a file that a remark plugin reads (an OpenAPI document, a manifest JSON Schema, a LEAP
 * header) reaches the pages rendered from it in the next build, though the pages' own Markdown did
 * not change (src/plugins/file-dependencies). The edits are undone afterwards, whatever happens.
 * Runs after the e2e suite (`npm run test:build`), alone: it changes source files while it runs.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {ROOT} from '../support/files';

const OUT = 'build-warm';

interface Edit {
  file: string;
  from: string;
  to: string;
  /** Built page that must show the edit. */
  page: string;
}

const MARK = `warm build check ${process.pid}`;
const EDITS: Edit[] = [
  {
    file: 'static/openapi/device-configuration/time-api.yaml',
    from: 'summary: Read the current time',
    to: `summary: Read the current time (${MARK})`,
    page: 'vireo/device-configuration/time-api/index.html',
  },
  {
    file: 'src/leap-headers/lykvireo.h',
    from: "@brief Returns the credentials of the application's VIREO service account.",
    to: `@brief Returns the credentials of the application's VIREO service account (${MARK}).`,
    page: 'leap/api/c/lykvireo/index.html',
  },
  {
    file: 'static/schemas/leap/manifest-v1.8.0.schema.json',
    from: '"description": "Events the application emits with',
    to: `"description": "(${MARK}) Events the application emits with`,
    page: 'leap/develop/manifest-schemas/schema-field-descriptions-v1.8.0/index.html',
  },
];

test('an edit to an OpenAPI document, a JSON Schema or a LEAP header reaches its page in a warm build', () => {
  test.setTimeout(900_000);
  const cache = path.join(ROOT, 'node_modules/.cache/rspack');
  expect(fs.existsSync(cache), 'the bundler cache of a previous build (run npm run build first)').toBe(true);
  const originals = EDITS.map((e) => fs.readFileSync(path.join(ROOT, e.file), 'utf8'));
  try {
    EDITS.forEach((e, i) => {
      expect(originals[i]!.split(e.from).length - 1, `${e.file} holds "${e.from}" once`).toBe(1);
      fs.writeFileSync(path.join(ROOT, e.file), originals[i]!.replace(e.from, e.to));
    });
    const r = spawnSync('npx', ['docusaurus', 'build', '--out-dir', OUT], {cwd: ROOT, encoding: 'utf8'});
    expect(r.status, `${r.stdout}\n${r.stderr}`.slice(-3000)).toBe(0);
    for (const e of EDITS) {
      const html = fs.readFileSync(path.join(ROOT, OUT, e.page), 'utf8');
      expect(html.includes(MARK), `${e.page} shows the edit of ${e.file}`).toBe(true);
    }
  } finally {
    EDITS.forEach((e, i) => fs.writeFileSync(path.join(ROOT, e.file), originals[i]!));
    fs.rmSync(path.join(ROOT, OUT), {recursive: true, force: true});
  }
});
