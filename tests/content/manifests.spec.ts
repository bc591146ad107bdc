/**
 * LEAP manifest schemas: every schema file is valid draft 2020-12 and agrees with the
 * version table in src/lib/manifestSchema.ts; each version keeps every field of the one
 * before (except removals a release note announces); every manifest example in the docs
 * validates against the schema its `schemaVersion` names; and each schema version has
 * its field-description page in each SDK version that supports it.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {codeBlocks, contentPages, filesUnder, ROOT} from '../support/files';
import {MANIFEST_VERSIONS, schemaDiff, schemaFileName} from '../../src/lib/manifestSchema';
import type {JsonObject} from '../../src/lib/jsonSchema';

const SCHEMA_DIR = path.join(ROOT, 'static/schemas/leap');
const SCHEMA_BASE = 'https://developer.lykta.example/schemas/leap/';

/** Fields a schema version dropped on purpose, with the release note that says so. */
const ANNOUNCED_REMOVALS: Record<string, string[]> = {
  '1.7.1': ['web.cgiPaths'], // LEAP 12.0 release note: liblykhttp is gone from LyktaOS 12
};

const readSchema = (version: string) =>
  JSON.parse(fs.readFileSync(path.join(SCHEMA_DIR, schemaFileName(version)), 'utf8')) as JsonObject;

function loadAjv() {
  const ajv = new Ajv2020({allErrors: true, strict: true});
  addFormats(ajv);
  ajv.addVocabulary(['x-unit', 'x-lykta-leap-version', 'x-lykta-minimum-lyktaos']);
  for (const v of MANIFEST_VERSIONS) ajv.addSchema(readSchema(v.version));
  return ajv;
}

interface Example {
  where: string;
  version: unknown;
  data: unknown;
}

/**
 * Every `json` code block of the docs that is a LEAP manifest: its top level has
 * `schemaVersion` and `application`, or its title is manifest.json (then it must parse).
 * Other JSON with a `schemaVersion`, such as a Grafana dashboard, is not a manifest.
 */
export function manifestExamples(file: string): Example[] {
  const out: Example[] = [];
  for (const {lang, meta, body, line} of codeBlocks(file)) {
    if (!/^json/.test(lang)) continue;
    const titled = /title="[^"]*manifest\.json"/.test(meta);
    const where = `${path.relative(ROOT, file)}:${line}`;
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch (e) {
      if (titled) out.push({where, version: undefined, data: `not JSON: ${(e as Error).message}`});
      continue;
    }
    if (typeof data !== 'object' || data === null || Array.isArray(data)) continue;
    if (titled || ('schemaVersion' in data && 'application' in data))
      out.push({where, version: (data as {schemaVersion?: unknown}).schemaVersion, data});
  }
  return out;
}

test('every manifest schema is valid draft 2020-12 and matches the version table', () => {
  const files = filesUnder(SCHEMA_DIR, /\.schema\.json$/).map((f) => path.basename(f));
  expect(files.sort()).toEqual(MANIFEST_VERSIONS.map((v) => schemaFileName(v.version)).sort());
  const ajv = loadAjv();
  for (const v of MANIFEST_VERSIONS) {
    const schema = readSchema(v.version);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(SCHEMA_BASE + schemaFileName(v.version));
    expect(schema['x-lykta-leap-version'], v.version).toBe(v.leap);
    expect(schema['x-lykta-minimum-lyktaos'], v.version).toBe(v.lyktaos);
    expect((schema.properties as JsonObject).schemaVersion, v.version).toMatchObject({const: v.version});
    expect(ajv.getSchema(schema.$id as string), v.version).toBeDefined();
  }
});

