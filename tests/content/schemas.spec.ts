/**
 * Data checks: every published JSON Schema compiles (draft 2020-12), and every JSON
 * example in the docs that names a schema in its code-fence meta validates against it
 * (an unmarked `json` block that is a frame or consolidated track is checked too):
 *
 *   ```json title="frame.json" schema="frame.schema.json"
 *   ```json schema="basic-types.schema.json#/$defs/boundingBox"
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {filesUnder, ROOT} from '../support/files';
import {schemaExamples} from '../support/schemaExamples';

const SCHEMA_DIR = path.join(ROOT, 'static/schemas/analytics');
const SCHEMA_BASE = 'https://developer.lykta.example/schemas/analytics/';

function loadAjv() {
  const ajv = new Ajv2020({allErrors: true, strict: true});
  addFormats(ajv);
  const files = filesUnder(SCHEMA_DIR, /\.schema\.json$/);
  for (const f of files) ajv.addSchema(JSON.parse(fs.readFileSync(f, 'utf8')) as object);
  return {ajv, files};
}

test('every analytics JSON Schema is valid draft 2020-12 and compiles', () => {
  const {ajv, files} = loadAjv();
  expect(files.length).toBeGreaterThanOrEqual(4);
  for (const f of files) {
    const schema = JSON.parse(fs.readFileSync(f, 'utf8')) as {$id: string; $schema: string};
    expect(schema.$schema, f).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id, f).toBe(SCHEMA_BASE + path.basename(f));
    expect(() => ajv.getSchema(schema.$id), f).not.toThrow();
    expect(ajv.getSchema(schema.$id), f).toBeDefined();
  }
});

test('every JSON example marked with a schema, and every unmarked frame or consolidated track, validates', () => {
  const {ajv} = loadAjv();
  const examples = ['docs', 'sdk', 'sdk_versioned_docs', 'blog'].flatMap((d) =>
    filesUnder(path.join(ROOT, d), /\.mdx?$/).flatMap(schemaExamples),
  );
  expect(examples.length, 'examples marked with schema="…"').toBeGreaterThan(5);
  const failures: string[] = [];
  for (const ex of examples) {
    const ref = ex.schema.includes('#') ? ex.schema : `${ex.schema}#`;
    const validate = ajv.getSchema(SCHEMA_BASE + ref);
    if (!validate) {
      failures.push(`${ex.file}:${ex.line}: unknown schema ${ex.schema}`);
      continue;
    }
    let data: unknown;
    try {
      data = JSON.parse(ex.body);
    } catch (e) {
      failures.push(`${ex.file}:${ex.line}: not JSON (${(e as Error).message})`);
      continue;
    }
    if (!validate(data)) failures.push(`${ex.file}:${ex.line}: ${ajv.errorsText(validate.errors)}`);
  }
  expect(failures).toEqual([]);
});

test('a broken example is caught (the check can fail)', () => {
  const {ajv} = loadAjv();
  const validate = ajv.getSchema(`${SCHEMA_BASE}frame.schema.json#`)!;
  expect(validate({frame: {timestamp: 'yesterday', observations: 'none'}})).toBe(false);
});
