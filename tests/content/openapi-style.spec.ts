/**
 * The VIREO style guide, enforced: every OpenAPI document passes the Spectral ruleset in
 * openapi-style/ with no result at all (exceptions are named, with reasons, in the ruleset's
 * overrides), each rule is shown to fire on a planted defect, and the checks that need the
 * whole family hold.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {parse} from 'yaml';
import {loadDocument} from '../../src/remark/openapi-operations';
import {isObject, type JsonObject} from '../../src/lib/jsonSchema';
import {familyDocuments} from '../../src/plugins/openapi-bundle';
import {ROOT} from '../support/files';
import {documentUses} from '../support/openapi';
import {duplicateOperationIds, newestHistoryVersion, type FamilyDocument} from '../support/openapiFamily';

const OPENAPI_DIR = path.join(ROOT, 'static/openapi');
const RULESET = path.join(ROOT, 'openapi-style/vireo.spectral.yaml');
const SPECTRAL = path.join(ROOT, 'node_modules/.bin/spectral');

interface Finding {
  code: string;
  message: string;
  path: string[];
  source?: string;
}

function lint(files: string[]): Finding[] {
  const run = spawnSync(
    SPECTRAL,
    ['lint', ...files, '--ruleset', RULESET, '--format', 'json', '--quiet', '--fail-severity', 'hint'],
    {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  // Exit 0: clean; 1: findings. Anything else (a ruleset or parse error) is a failure of its own.
  if (run.status !== 0 && run.status !== 1)
    throw new Error(`spectral failed (${run.status}): ${run.stderr}${run.stdout}`);
  return JSON.parse(run.stdout || '[]') as Finding[];
}

test('every VIREO document passes the style rules with no finding', () => {
  test.setTimeout(180_000);
  const findings = lint(familyDocuments(OPENAPI_DIR).map((name) => path.join(OPENAPI_DIR, `${name}.yaml`)));
  const shown = findings.map(
    (f) => `${path.relative(ROOT, f.source ?? '')} ${f.path.join('.')}: ${f.code}: ${f.message}`,
  );
  expect(shown).toEqual([]);
});

/** A copy of one clean document with one defect per rule planted in it. */
function plantedDefects(): {file: string; expected: string[]} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vireo-style-'));
  fs.mkdirSync(path.join(dir, 'section'));
  fs.copyFileSync(path.join(OPENAPI_DIR, 'common.yaml'), path.join(dir, 'common.yaml'));
  const doc = parse(
    fs.readFileSync(path.join(OPENAPI_DIR, 'device-configuration/time-api.yaml'), 'utf8'),
  ) as JsonObject;
  const paths = doc.paths as Record<string, Record<string, JsonObject>>;
  const [firstPath, item] = Object.entries(paths)[0]!;
  const get = item.get!;
  const write = Object.values(paths)
    .flatMap((i) => ['put', 'patch', 'post'].map((m) => i[m]))
    .find((op) => op?.requestBody)!;
  doc.servers = [{url: 'https://{device}/vireo/clock/v1', variables: {device: {default: '192.0.2.10'}}}]; // vireo-server-url
  get.security = [{digest: []}, {basic: []}, {oauth2: ['vireo:admin']}]; // vireo-security-by-role
  delete get.description; // operation-description
  get.operationId = 'Get_Clock'; // vireo-operation-id-case
  get.parameters = [
    {name: 'from', in: 'query', schema: {type: 'string', format: 'date-time'}}, // vireo-time-filters
    {name: 'offset', in: 'query', schema: {type: 'integer'}}, // vireo-pagination
  ];
  delete (get.responses as JsonObject)['401']; // vireo-auth-responses
  (get.responses as JsonObject)['503'] = {
    description: 'Busy.',
    content: {'application/problem+json': {schema: {$ref: '../common.yaml#/components/schemas/Problem'}}},
  }; // vireo-retry-after
  (get.responses as JsonObject)['409'] = {
    description: 'Conflict.',
    content: {
      'application/problem+json': {
        schema: {$ref: '../common.yaml#/components/schemas/Problem'},
        example: {type: 'urn:lykta:vireo:problem:ptz.locked', title: 'Locked', status: 422, code: 'ptz.locked'},
      },
    },
  }; // vireo-problem-examples
  (get.responses as JsonObject)['404'] = {
    description: 'Gone.',
    content: {'application/json': {schema: {type: 'object'}}},
  }; // vireo-errors-are-problems
  delete (write.responses as JsonObject)['400']; // vireo-bad-request
  (write.responses as JsonObject)['201'] = {description: 'Made.'}; // vireo-location
  write.parameters = [{name: 'If-Match', in: 'header', schema: {type: 'string'}}]; // vireo-conditional-writes
  paths[`${firstPath}/{id}`] = {
    get: {
      ...get,
      operationId: 'getClockById',
      parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}],
    },
  }; // vireo-path-parameters
  const schemas = ((doc.components as JsonObject).schemas ??= {}) as JsonObject;
  schemas.Planted = {
    type: 'object',
    properties: {
      created: {type: 'string', format: 'date-time'}, // vireo-timestamp-names
      mode_name: {type: 'string', enum: ['auto_mode', 'manual']}, // vireo-member-names, vireo-enum-case
    },
  };
  (doc.components as JsonObject).securitySchemes = {digest: {type: 'http', scheme: 'digest'}}; // vireo-security-schemes
  get['x-lykta-minimum-role'] = 'superuser'; // vireo-minimum-role
  const file = path.join(dir, 'section/planted.yaml');
  fs.writeFileSync(file, JSON.stringify(doc, null, 2));
  return {
    file,
    expected: [
      'operation-description',
      'vireo-auth-responses',
      'vireo-bad-request',
      'vireo-conditional-writes',
      'vireo-enum-case',
      'vireo-errors-are-problems',
      'vireo-location',
      'vireo-member-names',
      'vireo-minimum-role',
      'vireo-operation-id-case',
      'vireo-pagination',
      'vireo-path-parameters',
      'vireo-problem-examples',
      'vireo-retry-after',
      'vireo-security-by-role',
      'vireo-security-schemes',
      'vireo-server-url',
      'vireo-time-filters',
      'vireo-timestamp-names',
    ],
  };
}

