/**
 * Turns an OpenAPI 3.1 document into the view model the API pages render: one entry per
 * operation with its parameters, request and response schemas flattened to table rows
 * (src/lib/jsonSchema.ts), examples, error codes and a copyable curl command, from a document
 * whose references are resolved (src/lib/references.ts). Pure functions; the file loading lives in
 * the remark plugin (src/remark/openapi-operations/).
 */
import {codeSpan} from './codeSpan';
import {
  isObject,
  schemaFacts,
  schemaRows,
  show,
  typeLabel,
  type Json,
  type JsonObject,
  type SchemaRow,
} from './jsonSchema';

export const ROLES = ['anonymous', 'viewer', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export interface ParameterModel {
  name: string;
  in: string;
  type: string;
  required: boolean;
  description?: string;
  facts: string[];
}

export interface BodyModel {
  contentType: string;
  description?: string;
  rows: SchemaRow[];
  examples: {title?: string; value: string}[];
}

/** A response header the document declares (`Location`, `ETag`, `Retry-After`). */
export interface HeaderModel {
  name: string;
  type: string;
  description?: string;
  /** Constraints and the example value, as short strings. */
  facts: string[];
}

/** One way to authenticate an operation: a scheme of the document and the scopes it needs. */
export interface SecurityModel {
  /** The operation can be called without credentials (an empty requirement). */
  anonymous: boolean;
  schemes: {name: string; label: string; scopes: string[]}[];
}

export interface ResponseModel {
  status: string;
  description: string;
  headers: HeaderModel[];
  body?: BodyModel;
  /** VIREO problem codes shown in this response's examples (problem+json only). */
  codes: string[];
}

export interface OperationModel {
  id: string;
  anchor: string;
  method: string;
  /** Path as in the document, relative to the server URL (`/clock`). */
  path: string;
  /** Path from the host on (`/vireo/time/v1/clock`), as the page shows it. */
  fullPath: string;
  summary: string;
  description?: string;
  tag: string;
  role: Role;
  deprecated: boolean;
  security: SecurityModel;
  parameters: ParameterModel[];
  requestBody?: BodyModel & {required: boolean};
  responses: ResponseModel[];
  curl: string;
}

export interface TagModel {
  name: string;
  anchor: string;
  description?: string;
  operations: OperationModel[];
}

export interface DocumentModel {
  title: string;
  version: string;
  openapi: string;
  baseUrl: string;
  tags: TagModel[];
}

/** `listApplications` → `list-applications`; used for heading anchors. */
export function toAnchor(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function formatExample(value: Json, contentType: string): string {
  if (typeof value === 'string' && !contentType.includes('json')) return value;
  return JSON.stringify(value, null, 2);
}

/** The examples of a media type object: `example`, or every entry of `examples`. */
export function mediaExamples(media: JsonObject): {title?: string; value: Json}[] {
  if (media.example !== undefined) return [{value: media.example}];
  if (!isObject(media.examples)) return [];
  return Object.entries(media.examples)
    .filter(([, e]) => isObject(e) && e.value !== undefined)
    .map(([name, e]) => {
      const example = e as JsonObject;
      return {title: typeof example.summary === 'string' ? example.summary : name, value: example.value!};
    });
}

/** The first media type of a content map: the one the page documents and curl sends. */
function firstMedia(content: Json | undefined): {contentType: string; media: JsonObject} | undefined {
  if (!isObject(content)) return undefined;
  const [contentType, media] = Object.entries(content)[0] ?? [];
  return contentType && isObject(media) ? {contentType, media} : undefined;
}

function bodyModel(content: Json | undefined, description?: Json): BodyModel | undefined {
  const first = firstMedia(content);
  if (!first) return undefined;
  const {contentType, media} = first;
  const schema = isObject(media.schema) ? media.schema : {};
  return {
    contentType,
    description: typeof description === 'string' ? description : undefined,
    rows: contentType.includes('json') ? schemaRows(schema) : [],
    examples: mediaExamples(media).map((e) => ({title: e.title, value: formatExample(e.value, contentType)})),
  };
}

/** A readable name for a security scheme: `HTTP Digest`, `HTTP Basic`, `OAuth 2.0 bearer token`. */
export function schemeLabel(name: string, scheme: Json | undefined): string {
  if (!isObject(scheme)) return name;
  if (scheme.type === 'oauth2') return 'OAuth 2.0 bearer token';
  if (scheme.type === 'http' && typeof scheme.scheme === 'string') {
    const kind = scheme.scheme.toLowerCase();
    return kind === 'bearer' ? 'Bearer token' : `HTTP ${kind[0]!.toUpperCase()}${kind.slice(1)}`;
  }
  if (scheme.type === 'apiKey') return `API key (${String(scheme.name)} in ${String(scheme.in)})`;
  return name;
}

/** The security requirements of an operation (alternatives), as the page lists them. */
export function securityModel(security: Json[], schemes: JsonObject): SecurityModel {
  const requirements = security.filter(isObject);
  const seen = new Map<string, {name: string; label: string; scopes: string[]}>();
  for (const requirement of requirements)
    for (const [name, scopes] of Object.entries(requirement)) {
      const entry = seen.get(name) ?? {name, label: schemeLabel(name, schemes[name]), scopes: []};
      for (const scope of Array.isArray(scopes) ? scopes : [])
        if (!entry.scopes.includes(String(scope))) entry.scopes.push(String(scope));
      seen.set(name, entry);
    }
  return {
    anonymous: requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0),
    schemes: [...seen.values()],
  };
}

/** The headers of a response: type, description, and the example as a fact. */
export function headerModels(headers: Json | undefined): HeaderModel[] {
  if (!isObject(headers)) return [];
  return Object.entries(headers)
    .filter((entry): entry is [string, JsonObject] => isObject(entry[1]))
    .map(([name, header]) => {
      const schema = isObject(header.schema) ? header.schema : {};
      const example = header.example ?? schema.example;
      const facts = schemaFacts(schema);
      if (header.deprecated === true && !facts.includes('Deprecated')) facts.push('Deprecated');
      if (example !== undefined) facts.push(`Example: ${codeSpan(show(example))}`);
      return {
        name,
        type: typeLabel(schema),
        description: typeof header.description === 'string' ? header.description : undefined,
        facts,
      };
    });
}

/** Quotes a string for a POSIX shell: `it's` → `'it'\''s'`. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The value a parameter takes in the curl example: its example, the schema's, or a placeholder. */
function parameterValue(p: JsonObject): string {
  const schema = isObject(p.schema) ? p.schema : {};
  const value = p.example ?? schema.example ?? (Array.isArray(schema.examples) ? schema.examples[0] : undefined);
  if (value !== undefined && value !== null) return String(value);
  if (schema.default !== undefined && schema.default !== null) return String(schema.default);
  return `<${String(p.name)}>`;
}

/**
 * A complete curl command for an operation: HTTP Digest with placeholder credentials
 * (the VIREO default), the lab CA the device certificate chains to (as in the VIREO
 * overview), path and required or exemplified query parameters filled in,
 * and the first request example as the body.
 */
/** How a curl example authenticates: not at all, as a device account (Digest or Basic), as an OAuth client, or with a token. */
export type CurlAuth = 'none' | 'digest' | 'basic' | 'client' | 'bearer';

/**
 * The credentials an operation's curl example sends, from its security requirements (the
 * operation's, else the document's) and the document's security schemes. An operation that
 * allows anonymous access (no requirement, or an empty one) sends none; an anonymous-role
 * operation that still requires HTTP Basic is an OAuth client authenticating (RFC 6749,
 * section 2.3.1), so it sends the client's ID and secret.
 */
export function curlAuth(role: Role, security: Json[], schemes: JsonObject): CurlAuth {
  const requirements = security.filter(isObject);
  if (requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0)) return 'none';
  const kinds = new Set(
    requirements
      .flatMap((r) => Object.keys(r))
      .map((name) => {
        const scheme = schemes[name];
        if (isObject(scheme) && scheme.type === 'oauth2') return 'bearer';
        return isObject(scheme) && typeof scheme.scheme === 'string' ? scheme.scheme.toLowerCase() : name;
      }),
  );
  if (role === 'anonymous') return kinds.has('basic') && !kinds.has('digest') ? 'client' : 'none';
  if (kinds.has('digest')) return 'digest';
  if (kinds.has('basic')) return 'basic';
  return kinds.has('bearer') ? 'bearer' : 'digest';
}

