import {test, expect} from '@playwright/test';
import {
  buildCurl,
  curlAuth,
  buildDocumentModel,
  mediaExamples,
  serverUrl,
  shellQuote,
  toAnchor,
} from '../../src/lib/openapi';
import {schemaFacts, schemaRows, typeLabel, type JsonObject} from '../../src/lib/jsonSchema';
import {codeSpan, inlineCodeParts} from '../../src/lib/codeSpan';
import {dereference} from '../../src/lib/references';

test('toAnchor turns operation ids and tag names into anchors', () => {
  expect(toAnchor('listApplications')).toBe('list-applications');
  expect(toAnchor('getHTTPConfig')).toBe('get-httpconfig');
  expect(toAnchor('Time zone')).toBe('time-zone');
  expect(toAnchor('  Door / Lock  ')).toBe('door-lock');
});

test('dereference follows JSON pointers, escapes included, and fails loudly', async () => {
  const document: JsonObject = {
    a: {'b/c': [{d: {n: 1}}], 'e~f': {n: 2}},
    x: {$ref: '#/a/b~1c/0/d'},
    y: {$ref: '#/a/e~0f'},
  };
  const out = await dereference({location: 'p.yaml', document}, () => ({}));
  expect(out.x).toEqual({n: 1});
  expect(out.y).toEqual({n: 2});
  const missing: JsonObject = {a: {}, x: {$ref: '#/a/missing'}};
  await expect(dereference({location: 'p.yaml', document: missing}, () => ({}))).rejects.toThrow(/missing/);
});

test('dereference resolves document references against the referring document', async () => {
  const loaded: string[] = [];
  const documents: Record<string, JsonObject> = {
    'common.yaml': {x: {type: 'string'}},
    'device-configuration/a/b.yaml': {y: {$ref: 'c.yaml#/x'}},
    'device-configuration/a/c.yaml': {x: {type: 'string'}},
  };
  const load = (location: string): JsonObject => {
    loaded.push(location);
    return documents[location]!;
  };
  const out = await dereference(
    {
      location: 'device-configuration/time-api.yaml',
      document: {a: {$ref: '../common.yaml#/x'}, b: {$ref: 'a/b.yaml#/y'}, c: {$ref: '#/a'}},
    },
    load,
  );
  expect(out).toEqual({a: {type: 'string'}, b: {type: 'string'}, c: {type: 'string'}});
  // Each document once; `c.yaml`, referenced from `device-configuration/a/b.yaml`, is its neighbour.
  expect(loaded.sort()).toEqual(['common.yaml', 'device-configuration/a/b.yaml', 'device-configuration/a/c.yaml']);
});

test('dereference copies what it inlines and leaves the documents it is given unchanged', async () => {
  const document: JsonObject = {s: {Id: {type: 'string'}}, a: {$ref: '#/s/Id'}, b: {$ref: '#/s/Id'}};
  const before = structuredClone(document);
  const out = await dereference({location: 'x.yaml', document}, () => ({}));
  expect(document).toEqual(before);
  expect(out.a).toEqual({type: 'string'});
  expect(out.a).not.toBe(out.b);
});

test('typeLabel and schemaFacts describe a schema in words', () => {
  expect(typeLabel({type: ['string', 'null'], format: 'date-time'})).toBe('string (date-time) | null');
  expect(typeLabel({type: 'array', items: {type: 'integer'}})).toBe('array of integer');
  expect(typeLabel({oneOf: [{type: 'string'}, {type: 'number'}]})).toBe('string | number');
  expect(typeLabel({properties: {}})).toBe('object');
  expect(
    schemaFacts({
      enum: ['a', 'b'],
      default: 'a',
      minimum: 0,
      exclusiveMaximum: 10,
      'x-unit': 'seconds',
      readOnly: true,
    }),
  ).toEqual(['One of: a, b', 'Default: a', 'Range: ≥ 0, < 10', 'Unit: seconds', 'Read-only']);
  expect(schemaFacts({type: 'string'})).toEqual([]);
});

test('schemaRows flattens nested objects, arrays of objects and allOf', () => {
  const rows = schemaRows({
    type: 'object',
    required: ['apps'],
    properties: {
      apps: {
        type: 'array',
        items: {
          allOf: [
            {type: 'object', required: ['id'], properties: {id: {type: 'string', description: 'Name'}}},
            {properties: {limits: {type: 'object', properties: {memoryMiB: {type: 'integer', 'x-unit': 'MiB'}}}}},
          ],
        },
      },
    },
  });
  expect(rows.map((r) => [r.name, r.depth, r.type, r.required])).toEqual([
    ['apps', 0, 'array of object', true],
    ['apps[].id', 1, 'string', true],
    ['apps[].limits', 1, 'object', false],
    ['apps[].limits.memoryMiB', 2, 'integer', false],
  ]);
  expect(rows[3]!.facts).toEqual(['Unit: MiB']);
  expect(schemaRows({type: 'string', format: 'binary'})).toEqual([
    {name: '(body)', depth: 0, type: 'string (binary)', required: true, description: undefined, facts: []},
  ]);
});