test('each schema version keeps every field of the previous one, unless a removal is announced', () => {
  for (let i = 1; i < MANIFEST_VERSIONS.length; i++) {
    const {version} = MANIFEST_VERSIONS[i]!;
    const diff = schemaDiff(readSchema(MANIFEST_VERSIONS[i - 1]!.version), readSchema(version));
    expect(diff.removed, `v${version}`).toEqual(ANNOUNCED_REMOVALS[version] ?? []);
    expect(
      diff.added.length + diff.changed.length + diff.removed.length,
      `v${version} changes nothing`,
    ).toBeGreaterThan(0);
  }
});

test('the schemas accept a minimal manifest in every version and reject fields from the future', () => {
  const ajv = loadAjv();
  const minimal = (schemaVersion: string, extra: object = {}) => ({
    schemaVersion,
    application: {
      name: 'hello_world',
      displayName: 'Hello World',
      vendor: 'Example Vendor',
      version: '1.0.0',
      architecture: 'aarch64',
      startMode: 'never',
    },
    ...extra,
  });
  const validate = (version: string, data: object) => ajv.getSchema(SCHEMA_BASE + schemaFileName(version))!(data);
  for (const v of MANIFEST_VERSIONS) expect(validate(v.version, minimal(v.version)), v.version).toBe(true);
  // A v1.7.3 field under v1.7.2, a v1.7.1 type under v1.7.0, a wrong schemaVersion, a missing appId.
  expect(validate('1.7.2', minimal('1.7.2', {network: {useProxy: true}}))).toBe(false);
  expect(validate('1.7.3', minimal('1.7.3', {network: {useProxy: true}}))).toBe(true);
  expect(validate('1.7.0', minimal('1.7.0', {parameters: [{name: 'Key', type: 'password', default: ''}]}))).toBe(false);
  expect(validate('1.7.1', minimal('1.7.0'))).toBe(false);
  expect(validate('1.0', minimal('1.0', {license: {method: 'lykta'}}))).toBe(false);
  expect(validate('1.0', minimal('1.0', {license: {method: 'lykta', appId: 4711}}))).toBe(true);
});

test('every manifest example in the docs validates against the schema it declares', () => {
  const ajv = loadAjv();
  const known = new Set(MANIFEST_VERSIONS.map((v) => v.version));
  const examples = contentPages().flatMap(manifestExamples);
  expect(examples.length).toBeGreaterThan(5);
  const failures: string[] = [];
  for (const ex of examples) {
    if (typeof ex.version !== 'string' || !known.has(ex.version)) {
      failures.push(
        `${ex.where}: ${typeof ex.data === 'string' ? ex.data : `unknown schemaVersion ${JSON.stringify(ex.version)}`}`,
      );
      continue;
    }
    const validate = ajv.getSchema(SCHEMA_BASE + schemaFileName(ex.version))!;
    if (!validate(ex.data))
      failures.push(`${ex.where} (v${ex.version}): ${ajv.errorsText(validate.errors, {dataVar: 'manifest'})}`);
  }
  expect(failures).toEqual([]);
});

test('every schema version has its field-description page, rendered from the schema file', () => {
  const pages: [string, string[]][] = [
    ['sdk/develop/manifest-schemas', MANIFEST_VERSIONS.map((v) => v.version)],
    [
      'sdk_versioned_docs/version-4/develop/manifest-schemas',
      MANIFEST_VERSIONS.filter((v) => v.leap.startsWith('4.')).map((v) => v.version),
    ],
  ];
  for (const [dir, versions] of pages) {
    const present = filesUnder(path.join(ROOT, dir), /^schema-field-descriptions-v.*\.mdx?$/).map((f) =>
      path.basename(f).replace(/^schema-field-descriptions-v(.*)\.mdx?$/, '$1'),
    );
    expect(present.sort(), dir).toEqual([...versions].sort());
    for (const version of versions) {
      const file = filesUnder(
        path.join(ROOT, dir),
        new RegExp(`^schema-field-descriptions-v${version.replace(/\./g, '\\.')}\\.mdx?$`),
      )[0]!;
      expect(fs.readFileSync(file, 'utf8'), file).toContain(`<ManifestSchemaFields version="${version}" />`);
    }
  }
});