const CURL_AUTH: Record<CurlAuth, string> = {
  none: '',
  digest: ` --digest -u ${shellQuote('<username>:<password>')}`,
  basic: ` -u ${shellQuote('<username>:<password>')}`,
  client: ` -u ${shellQuote('<client-id>:<client-secret>')}`,
  bearer: ` -H ${shellQuote('Authorization: Bearer <access-token>')}`,
};

export function buildCurl(args: {
  method: string;
  baseUrl: string;
  path: string;
  parameters: JsonObject[];
  body?: {contentType: string; example?: Json};
  auth: CurlAuth;
}): string {
  let path = args.path;
  const query: string[] = [];
  const headers: string[] = [];
  for (const p of args.parameters) {
    const name = String(p.name);
    if (p.in === 'path') path = path.replace(`{${name}}`, encodeURIComponent(parameterValue(p)));
    else if (p.in === 'query' && (p.required === true || p.example !== undefined))
      query.push(`${encodeURIComponent(name)}=${encodeURIComponent(parameterValue(p))}`);
    else if (p.in === 'header' && p.required === true) headers.push(`${name}: ${parameterValue(p)}`);
  }
  const url = `${args.baseUrl}${path}${query.length ? `?${query.join('&')}` : ''}`;
  const lines = [`curl${CURL_AUTH[args.auth]} --cacert lab-ca.pem`];
  const method = args.method.toUpperCase();
  lines.push(method === 'GET' ? `  ${shellQuote(url)}` : `  -X ${method} ${shellQuote(url)}`);
  for (const h of headers) lines.push(`  -H ${shellQuote(h)}`);
  if (args.body) {
    lines.push(`  -H ${shellQuote(`Content-Type: ${args.body.contentType}`)}`);
    const example = args.body.example;
    if (example !== undefined) {
      const form = args.body.contentType === 'application/x-www-form-urlencoded' && isObject(example);
      const data = form
        ? new URLSearchParams(Object.entries(example).map(([k, v]) => [k, String(v)])).toString()
        : typeof example === 'string' && !args.body.contentType.includes('json')
          ? example
          : JSON.stringify(example);
      lines.push(`  --data ${shellQuote(data)}`);
    } else lines.push(`  --data-binary @${args.body.contentType.includes('json') ? 'body.json' : 'body.bin'}`);
  }
  return lines.join(' \\\n');
}