test('mediaExamples reads example or named examples', () => {
  expect(mediaExamples({example: {a: 1}})).toEqual([{value: {a: 1}}]);
  expect(mediaExamples({examples: {on: {summary: 'Switch on', value: true}, bare: {value: 2}}})).toEqual([
    {title: 'Switch on', value: true},
    {title: 'bare', value: 2},
  ]);
  expect(mediaExamples({})).toEqual([]);
});

test('shellQuote and buildCurl produce a command that survives the shell', () => {
  expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  const curl = buildCurl({
    method: 'patch',
    baseUrl: 'https://192.0.2.10/vireo/x/v1',
    path: '/apps/{appId}',
    parameters: [
      {name: 'appId', in: 'path', required: true, example: 'parking watch'},
      {name: 'verbose', in: 'query', schema: {type: 'boolean'}},
      {name: 'dryRun', in: 'query', example: true},
    ],
    body: {contentType: 'application/json', example: {note: "Bob's"}},
    auth: 'digest',
  });
  expect(curl).toBe(
    [
      `curl --digest -u '<username>:<password>' --cacert lab-ca.pem`,
      `  -X PATCH 'https://192.0.2.10/vireo/x/v1/apps/parking%20watch?dryRun=true'`,
      `  -H 'Content-Type: application/json'`,
      `  --data '{"note":"Bob'\\''s"}'`,
    ].join(' \\\n'),
  );
  expect(buildCurl({method: 'get', baseUrl: 'https://h/v1', path: '/apis', parameters: [], auth: 'none'})).toBe(
    `curl --cacert lab-ca.pem \\\n  'https://h/v1/apis'`,
  );
  expect(buildCurl({method: 'post', baseUrl: 'https://h/v1', path: '/token', parameters: [], auth: 'client'})).toBe(
    `curl -u '<client-id>:<client-secret>' --cacert lab-ca.pem \\\n  -X POST 'https://h/v1/token'`,
  );
});

test('curlAuth: the credentials follow the security requirements, not only the role', () => {
  const schemes = {
    digest: {type: 'http', scheme: 'digest'},
    basic: {type: 'http', scheme: 'basic'},
    bearer: {type: 'http', scheme: 'bearer'},
  };
  expect(curlAuth('viewer', [{digest: []}, {basic: []}, {bearer: []}], schemes)).toBe('digest');
  expect(curlAuth('anonymous', [{}], schemes)).toBe('none');
  expect(curlAuth('anonymous', [], schemes)).toBe('none');
  expect(curlAuth('viewer', [{digest: []}, {}], schemes)).toBe('none');
  // The token endpoint: no account role, but HTTP Basic client authentication.
  expect(curlAuth('anonymous', [{basic: []}], schemes)).toBe('client');
  expect(curlAuth('operator', [{bearer: []}], schemes)).toBe('bearer');
  expect(curlAuth('admin', [{basic: []}], schemes)).toBe('basic');
  // OAuth 2.0 modelled with its flow (common.yaml): a token is sent as a bearer token.
  const oauth = {oauth2: {type: 'oauth2', flows: {clientCredentials: {tokenUrl: '/t', scopes: {}}}}};
  expect(curlAuth('operator', [{oauth2: ['vireo:operator']}], oauth)).toBe('bearer');
});

test('serverUrl fills variables with defaults and requires them', () => {
  expect(
    serverUrl({servers: [{url: 'https://{device}/vireo/time/v1/', variables: {device: {default: '192.0.2.10'}}}]}),
  ).toBe('https://192.0.2.10/vireo/time/v1');
  expect(() => serverUrl({servers: [{url: 'https://{device}/v1'}]})).toThrow(/no default/);
  expect(() => serverUrl({})).toThrow(/servers/);
});

const minimal = (op: JsonObject): JsonObject => ({
  openapi: '3.1.0',
  info: {title: 'Demo API', version: '1.0.0'},
  servers: [{url: 'https://192.0.2.10/vireo/demo/v1'}],
  tags: [{name: 'Things', description: 'All the `things`.'}],
  paths: {'/things/{id}': {parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'string'}}], get: op}},
});

test('buildDocumentModel groups operations by tag with role, anchors, errors and curl', () => {
  const model = buildDocumentModel(
    minimal({
      operationId: 'getThing',
      summary: 'Read a thing',
      tags: ['Things'],
      'x-lykta-minimum-role': 'viewer',
      responses: {
        '200': {description: 'The thing.', content: {'application/json': {schema: {type: 'object'}, example: {a: 1}}}},
        '404': {
          description: 'No such thing.',
          content: {'application/problem+json': {schema: {type: 'object'}, example: {code: 'resource.not_found'}}},
        },
      },
    }),
  );
  expect(model.tags).toHaveLength(1);
  const op = model.tags[0]!.operations[0]!;
  expect(op).toMatchObject({
    id: 'getThing',
    anchor: 'get-thing',
    method: 'GET',
    fullPath: '/vireo/demo/v1/things/{id}',
    role: 'viewer',
    tag: 'Things',
  });
  expect(op.parameters.map((p) => p.name)).toEqual(['id']);
  expect(op.responses.map((r) => [r.status, r.codes])).toEqual([
    ['200', []],
    ['404', ['resource.not_found']],
  ]);
  expect(op.responses[0]!.body!.examples[0]!.value).toBe('{\n  "a": 1\n}');
  expect(op.curl).toContain(`'https://192.0.2.10/vireo/demo/v1/things/%3Cid%3E'`);
});

