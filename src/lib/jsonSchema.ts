/**
 * JSON and JSON Schema helpers shared by the OpenAPI pages (src/lib/openapi.ts) and the LEAP
 * manifest-schema pages (src/lib/manifestSchema.ts): the JSON value types, and a schema described
 * in words — a short type label, its constraints as facts, and one table row per
 * member, nested objects and array items included. Pure functions.
 */
import {codeSpan} from './codeSpan';

export type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
export type JsonObject = {[key: string]: Json};

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface SchemaRow {
  /** Dotted path of the member; `[]` marks array items (`items[].id`). */
  name: string;
  depth: number;
  type: string;
  required: boolean;
  description?: string;
  /** Allowed values, defaults, ranges, formats and the unit, as short strings. */
  facts: string[];
}

/** A short, readable type: `string (date-time)`, `array of object`, `integer | null`. */
export function typeLabel(schema: JsonObject): string {
  const one = (raw: JsonObject): string => {
    const s = flattenAllOf(raw);
    if (Array.isArray(s.type)) return s.type.map((t) => one({...s, type: t})).join(' | ');
    if (s.const !== undefined) return `${typeof s.const} (constant)`;
    const alternatives = (s.oneOf ?? s.anyOf) as Json[] | undefined;
    if (Array.isArray(alternatives)) return alternatives.filter(isObject).map(one).join(' | ');
    if (s.type === 'array' && isObject(s.items)) return `array of ${one(s.items)}`;
    const type = typeof s.type === 'string' ? s.type : isObject(s.properties) ? 'object' : 'any';
    return typeof s.format === 'string' && type !== 'null' ? `${type} (${s.format})` : type;
  };
  return one(schema);
}

/** A JSON value as short text: a string as it is, anything else as JSON. */
export const show = (v: Json): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** Constraints worth a reader's attention, in a fixed order. */
export function schemaFacts(schema: JsonObject): string[] {
  const facts: string[] = [];
  const enumValues = Array.isArray(schema.enum) ? schema.enum : undefined;
  if (enumValues) facts.push(`One of: ${enumValues.map(show).join(', ')}`);
  if (schema.const !== undefined) facts.push(`Always ${show(schema.const)}`);
  if (schema.default !== undefined) facts.push(`Default: ${show(schema.default)}`);
  const min = schema.minimum ?? schema.exclusiveMinimum;
  const max = schema.maximum ?? schema.exclusiveMaximum;
  if (min !== undefined || max !== undefined) {
    const lo = min === undefined ? '' : `${schema.exclusiveMinimum !== undefined ? '>' : '≥'} ${show(min)}`;
    const hi = max === undefined ? '' : `${schema.exclusiveMaximum !== undefined ? '<' : '≤'} ${show(max)}`;
    facts.push(`Range: ${[lo, hi].filter(Boolean).join(', ')}`);
  }
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    facts.push(`Length: ${show(schema.minLength ?? 0)}–${show(schema.maxLength ?? '∞')}`);
  if (schema.minItems !== undefined || schema.maxItems !== undefined)
    facts.push(`Items: ${show(schema.minItems ?? 0)}–${show(schema.maxItems ?? '∞')}`);
  if (typeof schema.pattern === 'string') facts.push(`Pattern: ${codeSpan(schema.pattern)}`);
  if (typeof schema['x-unit'] === 'string') facts.push(`Unit: ${schema['x-unit']}`);
  if (schema.readOnly === true) facts.push('Read-only');
  if (schema.writeOnly === true) facts.push('Write-only');
  if (schema.deprecated === true) facts.push('Deprecated');
  return facts;
}

/** Merges `allOf` parts into one object schema (the documents use allOf only to extend). */
function flattenAllOf(schema: JsonObject): JsonObject {
  if (!Array.isArray(schema.allOf)) return schema;
  const {allOf, ...rest} = schema;
  const merged: JsonObject = {...rest};
  const properties: JsonObject = {...(isObject(rest.properties) ? rest.properties : {})};
  const required = new Set<string>(Array.isArray(rest.required) ? (rest.required as string[]) : []);
  for (const part of allOf.filter(isObject).map(flattenAllOf)) {
    if (isObject(part.properties)) Object.assign(properties, part.properties);
    if (Array.isArray(part.required)) (part.required as string[]).forEach((r) => required.add(r));
    for (const [k, v] of Object.entries(part))
      if (k !== 'properties' && k !== 'required' && merged[k] === undefined) merged[k] = v;
  }
  if (Object.keys(properties).length > 0) merged.properties = properties;
  if (required.size > 0) merged.required = [...required];
  return merged;
}

/**
 * One row per member, depth-first, so nested objects and array items read as an
 * indented table. The root itself gets a row only when it is not an object.
 */
export function schemaRows(schema: JsonObject, maxDepth = 6): SchemaRow[] {
  const rows: SchemaRow[] = [];
  const visit = (raw: JsonObject, prefix: string, depth: number) => {
    const s = flattenAllOf(raw);
    if (depth > maxDepth) return;
    if (s.type === 'array' && isObject(s.items)) {
      const items = flattenAllOf(s.items);
      if (isObject(items.properties)) visit(items, `${prefix}[]`, depth);
      return;
    }
    if (!isObject(s.properties)) return;
    const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
    for (const [name, value] of Object.entries(s.properties)) {
      if (!isObject(value)) continue;
      const member = flattenAllOf(value);
      const path = prefix ? `${prefix}.${name}` : name;
      rows.push({
        name: path,
        depth,
        type: typeLabel(member),
        required: required.has(name),
        description: typeof member.description === 'string' ? member.description : undefined,
        facts: schemaFacts(member),
      });
      visit(member, path, depth + 1);
    }
  };
  const root = flattenAllOf(schema);
  if (!isObject(root.properties) && !(root.type === 'array' && isObject(root.items))) {
    rows.push({
      name: '(body)',
      depth: 0,
      type: typeLabel(root),
      required: true,
      description: typeof root.description === 'string' ? root.description : undefined,
      facts: schemaFacts(root),
    });
  }
  visit(root, '', 0);
  return rows;
}
