/**
 * The OpenAPI downloads of the production build work in standard tools on their own: each API's
 * bundled document and the family document are copied alone into an empty folder, validated there
 * as OpenAPI 3.1 with every reference resolved (@seriousme/openapi-schema-validator), and the
 * family is turned into TypeScript types by a maintained generator (openapi-typescript) that the
 * TypeScript compiler then accepts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import ts from 'typescript';
import {familyDocuments} from '../../src/plugins/openapi-bundle';
import {HTTP_METHODS} from '../../src/lib/openapi';
import {isObject, type JsonObject} from '../../src/lib/jsonSchema';
import {ROOT} from '../support/files';
import {SERVERS} from '../support/servers';

const BUNDLED = path.join(ROOT, SERVERS.main.dir, 'openapi/bundled');
const SOURCES = path.join(ROOT, 'static/openapi');

/** Copies one file into an empty folder, so nothing next to it can resolve a reference. */
function alone(file: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-alone-'));
  const target = path.join(dir, path.basename(file));
  fs.copyFileSync(file, target);
  return target;
}

const externalRefs = (text: string) => [...text.matchAll(/"\$ref":\s*"([^#"][^"]*)"/g)].map((m) => m[1]);

test('every API has a bundled document that validates alone, in YAML and JSON', async () => {
  test.setTimeout(180_000);
  const {Validator} = await import('@seriousme/openapi-schema-validator');
  const names = familyDocuments(SOURCES);
  expect(names.length).toBeGreaterThan(100);
  const failures: string[] = [];
  for (const name of names) {
    for (const ext of ['yaml', 'json']) {
      const file = path.join(BUNDLED, `${name}.${ext}`);
      if (!fs.existsSync(file)) {
        failures.push(`${name}.${ext}: missing`);
        continue;
      }
      if (ext === 'json') {
        const refs = externalRefs(fs.readFileSync(file, 'utf8'));
        if (refs.length) failures.push(`${name}.json: external $ref ${refs[0]}`);
      }
      const result = await new Validator().validate(alone(file));
      if (!result.valid) failures.push(`${name}.${ext}: ${JSON.stringify(result.errors).slice(0, 300)}`);
    }
  }
  expect(failures).toEqual([]);
});

test('the family document holds every operation of every API once, and validates alone', async () => {
  test.setTimeout(120_000);
  const file = alone(path.join(BUNDLED, 'vireo.json'));
  const family = JSON.parse(fs.readFileSync(file, 'utf8')) as JsonObject;
  expect(externalRefs(fs.readFileSync(file, 'utf8'))).toEqual([]);
  const {Validator} = await import('@seriousme/openapi-schema-validator');
  const result = await new Validator().validate(file);
  expect(result.errors ?? []).toEqual([]);
  const ids: string[] = [];
  for (const item of Object.values(family.paths as JsonObject))
    for (const m of HTTP_METHODS) {
      const op = isObject(item) ? item[m] : undefined;
      if (isObject(op)) ids.push(String(op.operationId));
    }
  let expected = 0;
  for (const name of familyDocuments(SOURCES)) {
    const doc = JSON.parse(fs.readFileSync(path.join(BUNDLED, `${name}.json`), 'utf8')) as JsonObject;
    for (const item of Object.values(doc.paths as JsonObject))
      for (const m of HTTP_METHODS) if (isObject(item) && isObject(item[m])) expected++;
  }
  expect(ids.length).toBe(expected);
  expect(new Set(ids).size).toBe(ids.length);
  expect(Object.keys(family.paths as JsonObject)).toContain('/vireo/time/v1/clock');
});

test('a maintained generator makes TypeScript types from the family document that compile', async () => {
  test.setTimeout(180_000);
  const {default: openapiTS, astToString} = await import('openapi-typescript');
  const file = alone(path.join(BUNDLED, 'vireo.json'));
  const ast = await openapiTS(new URL(`file://${file}`));
  const out = path.join(path.dirname(file), 'vireo.d.ts');
  const source = astToString(ast);
  fs.writeFileSync(out, source);
  // The generated types name the operations, so a client can be typed against them.
  expect(source).toContain('setTimeZone');
  expect(source).toContain('"/vireo/time/v1/clock"');
  const program = ts.createProgram([out], {
    noEmit: true,
    strict: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
  });
  const diagnostics = ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  expect(diagnostics).toEqual([]);
});
