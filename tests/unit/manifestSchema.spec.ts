import {test, expect} from '@playwright/test';
import {fieldGroups, MANIFEST_VERSIONS, previousVersion, schemaDiff} from '../../src/lib/manifestSchema';
import type {JsonObject} from '../../src/lib/jsonSchema';

const base: JsonObject = {
  type: 'object',
  required: ['schemaVersion', 'application'],
  properties: {
    schemaVersion: {const: '1.0'},
    application: {
      type: 'object',
      required: ['name'],
      properties: {name: {type: 'string', maxLength: 30}, legacy: {type: 'string'}},
    },
    parameters: {type: 'array', items: {type: 'object', properties: {type: {type: 'string', enum: ['int', 'bool']}}}},
  },
};

const next: JsonObject = {
  ...base,
  properties: {
    schemaVersion: {const: '1.1'},
    application: {type: 'object', required: ['name'], properties: {name: {type: 'string', maxLength: 64}}},
    parameters: {
      type: 'array',
      items: {type: 'object', properties: {type: {type: 'string', enum: ['int', 'bool', 'password']}}},
    },
    network: {type: 'object', properties: {useProxy: {type: 'boolean', default: false}}},
  },
};

test('schemaDiff reports added, removed and changed fields, but not schemaVersion', () => {
  const diff = schemaDiff(base, next);
  expect(diff.added).toEqual(['network', 'network.useProxy']);
  expect(diff.removed).toEqual(['application.legacy']);
  expect(diff.changed).toEqual([
    {field: 'application.name', before: 'Length: 0–30', after: 'Length: 0–64'},
    {field: 'parameters[].type', before: 'One of: int, bool', after: 'One of: int, bool, password'},
  ]);
  expect(schemaDiff(next, next)).toEqual({added: [], removed: [], changed: []});
});

test('fieldGroups gives the top level, then one group per nested member with relative depth', () => {
  const groups = fieldGroups(next);
  expect(groups.map((g) => g.member)).toEqual([undefined, 'application', 'parameters', 'network']);
  expect(groups[0]!.rows.map((r) => r.name)).toEqual(['schemaVersion', 'application', 'parameters', 'network']);
  expect(groups[2]!.rows).toMatchObject([{name: 'parameters[].type', depth: 0}]);
});

test('the version table is ordered and previousVersion walks it', () => {
  const numeric = (v: string) => v.split('.').map(Number);
  for (let i = 1; i < MANIFEST_VERSIONS.length; i++) {
    const [a, b] = [numeric(MANIFEST_VERSIONS[i - 1]!.version), numeric(MANIFEST_VERSIONS[i]!.version)];
    const cmp = a[0]! - b[0]! || a[1]! - b[1]! || (a[2] ?? 0) - (b[2] ?? 0);
    expect(cmp, MANIFEST_VERSIONS[i]!.version).toBeLessThan(0);
  }
  expect(previousVersion('1.0')).toBeUndefined();
  expect(previousVersion('1.3.1')?.version).toBe('1.3');
  expect(previousVersion('9.9')).toBeUndefined();
});
