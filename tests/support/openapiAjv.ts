/**
 * The OpenAPI documents of static/openapi/ loaded into one Ajv (draft 2020-12) under the URLs
 * they are published at, so that a schema can `$ref` them and a check can validate against any
 * operation's request or response schema; and the lookup of the operation a request path names.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import Ajv2020, {type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {filesUnder, ROOT} from './files';

export type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
export type Obj = {[key: string]: Json};
export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export const SITE = 'https://developer.lykta.example/';
const OPENAPI = path.join(ROOT, 'static/openapi');

/** Every OpenAPI document by its published URL (`https://developer.lykta.example/openapi/…`). */
export const documents = new Map<string, Obj>(
  filesUnder(OPENAPI, /\.ya?ml$/).map((file) => [
    new URL(`openapi/${path.relative(OPENAPI, file).split(path.sep).join('/')}`, SITE).href,
    YAML.parse(fs.readFileSync(file, 'utf8')) as Obj,
  ]),
);

export const ajv = new Ajv2020({strict: false, allErrors: true, validateSchema: false});
addFormats(ajv);
for (const [url, doc] of documents) ajv.addSchema(doc as object, url);

const compiled = new Map<string, ValidateFunction>();
/** A validator for the schema at an absolute URL with a JSON pointer fragment. */
export function validatorFor(url: string): ValidateFunction {
  if (!compiled.has(url)) compiled.set(url, ajv.compile({$ref: url}));
  return compiled.get(url)!;
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export interface Operation {
  /** Published URL of the document. */
  document: string;
  /** The path as the document writes it (`/doors/{doorId}`) and the method in lower case. */
  path: string;
  method: string;
  operation: Obj;
  /** Path-level and operation-level parameters. */
  parameters: Obj[];
  /** URL of the schema of a JSON request body, if the operation takes one. */
  requestSchema?: string;
  /** The first 2xx status, the URL of its JSON schema and its documented example. */
  status?: number;
  responseSchema?: string;
  responseExample?: Json;
}

/** The API base path of a document (`/vireo/eventlogger/v1`), from its first server URL. */
export function basePath(doc: Obj): string | undefined {
  const servers = (doc.servers as {url: string}[] | undefined) ?? [];
  return servers[0] ? new URL(servers[0].url.replace('{device}', 'device')).pathname.replace(/\/$/, '') : undefined;
}

function resolveRef(doc: Obj, value: Json): Obj | undefined {
  if (!isObj(value)) return undefined;
  if (typeof value.$ref !== 'string' || !value.$ref.startsWith('#/')) return value;
  let node: Json = doc;
  for (const part of value.$ref.slice(2).split('/'))
    node = (node as Obj)[part.replace(/~1/g, '/').replace(/~0/g, '~')]!;
  return isObj(node) ? node : undefined;
}

let all: (Operation & {pattern: string})[] | undefined;
/** Every operation of every document, with what a simulated device needs to answer it (read once). */
export function operations(): (Operation & {pattern: string})[] {
  if (all) return all;
  const out: (Operation & {pattern: string})[] = [];
  for (const [url, doc] of documents) {
    const base = basePath(doc);
    if (!base || !isObj(doc.paths)) continue;
    for (const [p, item] of Object.entries(doc.paths)) {
      if (!isObj(item)) continue;
      const shared: Obj[] = ((item.parameters as Json[] | undefined) ?? [])
        .map((x) => resolveRef(doc, x))
        .filter((x): x is Obj => x !== undefined);
      for (const [method, op] of Object.entries(item)) {
        if (!isObj(op) || !['get', 'put', 'post', 'patch', 'delete'].includes(method)) continue;
        const own: Obj[] = ((op.parameters as Json[] | undefined) ?? [])
          .map((x) => resolveRef(doc, x))
          .filter((x): x is Obj => x !== undefined);
        const body = resolveRef(doc, op.requestBody ?? null);
        const jsonBody = isObj(body?.content) && isObj((body!.content as Obj)['application/json']);
        const responses = (op.responses as Obj | undefined) ?? {};
        const code = Object.keys(responses)
          .filter((c) => /^2\d\d$/.test(c))
          .sort()[0];
        const response = code ? resolveRef(doc, responses[code]!) : undefined;
        const media = isObj(response?.content)
          ? ((response!.content as Obj)['application/json'] as Obj | undefined)
          : undefined;
        const example =
          media?.example ??
          (isObj(media?.examples)
            ? (Object.values(media!.examples as Obj).find(isObj) as Obj | undefined)?.value
            : undefined);
        out.push({
          document: url,
          path: p,
          method,
          operation: op,
          parameters: [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own],
          requestSchema: jsonBody
            ? `${url}#/${pointer('paths', p, method)}/requestBody/content/application~1json/schema`
            : undefined,
          status: code ? Number(code) : undefined,
          responseSchema: media?.schema
            ? `${url}#/${pointer('paths', p, method, 'responses', code!)}/content/application~1json/schema`
            : undefined,
          responseExample: example,
          pattern: `${base}${p.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}`,
        });
      }
    }
  }
  all = out;
  return out;
}

/** The operation a method and request path (`/vireo/eventlogger/v1/entries`) name, if any. */
export function findOperation(method: string, requestPath: string) {
  return operations().find((o) => o.method === method.toLowerCase() && new RegExp(`^${o.pattern}$`).test(requestPath));
}