test('every style rule fires on a planted defect', () => {
  test.setTimeout(60_000);
  const {file, expected} = plantedDefects();
  const fired = new Set(lint([file]).map((f) => f.code));
  for (const rule of expected) expect(fired, `${rule} did not fire`).toContain(rule);
  // Every rule of the ruleset is covered by a planted defect.
  const ruleset = parse(fs.readFileSync(RULESET, 'utf8')) as {rules: Record<string, unknown>};
  const own = Object.keys(ruleset.rules).filter((r) => r.startsWith('vireo-'));
  expect(own.filter((r) => !expected.includes(r))).toEqual([]);
});

async function family(): Promise<FamilyDocument[]> {
  return Promise.all(
    familyDocuments(OPENAPI_DIR).map(async (name) => ({name, document: await loadDocument(OPENAPI_DIR, name)})),
  );
}

test('the family: operationIds unique across all documents', async () => {
  expect(duplicateOperationIds(await family())).toEqual([]);
});

test('the family checks can fail', () => {
  const op = (id: string, status: string, code: string) => ({
    operationId: id,
    responses: {[status]: {content: {'application/problem+json': {example: {code}}}}},
  });
  const docs: FamilyDocument[] = [
    {name: 'a', document: {paths: {'/x': {get: op('getX', '409', 'resource.conflict')}}}},
    {name: 'b', document: {paths: {'/y': {get: op('getX', '422', 'resource.conflict')}}}},
  ];
  expect(duplicateOperationIds(docs)).toEqual(['getX: a GET /x, b GET /y']);
  expect(
    newestHistoryVersion(
      '## Version history\n\n| Version | LyktaOS | Change |\n|---|---|---|\n| 1.4.0 | 12.6 | x |\n| 1.3.0 | 12.4 | y |\n',
    ),
  ).toBe('1.4.0');
  expect(newestHistoryVersion('## Other\n')).toBeUndefined();
  expect(
    newestHistoryVersion(
      '## Version history\n\n| Version | LyktaOS | Change |\n|---|---|---|\n| — | 12.0 | Removed. |\n| 1.4.1 | 11.11 LTS | y |\n',
    ),
  ).toBe('1.4.1');
});

test("each API page's newest version-history row is its document's info.version", () => {
  const wrong: string[] = [];
  for (const [page, names] of documentUses()) {
    if (names.length !== 1) continue;
    const markdown = fs.readFileSync(path.join(ROOT, 'docs', page), 'utf8');
    const newest = newestHistoryVersion(markdown);
    const info = (parse(fs.readFileSync(path.join(OPENAPI_DIR, `${names[0]}.yaml`), 'utf8')) as JsonObject).info;
    const version = isObject(info) ? String(info.version) : '';
    if (newest !== version) wrong.push(`${page}: newest history row ${newest ?? '(none)'}, document ${version}`);
  }
  expect(wrong).toEqual([]);
});

test('common.yaml models OAuth 2.0 client credentials with the token URL of the token endpoint and one scope per role', () => {
  const common = parse(fs.readFileSync(path.join(OPENAPI_DIR, 'common.yaml'), 'utf8')) as JsonObject;
  const scheme = ((common.components as JsonObject).securitySchemes as JsonObject).oauth2 as JsonObject;
  const flow = (scheme.flows as JsonObject).clientCredentials as JsonObject;
  expect(Object.keys(flow.scopes as JsonObject)).toEqual(['vireo:viewer', 'vireo:operator', 'vireo:admin']);
  const grants = parse(
    fs.readFileSync(path.join(OPENAPI_DIR, 'device-configuration/client-credential-grants-configuration.yaml'), 'utf8'),
  ) as JsonObject;
  const server = String(((grants.servers as JsonObject[])[0] as JsonObject).url).replace(/^https:\/\/\{device\}/, '');
  const tokenPath = Object.keys(grants.paths as JsonObject).find((p) => p.endsWith('/token'));
  expect(`${server}${tokenPath}`).toBe(flow.tokenUrl);
});
