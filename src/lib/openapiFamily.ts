/**
 * Joins the bundled (self-contained) OpenAPI documents of the VIREO family into one document,
 * for tools that take one file (Postman, a generator for a whole-device client). Each API's paths
 * move under its base path (`/clock` → `/vireo/time/v1/clock`), its tags are prefixed with its
 * title and grouped per API (`x-tagGroups`), and components with the same name but different
 * content are renamed with the API's identifier, their references rewritten. Pure functions.
 */
import {isObject, type Json, type JsonObject} from './jsonSchema';

export interface BundledApi {
  /** `device-configuration/time-api`: where the document lives, for messages. */
  name: string;
  document: JsonObject;
}

const COMPONENT_TYPES = [
  'schemas',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'headers',
  'securitySchemes',
  'links',
  'callbacks',
  'pathItems',
];

/** `network-time-sync` → `NetworkTimeSync`. */
export function pascalCase(id: string): string {
  return id
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

const canonical = (v: Json): string =>
  JSON.stringify(v, (_k, value: Json) =>
    isObject(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) : value,
  );

/** Replaces `#/components/<type>/<old>` references by the renamed components. */
function rewriteRefs(node: Json, renames: Map<string, string>): Json {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, renames));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string') {
      if (!v.startsWith('#/')) throw new Error(`external $ref ${v} in a bundled document`);
      out[k] = renames.get(v) ?? v;
    } else out[k] = rewriteRefs(v, renames);
  }
  return out;
}

function serverOf(api: BundledApi): {origin: string; basePath: string; variables: JsonObject} {
  const server = Array.isArray(api.document.servers) ? api.document.servers[0] : undefined;
  if (!isObject(server) || typeof server.url !== 'string') throw new Error(`${api.name}: no servers[0].url`);
  const match = /^(https?:\/\/\{[a-z]+\}|https?:\/\/[^/]+)(\/.*)?$/.exec(server.url);
  if (!match) throw new Error(`${api.name}: server URL ${server.url} is not <origin>/<path>`);
  return {
    origin: match[1]!,
    basePath: (match[2] ?? '').replace(/\/$/, ''),
    variables: isObject(server.variables) ? server.variables : {},
  };
}

export function joinFamily(
  apis: BundledApi[],
  info: {title: string; version: string; description: string},
): JsonObject {
  const components: Record<string, JsonObject> = {};
  const paths: JsonObject = {};
  const tags: JsonObject[] = [];
  const tagGroups: JsonObject[] = [];
  const operationIds = new Map<string, string>();
  const device = serverOf(apis[0]!);
  for (const api of apis) {
    const doc = api.document;
    const title = isObject(doc.info) ? String(doc.info.title) : api.name;
    const apiId =
      isObject(doc.info) && typeof doc.info['x-lykta-api-id'] === 'string' ? doc.info['x-lykta-api-id'] : api.name;
    const own = isObject(doc.components) ? doc.components : {};
    const {origin, basePath, variables} = serverOf(api);
    const major = basePath.match(/\/v(\d+)$/)?.[1] ?? '1';
    // Decide the merged name of each component, then rewrite the document's references.
    const renames = new Map<string, string>();
    const chosen: [string, string, Json][] = [];
    for (const type of COMPONENT_TYPES) {
      const entries = isObject(own[type]) ? Object.entries(own[type] as JsonObject) : [];
      components[type] ??= {};
      for (const [name, value] of entries) {
        const existing = components[type]![name];
        let target = name;
        if (existing !== undefined && canonical(existing) !== canonical(value)) {
          const suffix = `${name[0]!.toUpperCase()}${name.slice(1)}`;
          // Two majors of one API (decoder v1 and v2) are told apart by the major.
          target = [`${pascalCase(apiId)}${suffix}`, `${pascalCase(apiId)}V${major}${suffix}`].find(
            (candidate) => components[type]![candidate] === undefined,
          )!;
          if (!target) throw new Error(`${api.name}: component ${type}/${name} cannot be renamed`);
          renames.set(`#/components/${type}/${name}`, `#/components/${type}/${target}`);
        }
        chosen.push([type, target, value]);
      }
    }
    for (const [type, target, value] of chosen) components[type]![target] = rewriteRefs(value, renames);
    const tagName = (t: string) => `${title}: ${t}`;
    const groupTags: string[] = [];
    for (const tag of Array.isArray(doc.tags) ? doc.tags.filter(isObject) : []) {
      tags.push({...tag, name: tagName(String(tag.name))});
      groupTags.push(tagName(String(tag.name)));
    }
    tagGroups.push({name: title, tags: groupTags});
    for (const [path, rawItem] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
      const item = rewriteRefs(rawItem, renames) as JsonObject;
      for (const op of Object.values(item).filter(isObject)) {
        if (Array.isArray(op.tags)) op.tags = op.tags.map((t) => tagName(String(t)));
        if (typeof op.operationId === 'string') {
          const other = operationIds.get(op.operationId);
          if (other) throw new Error(`operationId ${op.operationId} in ${api.name} and ${other}`);
          operationIds.set(op.operationId, api.name);
        }
      }
      // An API served by another host (Audio Manager Pro) keeps its own server on its paths.
      if (origin !== device.origin) item.servers = [{url: origin, variables}];
      const full = `${basePath}${path}`;
      if (paths[full] !== undefined) throw new Error(`path ${full} in two documents (${api.name})`);
      paths[full] = item;
    }
  }
  for (const type of Object.keys(components)) if (Object.keys(components[type]!).length === 0) delete components[type];
  return {
    openapi: '3.1.0',
    info: {title: info.title, version: info.version, description: info.description},
    servers: [{url: device.origin, variables: device.variables}],
    tags,
    'x-tagGroups': tagGroups,
    paths,
    components,
  };
}