/** The server URL with its variables filled in by their defaults. */
export function serverUrl(document: JsonObject): string {
  const server = Array.isArray(document.servers) && isObject(document.servers[0]) ? document.servers[0] : undefined;
  if (!server || typeof server.url !== 'string') throw new Error('the document has no servers[0].url');
  const variables = isObject(server.variables) ? server.variables : {};
  return server.url
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      const v = variables[name];
      if (!isObject(v) || v.default === undefined) throw new Error(`server variable ${name} has no default`);
      return String(v.default);
    })
    .replace(/\/$/, '');
}

/**
 * Builds the page model from a dereferenced document. Throws with a message naming the
 * operation when a rule the pages rely on is broken (missing operationId, summary,
 * tag or minimum role).
 */
export function buildDocumentModel(document: JsonObject): DocumentModel {
  const info = isObject(document.info) ? document.info : {};
  const baseUrl = serverUrl(document);
  const basePath = new URL(baseUrl).pathname.replace(/\/$/, '');
  const tagOrder = Array.isArray(document.tags) ? document.tags.filter(isObject) : [];
  const tags = new Map<string, TagModel>(
    tagOrder.map((t) => [
      String(t.name),
      {
        name: String(t.name),
        anchor: toAnchor(String(t.name)),
        description: typeof t.description === 'string' ? t.description : undefined,
        operations: [],
      },
    ]),
  );
  const globalSecurity = Array.isArray(document.security) ? document.security : [];
  const components = isObject(document.components) ? document.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters.filter(isObject) : [];
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const where = `${method.toUpperCase()} ${path}`;
      if (typeof op.operationId !== 'string') throw new Error(`${where}: operationId is missing`);
      if (typeof op.summary !== 'string') throw new Error(`${where}: summary is missing`);
      const tagName = Array.isArray(op.tags) && typeof op.tags[0] === 'string' ? op.tags[0] : undefined;
      if (!tagName || !tags.has(tagName)) throw new Error(`${where}: its first tag must be declared in tags`);
      const role = op['x-lykta-minimum-role'];
      if (!ROLES.includes(role as Role))
        throw new Error(`${where}: x-lykta-minimum-role must be one of ${ROLES.join(', ')}`);
      const own = Array.isArray(op.parameters) ? op.parameters.filter(isObject) : [];
      const parameters = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
      const security = Array.isArray(op.security) ? op.security : globalSecurity;
      const requestBody = isObject(op.requestBody) ? op.requestBody : undefined;
      const request = requestBody ? bodyModel(requestBody.content, requestBody.description) : undefined;
      const requestMedia = firstMedia(requestBody?.content)?.media;
      const responses = Object.entries(isObject(op.responses) ? op.responses : {})
        .filter(([, r]) => isObject(r))
        .map(([status, r]) => {
          const response = r as JsonObject;
          const body = bodyModel(response.content, undefined);
          const media = isObject(response.content) ? response.content['application/problem+json'] : undefined;
          const codes = isObject(media)
            ? mediaExamples(media)
                .map((e) => (isObject(e.value) && typeof e.value.code === 'string' ? e.value.code : undefined))
                .filter((c): c is string => Boolean(c))
            : [];
          return {
            status,
            description: String(response.description ?? ''),
            headers: headerModels(response.headers),
            body,
            codes,
          };
        });
      tags.get(tagName)!.operations.push({
        id: op.operationId,
        anchor: toAnchor(op.operationId),
        method: method.toUpperCase(),
        path,
        fullPath: basePath + path,
        summary: op.summary,
        description: typeof op.description === 'string' ? op.description : undefined,
        tag: tagName,
        role: role as Role,
        deprecated: op.deprecated === true,
        security: securityModel(security, schemes),
        parameters: parameters.map((p) => {
          const schema = isObject(p.schema) ? p.schema : {};
          const facts = schemaFacts(schema);
          if (p.deprecated === true && !facts.includes('Deprecated')) facts.push('Deprecated');
          return {
            name: String(p.name),
            in: String(p.in),
            type: typeLabel(schema),
            required: p.required === true,
            description: typeof p.description === 'string' ? p.description : undefined,
            facts,
          };
        }),
        requestBody: request ? {...request, required: requestBody?.required === true} : undefined,
        responses,
        curl: buildCurl({
          method,
          baseUrl,
          path,
          parameters,
          body: request
            ? {
                contentType: request.contentType,
                example: requestMedia ? mediaExamples(requestMedia)[0]?.value : undefined,
              }
            : undefined,
          auth: curlAuth(role as Role, security, schemes),
        }),
      });
    }
  }
  return {
    title: String(info.title ?? ''),
    version: String(info.version ?? ''),
    openapi: String(document.openapi ?? ''),
    baseUrl,
    tags: [...tags.values()].filter((t) => t.operations.length > 0),
  };
}
