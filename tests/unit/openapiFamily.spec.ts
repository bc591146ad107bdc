import {test, expect} from '@playwright/test';
import {joinFamily, pascalCase} from '../../src/lib/openapiFamily';
import {collectCodes, remedy, type ApiPage} from '../../src/lib/errorCodes';
import type {JsonObject} from '../../src/lib/jsonSchema';

const api = (id: string, major: number, schema: JsonObject, host = 'device'): JsonObject => ({
  openapi: '3.1.0',
  info: {title: `${pascalCase(id)} API`, version: `${major}.0.0`, 'x-lykta-api-id': id},
  servers: [{url: `https://{${host}}/vireo/${id}/v${major}`, variables: {[host]: {default: '192.0.2.10'}}}],
  tags: [{name: 'Things'}],
  paths: {
    '/things': {
      get: {
        operationId: `list${pascalCase(id)}V${major}Things`,
        tags: ['Things'],
        responses: {
          '200': {description: 'OK', content: {'application/json': {schema: {$ref: '#/components/schemas/Thing'}}}},
          '404': {$ref: '#/components/responses/NotFound'},
        },
      },
    },
  },
  components: {
    schemas: {Thing: schema},
    responses: {NotFound: {description: 'Not found.'}},
  },
});

test('joinFamily puts each API under its base path and renames clashing components only', () => {
  const family = joinFamily(
    [
      {name: 'a/decoder', document: api('decoder', 1, {type: 'object'})},
      {name: 'a/decoder2', document: api('decoder', 2, {type: 'string'})},
      {name: 'a/time', document: api('time', 1, {type: 'object'})},
      {name: 'a/pro', document: api('audio-manager-pro', 1, {type: 'object'}, 'server')},
    ],
    {title: 'F', version: '1', description: 'd'},
  );
  const paths = family.paths as Record<string, JsonObject>;
  expect(Object.keys(paths)).toEqual([
    '/vireo/decoder/v1/things',
    '/vireo/decoder/v2/things',
    '/vireo/time/v1/things',
    '/vireo/audio-manager-pro/v1/things',
  ]);
  const schemas = (family.components as JsonObject).schemas as JsonObject;
  // Identical components are shared; a clash is renamed with the API's identifier, and its references follow.
  expect(Object.keys(schemas)).toEqual(['Thing', 'DecoderThing']);
  const ref = (p: string) =>
    (
      ((((paths[p]!.get as JsonObject).responses as JsonObject)['200'] as JsonObject).content as JsonObject)[
        'application/json'
      ] as JsonObject
    ).schema;
  expect(ref('/vireo/decoder/v2/things')).toEqual({$ref: '#/components/schemas/DecoderThing'});
  expect(ref('/vireo/time/v1/things')).toEqual({$ref: '#/components/schemas/Thing'});
  expect(Object.keys((family.components as JsonObject).responses as JsonObject)).toEqual(['NotFound']);
  // The server software keeps its own host; the devices share the family's server.
  expect(paths['/vireo/audio-manager-pro/v1/things']!.servers).toEqual([
    {url: 'https://{server}', variables: {server: {default: '192.0.2.10'}}},
  ]);
  expect(family.servers).toEqual([{url: 'https://{device}', variables: {device: {default: '192.0.2.10'}}}]);
  expect((family['x-tagGroups'] as JsonObject[])[0]).toEqual({name: 'Decoder API', tags: ['Decoder API: Things']});
});

test('joinFamily refuses duplicate operationIds and external references', () => {
  const one = api('time', 1, {type: 'object'});
  expect(() =>
    joinFamily(
      [
        {name: 'a', document: one},
        {name: 'b', document: {...api('clock', 1, {type: 'object'}), paths: one.paths}},
      ],
      {title: '', version: '', description: ''},
    ),
  ).toThrow(/operationId listTimeV1Things/);
  const external = {...one, components: {schemas: {Thing: {$ref: '../common.yaml#/x'}}}};
  expect(() => joinFamily([{name: 'a', document: external}], {title: '', version: '', description: ''})).toThrow(
    /external \$ref/,
  );
});

test('collectCodes lists each code with its status, meaning and operations; remedy covers its statuses', () => {
  const document: JsonObject = {
    paths: {
      '/things/{thingId}': {
        delete: {
          operationId: 'deleteThing',
          responses: {
            '409': {
              description: 'The thing is in use.',
              content: {
                'application/problem+json': {
                  examples: {
                    inUse: {summary: 'The thing is still in use', value: {code: 'things.in_use', title: 'In use'}},
                    locked: {value: {code: 'resource.conflict', title: 'Conflict'}},
                  },
                },
              },
            },
          },
        },
      },
    },
  };
  const page: ApiPage = {name: 'a/things', title: 'Things API', route: '/vireo/a/things/', apiId: 'things', document};
  const codes = collectCodes([page]);
  expect(codes.map((c) => [c.code, c.status, c.meaning])).toEqual([
    ['resource.conflict', 409, 'Conflict'],
    ['things.in_use', 409, 'The thing is still in use'],
  ]);
  expect(codes[1]!.uses).toEqual([
    {label: 'DELETE /things/{thingId}', url: '/vireo/a/things/#delete-thing', api: 'Things API'},
  ]);
  expect(codes[0]!.owner).toBeUndefined();
  expect(codes[1]!.owner).toBe(page);
  expect(() => remedy(418)).toThrow(/no client advice/);
});
