/**
 * The prose checkers of `npm run lint` see every page: the file globs of the spell check
 * (cspell.config.yaml) and of the Markdown lint (.markdownlint-cli2.yaml) match every Markdown and
 * MDX file of the content folders, so a new folder, extension or renamed collection cannot fall out
 * of them silently. And every other Markdown file of the repository is a folder's README, so no
 * prose lives where neither checker looks.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {globSync} from 'tinyglobby';
import {parse} from 'yaml';
import {CONTENT_DIRS, ROOT, filesUnder} from '../support/files';

const relative = (files: string[]) => files.map((f) => path.relative(ROOT, f).split(path.sep).join('/')).sort();

/** Every .md and .mdx file of the content folders, unpublished notes (`_world/`) included. */
const contentFiles = relative(CONTENT_DIRS.flatMap((d) => filesUnder(path.join(ROOT, d), /\.mdx?$/)));

const config = (file: string) => parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as Record<string, unknown>;

test('the content folders hold both Markdown and MDX pages', () => {
  expect(contentFiles.filter((f) => f.endsWith('.md')).length).toBeGreaterThan(100);
  expect(contentFiles.filter((f) => f.endsWith('.mdx')).length).toBeGreaterThan(100);
});

test('the spell check covers every page of the content folders and the README', () => {
  const {files} = config('cspell.config.yaml') as {files: string[]};
  const checked = new Set(globSync(files, {cwd: ROOT}));
  expect(contentFiles.filter((f) => !checked.has(f))).toEqual([]);
  expect(checked.has('README.md')).toBe(true);
});

test('the Markdown lint covers every published page, MDX included, and the README', () => {
  const {globs, ignores} = config('.markdownlint-cli2.yaml') as {globs: string[]; ignores: string[]};
  const linted = new Set(globSync(globs, {cwd: ROOT, ignore: ignores}));
  // Only the notes on the world's decisions are left out (not published, written as terse notes).
  expect(contentFiles.filter((f) => !linted.has(f))).toEqual(contentFiles.filter((f) => f.startsWith('docs/_world/')));
  expect(linted.has('README.md')).toBe(true);
  expect(linted.has('docs/vireo/device-configuration/time-api.mdx')).toBe(true);
});

test('every other Markdown file of the repository is a folder README', () => {
  const elsewhere = globSync(['**/*.{md,mdx}'], {
    cwd: ROOT,
    ignore: ['node_modules/**', 'build/**', 'build-*/**', '.docusaurus/**', 'test-results/**', 'playwright-report/**'],
  }).filter((f) => f !== 'README.md' && !CONTENT_DIRS.some((d) => f.startsWith(`${d}/`)));
  expect(elsewhere.filter((f) => path.basename(f) !== 'README.md')).toEqual([]);
});
