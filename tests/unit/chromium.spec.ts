/**
 * Chromium is found in one place: src/lib/chromium.mjs says which Chromium the build, the scripts
 * and the tests start, and with which flags. No other file of the code, the scripts, the tests, the
 * container or CI writes a Chromium path or one of those flags itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {CHROMIUM_ARGS, SYSTEM_CHROMIUM} from '../../src/lib/chromium.mjs';
import {ROOT, filesUnder} from '../support/files';

const CODE = /\.(ts|tsx|js|mjs|cjs|sh|json|yaml)$|^(Dockerfile|run)$/;

test('no file but src/lib/chromium.mjs writes a Chromium path or its flags', () => {
  const files = [
    ...['src', 'scripts', 'tests', 'simulator', '.ci', 'deploy'].flatMap((d) => filesUnder(path.join(ROOT, d), CODE)),
    ...['Dockerfile', 'package.json', 'docusaurus.config.ts', 'playwright.config.ts'].map((f) => path.join(ROOT, f)),
  ].filter((f) => !f.endsWith(path.join('src', 'lib', 'chromium.mjs')));
  expect(files.length).toBeGreaterThan(50);
  const written = [...CHROMIUM_ARGS, ...SYSTEM_CHROMIUM];
  const found = files.flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    return written.filter((w) => text.includes(w)).map((w) => `${path.relative(ROOT, file)}: ${w}`);
  });
  expect(found).toEqual([]);
});