test('buildDocumentModel names the operation that breaks a rule', () => {
  const base = {operationId: 'getThing', summary: 'Read', tags: ['Things'], responses: {}};
  expect(() => buildDocumentModel(minimal(base))).toThrow(/GET \/things\/\{id\}: x-lykta-minimum-role/);
  expect(() => buildDocumentModel(minimal({...base, 'x-lykta-minimum-role': 'root'}))).toThrow(/minimum-role/);
  expect(() => buildDocumentModel(minimal({...base, 'x-lykta-minimum-role': 'admin', tags: ['Other']}))).toThrow(
    /first tag must be declared/,
  );
  const {operationId: _id, ...noId} = base;
  expect(() => buildDocumentModel(minimal(noId))).toThrow(/operationId is missing/);
});

test('inlineCodeParts splits on matched backticks only', () => {
  expect(inlineCodeParts('use `a` and `b`')).toEqual(['use ', 'a', ' and ', 'b', '']);
  expect(inlineCodeParts('odd ` tick')).toEqual(['odd ` tick']);
  expect(inlineCodeParts('a `b` c ` d')).toEqual(['a ', 'b', ' c ` d']);
  expect(inlineCodeParts('x ``a ` b`` y')).toEqual(['x ', 'a ` b', ' y']);
  expect(inlineCodeParts('`` `tick` ``')).toEqual(['', '`tick`', '']);
});

test('codeSpan round-trips any text through inlineCodeParts, backticks and spaces included', () => {
  for (const text of ['^[a-z0-9][a-z0-9-]{0,62}$', "^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$", '`x', 'a``b`', ' a', '  ']) {
    expect(inlineCodeParts(`Pattern: ${codeSpan(text)}`), text).toEqual(['Pattern: ', text, '']);
  }
  expect(schemaFacts({type: 'string', pattern: '^[a-z]+$'})).toEqual(['Pattern: `^[a-z]+$`']);
});

test('the page model shows response headers, security with scopes, and deprecated parameters', () => {
  const model = buildDocumentModel({
    openapi: '3.1.0',
    info: {title: 'T', version: '1.0.0'},
    servers: [{url: 'https://{device}/vireo/t/v1', variables: {device: {default: '192.0.2.10'}}}],
    tags: [{name: 'A'}],
    components: {
      securitySchemes: {
        digest: {type: 'http', scheme: 'digest'},
        oauth2: {type: 'oauth2', flows: {clientCredentials: {tokenUrl: '/vireo/oauth/v1/token', scopes: {}}}},
      },
    },
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          summary: 'Create',
          tags: ['A'],
          'x-lykta-minimum-role': 'operator',
          security: [{digest: []}, {oauth2: ['vireo:operator']}],
          parameters: [
            {name: 'from', in: 'query', deprecated: true, schema: {type: 'string'}},
            {name: 'If-Match', in: 'header', schema: {type: 'string'}},
          ],
          responses: {
            '201': {
              description: 'Created.',
              headers: {
                Location: {
                  description: 'Path.',
                  schema: {type: 'string', format: 'uri-reference'},
                  example: '/vireo/t/v1/things/7',
                },
              },
            },
            '429': {description: 'Slow down.', headers: {'Retry-After': {schema: {type: 'integer', minimum: 1}}}},
          },
        },
        get: {
          operationId: 'listThings',
          summary: 'List',
          tags: ['A'],
          'x-lykta-minimum-role': 'anonymous',
          security: [{}, {digest: []}],
          responses: {'200': {description: 'OK'}},
        },
      },
    },
  });
  const [list, create] = model.tags[0]!.operations;
  expect(create!.security).toEqual({
    anonymous: false,
    schemes: [
      {name: 'digest', label: 'HTTP Digest', scopes: []},
      {name: 'oauth2', label: 'OAuth 2.0 bearer token', scopes: ['vireo:operator']},
    ],
  });
  expect(list!.security.anonymous).toBe(true);
  const created = create!.responses.find((r) => r.status === '201')!;
  expect(created.headers).toEqual([
    {
      name: 'Location',
      type: 'string (uri-reference)',
      description: 'Path.',
      facts: ['Example: `/vireo/t/v1/things/7`'],
    },
  ]);
  expect(create!.responses.find((r) => r.status === '429')!.headers[0]!.facts).toEqual(['Range: ≥ 1']);
  expect(create!.parameters.find((p) => p.name === 'from')!.facts).toContain('Deprecated');
  expect(create!.parameters.find((p) => p.name === 'If-Match')!.in).toBe('header');
  expect(create!.curl).toContain("--digest -u '<username>:<password>'");
});
