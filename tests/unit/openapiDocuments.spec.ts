/**
 * src/remark/openapi-operations resolves each OpenAPI document once while none of its files changes
 * (the API pages, the error-code index and the event catalogue all ask for every document). A kept
 * document must still follow an edit to any file it read, still record those files as the asking page's
 * dependencies, and give each caller a copy it may change.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {loadDocument} from '../../src/remark/openapi-operations';
import {fileDependencyRegistry} from '../../src/plugins/file-dependencies/registry';

function documents() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lykta-openapi-docs-'));
  fs.mkdirSync(path.join(dir, 'section'));
  const write = (rel: string, text: string) => fs.writeFileSync(path.join(dir, rel), text);
  write('common.yaml', 'components:\n  schemas:\n    Name:\n      type: string\n      maxLength: 32\n');
  const api = (title: string) =>
    `openapi: 3.1.0\ninfo:\n  title: ${title}\n  version: 1.0.0\npaths: {}\ncomponents:\n  schemas:\n    Thing:\n      type: object\n      properties:\n        name:\n          $ref: '../common.yaml#/components/schemas/Name'\n`;
  write('section/a.yaml', api('A'));
  write('section/b.yaml', api('B'));
  return {dir, write};
}
type Doc = {components: {schemas: {Thing: {properties: {name: {type: string; maxLength: number}}}}}};
const nameSchema = (d: object) => (d as Doc).components.schemas.Thing.properties.name;

test('a document is resolved again when any file it read changes, and kept otherwise', async () => {
  const {dir, write} = documents();
  const first = await loadDocument(dir, 'section/a');
  expect(nameSchema(first)).toEqual({type: 'string', maxLength: 32});
  // A caller that changes its copy changes no other caller's.
  nameSchema(first).maxLength = 1;
  const second = await loadDocument(dir, 'section/a');
  expect(nameSchema(second).maxLength).toBe(32);
  nameSchema(second).maxLength = 2;
  expect(nameSchema(await loadDocument(dir, 'section/a')).maxLength).toBe(32);
  // An edit to the shared file reaches both documents; an edit to the document itself too.
  write('common.yaml', 'components:\n  schemas:\n    Name:\n      type: string\n      maxLength: 64\n');
  expect(nameSchema(await loadDocument(dir, 'section/a')).maxLength).toBe(64);
  expect(nameSchema(await loadDocument(dir, 'section/b')).maxLength).toBe(64);
  write('section/a.yaml', fs.readFileSync(path.join(dir, 'section/a.yaml'), 'utf8').replace('title: A', 'title: A2'));
  expect(((await loadDocument(dir, 'section/a')).info as {title: string}).title).toBe('A2');
  // A file it read that is gone is an error, not the kept copy.
  fs.rmSync(path.join(dir, 'common.yaml'));
  await expect(loadDocument(dir, 'section/a')).rejects.toThrow();
});

test('a kept document still records its files as the asking page’s dependencies', async () => {
  const {dir} = documents();
  await loadDocument(dir, 'section/b', path.join(dir, 'page-one.mdx'));
  await loadDocument(dir, 'section/b', path.join(dir, 'page-two.mdx'));
  const deps = (page: string) => [...(fileDependencyRegistry().get(path.join(dir, page)) ?? [])].sort();
  const expected = [path.join(dir, 'common.yaml'), path.join(dir, 'section/b.yaml')];
  expect(deps('page-one.mdx')).toEqual(expected);
  expect(deps('page-two.mdx')).toEqual(expected);
});
