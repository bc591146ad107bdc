/**
 * The OpenAPI documents behind the VIREO pages: each is valid OpenAPI 3.1 (checked by
 * @seriousme/openapi-schema-validator, before and after its $refs are inlined), builds
 * into the page model, every example validates against its schema, and documents and
 * pages match one to one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {parse} from 'yaml';
import {loadDocument} from '../../src/remark/openapi-operations';
import {bundlesKeyFile, familyDocuments, familyVersion, publishBundles} from '../../src/plugins/openapi-bundle';
import {ROOT} from '../support/files';
import {documentUses} from '../support/openapi';
import {buildDocumentModel, HTTP_METHODS, mediaExamples} from '../../src/lib/openapi';
import {isObject, type Json, type JsonObject} from '../../src/lib/jsonSchema';

const OPENAPI_DIR = path.join(ROOT, 'static/openapi');

/** VIREO pages that explain a concept or a set of examples rather than one API. */
const PROSE_PAGES = new Set([
  'vireo/index.md',
  'vireo/authentication.mdx',
  'vireo/device-configuration/device-configuration-apis.mdx',
  'vireo/physical-access-control/peripherals.mdx',
  'vireo/physical-access-control/system-integration-examples.mdx',
  // Network video: concept pages, and pages for APIs whose reference lives in part 1.
  ...[
    'video-streaming',
    'rtsp-adjustable-live-stream',
    'm12-lens-selection',
    'integrating-a-ptz-positioning-unit',
    'basic-device-information',
    'audit-log',
    'ssh',
    'network-settings',
    'network-settings-api',
    'ntp-api',
    'time-api',
    'geolocation-api',
    'recording-group',
    'input-and-outputs',
    'certificate-management-api',
    'parameter-management',
  ].map((page) => `vireo/network-video/${page}.mdx`),
]);
/** Sections whose pages are API pages, apart from PROSE_PAGES and section indexes. */
const API_SECTIONS = [
  'applications',
  'audio-systems',
  'body-worn-systems',
  'device-configuration',
  'intercom',
  'network-video',
  'physical-access-control',
  'radar',
];

const documents = familyDocuments(OPENAPI_DIR);

function newAjv() {
  // OpenAPI 3.1 schemas are JSON Schema 2020-12 plus a few annotation keywords.
  const ajv = new Ajv2020({allErrors: true, strict: true, strictRequired: false});
  addFormats(ajv);
  ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs', 'x-unit']);
  return ajv;
}

/** Every example in a dereferenced document, with the schema it must satisfy. */
function examplesOf(document: JsonObject): {where: string; schema: JsonObject; value: Json}[] {
  const found: {where: string; schema: JsonObject; value: Json}[] = [];
  const fromMedia = (where: string, content: Json | undefined) => {
    if (!isObject(content)) return;
    for (const [type, media] of Object.entries(content)) {
      if (!isObject(media) || !isObject(media.schema)) continue;
      for (const e of mediaExamples(media))
        found.push({where: `${where} ${type}${e.title ? ` (${e.title})` : ''}`, schema: media.schema, value: e.value});
    }
  };
  const fromSchema = (where: string, schema: Json | undefined) => {
    if (!isObject(schema)) return;
    if (Array.isArray(schema.examples))
      schema.examples.forEach((value, i) => found.push({where: `${where} examples[${i}]`, schema, value}));
    if (isObject(schema.properties))
      for (const [k, v] of Object.entries(schema.properties)) fromSchema(`${where}.${k}`, v);
    if (isObject(schema.items)) fromSchema(`${where}[]`, schema.items);
  };
  for (const [p, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const where = `${method.toUpperCase()} ${p}`;
      const params = [
        ...(Array.isArray(item.parameters) ? item.parameters : []),
        ...(Array.isArray(op.parameters) ? op.parameters : []),
      ];
      for (const param of params.filter(isObject)) {
        if (param.example !== undefined && isObject(param.schema))
          found.push({where: `${where} parameter ${String(param.name)}`, schema: param.schema, value: param.example});
        fromSchema(`${where} parameter ${String(param.name)}`, param.schema);
      }
      if (isObject(op.requestBody)) fromMedia(`${where} request`, op.requestBody.content);
      for (const [status, r] of Object.entries(isObject(op.responses) ? op.responses : {}))
        if (isObject(r)) fromMedia(`${where} ${status}`, r.content);
    }
  }
  const schemas =
    isObject(document.components) && isObject(document.components.schemas) ? document.components.schemas : {};
  for (const [name, schema] of Object.entries(schemas)) fromSchema(`components.schemas.${name}`, schema);
  return found;
}

test('there are OpenAPI documents, and common.yaml is valid OpenAPI 3.1', async () => {
  expect(documents.length).toBeGreaterThan(0);
  const {Validator} = await import('@seriousme/openapi-schema-validator');
  const result = await new Validator().validate(path.join(OPENAPI_DIR, 'common.yaml'));
  expect(result.errors ?? []).toEqual([]);
});

for (const name of documents) {
  test(`${name}.yaml is valid OpenAPI 3.1 and every example matches its schema`, async () => {
    const raw = parse(fs.readFileSync(path.join(OPENAPI_DIR, `${name}.yaml`), 'utf8')) as JsonObject;
    expect(raw.openapi).toBe('3.1.0');
    const {Validator} = await import('@seriousme/openapi-schema-validator');
    // As published: its references to ../common.yaml resolve against the shared file.
    const validator = new Validator();
    const common = parse(fs.readFileSync(path.join(OPENAPI_DIR, 'common.yaml'), 'utf8')) as Record<string, unknown>;
    await validator.addSpecRef(common, path.posix.relative(path.posix.dirname(name), 'common.yaml'));
    const asWritten = await validator.validate(raw);
    expect(asWritten.errors ?? [], 'as written').toEqual([]);
    const document = await loadDocument(OPENAPI_DIR, name);
    const inlined = await new Validator().validate(document);
    expect(inlined.errors ?? [], 'with $refs inlined').toEqual([]);

    const model = buildDocumentModel(document);
    expect(model.tags.flatMap((t) => t.operations).length).toBeGreaterThan(0);
    const anchors = model.tags.flatMap((t) => [t.anchor, ...t.operations.map((o) => o.anchor)]);
    expect(new Set(anchors).size, 'tag and operation anchors are unique').toBe(anchors.length);
    for (const op of model.tags.flatMap((t) => t.operations)) {
      const has = (s: string) => op.responses.some((r) => r.status === s);
      expect(
        op.responses.some((r) => /^2/.test(r.status)),
        `${op.id} has a success response`,
      ).toBe(true);
      if (op.role !== 'anonymous') expect(has('401'), `${op.id} documents 401`).toBe(true);
      if (op.role === 'operator' || op.role === 'admin') expect(has('403'), `${op.id} documents 403`).toBe(true);
    }

    const examples = examplesOf(document);
    expect(examples.length, 'the document has examples').toBeGreaterThan(0);
    const ajv = newAjv();
    const failures: string[] = [];
    for (const e of examples) {
      const validate = ajv.compile(e.schema);
      if (!validate(e.value)) failures.push(`${e.where}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(failures).toEqual([]);
  });
}

/** Path templates whose `{name}` an operation does not declare as an `in: path` parameter (and the reverse). */
export function pathParameterProblems(document: JsonObject): string[] {
  const problems: string[] = [];
  const paths = (document.paths ?? {}) as Record<string, JsonObject>;
  const names = (list: unknown) =>
    ((list as JsonObject[] | undefined) ?? []).filter((p) => p.in === 'path').map((p) => p.name as string);
  for (const [template, item] of Object.entries(paths)) {
    const inTemplate = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!).sort();
    for (const method of ['get', 'put', 'post', 'patch', 'delete']) {
      const op = item[method] as JsonObject | undefined;
      if (!op) continue;
      const declared = [...new Set([...names(item.parameters), ...names(op.parameters)])].sort();
      if (declared.join() !== inTemplate.join())
        problems.push(
          `${method.toUpperCase()} ${template}: path parameters declared [${declared.join(', ')}], template has [${inTemplate.join(', ')}]`,
        );
    }
  }
  return problems;
}

const YAML11_BOOLEAN = '(?:y|Y|yes|Yes|YES|n|N|no|No|NO|on|On|ON|off|Off|OFF|true|True|TRUE|false|False|FALSE)';

/**
 * Unquoted keys, and unquoted items of flow sequences such as `required: [x, y]` or
 * `enum: [off, low]`, that YAML 1.1 tools (go-yaml v2; PyYAML for on/off/yes/no; many code
 * generators) read as booleans, although YAML 1.2 reads them as strings.
 */
export function yaml11BooleanKeys(text: string): string[] {
  const key = new RegExp(`^\\s*(?:- )?${YAML11_BOOLEAN}:(\\s|$)`);
  const item = new RegExp(`^${YAML11_BOOLEAN}$`);
  return text.split('\n').flatMap((line, i) => {
    const flow = /^\s*(?:- )?[A-Za-z]+: \[(.*)\]\s*$/.exec(line);
    const badItem = flow ? flow[1]!.split(',').some((x) => item.test(x.trim())) : false;
    return key.test(line) || badItem ? [`line ${i + 1}: ${line.trim()}`] : [];
  });
}

for (const name of documents) {
  test(`${name}.yaml declares every path parameter and quotes keys that YAML 1.1 reads as booleans`, async () => {
    const text = fs.readFileSync(path.join(OPENAPI_DIR, `${name}.yaml`), 'utf8');
    expect(yaml11BooleanKeys(text)).toEqual([]);
    expect(pathParameterProblems(await loadDocument(OPENAPI_DIR, name))).toEqual([]);
  });
}

test('the path-parameter and YAML 1.1 key checks can fail', () => {
  const doc = {
    paths: {
      '/pairings/{pairingId}/test': {post: {responses: {}}},
      '/pairings/{pairingId}': {parameters: [{name: 'pairingId', in: 'path'}], get: {responses: {}}},
    },
  } as unknown as JsonObject;
  expect(pathParameterProblems(doc)).toEqual([
    'POST /pairings/{pairingId}/test: path parameters declared [], template has [pairingId]',
  ]);
  expect(yaml11BooleanKeys('properties:\n  on:\n    type: boolean\n  "off":\n    type: boolean\n')).toEqual([
    'line 2: on:',
  ]);
  expect(yaml11BooleanKeys("required: [x, y]\nenum: ['off', low]\n")).toEqual(['line 1: required: [x, y]']);
});

test('the example check can fail: a wrong example is reported', () => {
  const failing = examplesOf({
    paths: {
      '/x': {
        get: {
          responses: {'200': {content: {'application/json': {schema: {type: 'object', required: ['a']}, example: {}}}}},
        },
      },
    },
  });
  const ajv = newAjv();
  expect(ajv.compile(failing[0]!.schema)(failing[0]!.value)).toBe(false);
});

test('every document is rendered by exactly one VIREO page, and every page names an existing document', () => {
  const uses = documentUses();
  const owners = new Map<string, string[]>();
  for (const [page, names] of uses) for (const n of names) owners.set(n, [...(owners.get(n) ?? []), page]);
  for (const name of documents) expect(owners.get(name), `pages using ${name}`).toHaveLength(1);
  for (const name of owners.keys()) expect(documents, `document used by ${owners.get(name)}`).toContain(name);
});

test('every page of the API sections is an API page, apart from the named prose pages', () => {
  const inSection = (page: string) =>
    API_SECTIONS.some((s) => page.startsWith(`vireo/${s}/`) || page === `vireo/${s}.mdx`);
  const isSectionIndex = (page: string) => /\/index\.mdx?$/.test(page);
  const missing = [...documentUses()]
    .filter(([page]) => inSection(page) && !isSectionIndex(page) && !PROSE_PAGES.has(page))
    .filter(([, names]) => names.length === 0)
    .map(([page]) => page);
  expect(missing).toEqual([]);
});

/** A site folder in the temporary directory holding a copy of the OpenAPI sources as `openapi/`. */
function openApiSiteCopy(): string {
  const site = fs.mkdtempSync(path.join(os.tmpdir(), 'lykta-bundles-'));
  fs.cpSync(path.resolve('static/openapi'), path.join(site, 'openapi'), {recursive: true});
  return site;
}

test('the bundled downloads are kept while their sources and code are the same, and made again when one changes', async () => {
  test.setTimeout(120_000);
  const site = openApiSiteCopy();
  const options = {source: 'openapi', directory: 'out', urlPath: '/openapi/bundled'};
  const first = await publishBundles(options, site);
  expect(first.length).toBeGreaterThan(10);
  const time = (f: string) => fs.statSync(f).mtimeMs;
  const times = first.map(time);
  expect(await publishBundles(options, site)).toEqual(first);
  expect(first.map(time), 'kept, not written again').toEqual(times);
  // An edited source: bundled again, with the edit.
  const name = familyDocuments(path.join(site, 'openapi'))[0]!;
  const doc = path.join(site, 'openapi', `${name}.yaml`);
  fs.writeFileSync(doc, fs.readFileSync(doc, 'utf8').replace(/^(\s+title: )(.*)$/m, '$1$2 (edited)'));
  const familyOf = (files: string[]) =>
    JSON.parse(
      fs.readFileSync(
        files.find((f) => f.endsWith('/vireo.json'))!,
        'utf8',
      ),
    ) as {info: {version: string}};
  const firstVersion = familyOf(first).info.version;
  const again = await publishBundles(options, site);
  expect(again).toEqual(first);
  expect(familyOf(again).info.version, 'an edit gives the family a new version').not.toBe(firstVersion);
  expect(
    fs.readFileSync(
      again.find((f) => f.endsWith(`${name}.yaml`))!,
      'utf8',
    ),
  ).toContain('(edited)');
  // A run that stopped before writing its key: bundled again.
  const keyFile = bundlesKeyFile(path.join(site, 'out'));
  expect(
    first.some((f) => f.includes('.key')),
    'the key is not among the published files',
  ).toBe(false);
  fs.rmSync(keyFile);
  const before = fs.statSync(first[0]!).mtimeMs;
  await publishBundles(options, site);
  expect(fs.statSync(first[0]!).mtimeMs).not.toBe(before);
  expect(fs.existsSync(keyFile)).toBe(true);
});

test('the bundled downloads do not depend on the clock: two runs on different days give the same bytes', async () => {
  test.setTimeout(120_000);
  const run = async (day: string) => {
    const site = openApiSiteCopy();
    // The clock set to `day`, for `new Date()` and `Date.now()`.
    const RealDate = Date;
    const at = RealDate.parse(day);
    class FixedDate extends RealDate {
      constructor(...args: unknown[]) {
        if (args.length === 0) super(at);
        else super(...(args as [string]));
      }
      static override now = () => at;
    }
    globalThis.Date = FixedDate as DateConstructor;
    try {
      const files = await publishBundles({source: 'openapi', directory: 'out', urlPath: '/openapi/bundled'}, site);
      return new Map(files.map((f) => [path.relative(site, f), fs.readFileSync(f, 'utf8')]));
    } finally {
      globalThis.Date = RealDate;
    }
  };
  const [a, b] = [await run('2026-11-28T23:59:59Z'), await run('2026-11-29T00:00:01Z')];
  expect([...b.keys()]).toEqual([...a.keys()]);
  expect(
    [...a.keys()].filter((f) => a.get(f) !== b.get(f)),
    'files that differ',
  ).toEqual([]);
  const version = (JSON.parse(a.get('out/openapi/bundled/vireo.json')!) as {info: {version: string}}).info.version;
  expect(version).toMatch(/^content-[0-9a-f]{12}$/);
  expect(familyVersion({a: 1})).toBe(familyVersion({a: 1}));
  expect(familyVersion({a: 1})).not.toBe(familyVersion({a: 2}));
});
