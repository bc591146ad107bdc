/**
 * A simulated Lykta device built from the VIREO OpenAPI documents with openapi-backend: HTTPS with
 * a certificate from a lab CA, Digest / Basic / bearer authentication and the minimum role of each
 * operation (simulator/auth.ts), every request validated against its document, and every answer
 * made from the document's own examples (and checked against it). It keeps no state between
 * requests: a write answers as documented but changes nothing a later read sees.
 */
import https from 'node:https';
import type {IncomingMessage, ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import path from 'node:path';
import OpenAPIBackend, {type Document, type Operation} from 'openapi-backend';
import {familyDocuments} from '../src/plugins/openapi-bundle';
import {loadDocument} from '../src/remark/openapi-operations';
import {mediaExamples} from '../src/lib/openapi';
import {isObject, type JsonObject} from '../src/lib/jsonSchema';
import {AuthStore, roleAtLeast, type Principal, type Role} from './auth';
import {makeLabPki} from './tls';

export interface Exchange {
  method: string;
  /** The client's User-Agent: the test harness tells its runs apart by it. */
  userAgent: string;
  /** The request target: path and query. */
  target: string;
  /** The document (`section/name`) and operation the request matched, if any. */
  document?: string;
  operationId?: string;
  status: number;
  /** The problem `code` of an error answer. */
  code?: string;
  detail?: string;
  /** What is wrong with the answer the simulator sent, measured against the document. */
  responseErrors: string[];
}

export interface DeviceOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  host?: string;
  /** Folder of the OpenAPI documents. */
  directory?: string;
  /** Extra DNS names for the server certificate. */
  names?: string[];
  onExchange?: (exchange: Exchange) => void;
}

export interface Device {
  port: number;
  /** PEM of the lab CA that signed the device's certificate. */
  caPem: string;
  exchanges: Exchange[];
  documents: number;
  operations: number;
  close: () => Promise<void>;
}

interface Api {
  name: string;
  basePath: string;
  document: JsonObject;
  backend: OpenAPIBackend;
}

const PROBLEM_TITLES: Record<string, string> = {
  'auth.required': 'Authentication required',
  'auth.invalid_credentials': 'Invalid credentials',
  'auth.insufficient_role': 'Insufficient role',
  'resource.not_found': 'Not found',
  'request.malformed': 'Malformed request',
  'request.validation_failed': 'Validation failed',
};

/** The path of a server URL: `https://{device}/vireo/time/v1` → `/vireo/time/v1`. */
export const basePathOf = (url: string) => url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/\/$/, '');

async function loadApis(directory: string): Promise<Api[]> {
  const apis: Api[] = [];
  for (const name of familyDocuments(directory)) {
    const document = await loadDocument(directory, name);
    const server = Array.isArray(document.servers) && isObject(document.servers[0]) ? document.servers[0] : {};
    const backend = new OpenAPIBackend({
      definition: structuredClone(document) as unknown as Document,
      quick: true,
      validate: true,
      ajvOpts: {strict: false, allErrors: true},
      customizeAjv: (ajv) => {
        // OpenAPI formats the documents use beyond JSON Schema's: accept them as written.
        for (const f of ['binary', 'byte', 'int32', 'int64', 'float', 'double', 'password']) ajv.addFormat(f, true);
        return ajv;
      },
    });
    await backend.init();
    apis.push({name, basePath: basePathOf(String(server.url ?? '')), document, backend});
  }
  // Longest base path first, so /vireo/x/v2 is not taken for /vireo/x.
  return apis.sort((a, b) => b.basePath.length - a.basePath.length);
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A multipart/form-data body as an object: fields as text, files as their bytes read as latin1 text. */
export function parseMultipart(body: Buffer, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) throw new Error('multipart body without a boundary');
  const marker = `--${boundary[1] ?? boundary[2]}`;
  const out: Record<string, string> = {};
  for (const part of body.toString('latin1').split(marker).slice(1)) {
    if (part.startsWith('--')) break;
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    if (name) out[name] = part.slice(split + 4).replace(/\r\n$/, '');
  }
  return out;
}

/** The parsed body for validation, by content type; throws on a body that does not parse. */
function parseBody(raw: Buffer, contentType: string): unknown {
  if (!raw.length) return undefined;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type.endsWith('json')) return JSON.parse(raw.toString('utf8'));
  if (type === 'application/x-www-form-urlencoded')
    return Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
  if (type === 'multipart/form-data') return parseMultipart(raw, contentType);
  return raw.toString('latin1');
}

function headerValue(header: unknown): string | undefined {
  if (!isObject(header)) return undefined;
  const schema = isObject(header.schema) ? header.schema : {};
  const value =
    header.example ?? schema.example ?? schema.default ?? (Array.isArray(schema.enum) ? schema.enum[0] : undefined);
  return value === undefined ? undefined : String(value);
}

/** The minimum role and the accepted credentials of an operation. */
function access(document: JsonObject, op: JsonObject): {role: Role; anonymous: boolean; kinds: Set<string>} {
  const requirements = (
    Array.isArray(op.security) ? op.security : Array.isArray(document.security) ? document.security : []
  ).filter(isObject);
  const schemes =
    isObject(document.components) && isObject(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  const kinds = new Set(
    requirements
      .flatMap((r) => Object.keys(r))
      .map((name) => {
        const s = schemes[name];
        if (!isObject(s)) return name;
        if (s.type === 'oauth2' || s.type === 'openIdConnect' || (s.type === 'http' && s.scheme === 'bearer'))
          return 'bearer';
        return String(s.scheme ?? s.type).toLowerCase();
      }),
  );
  return {
    role: String(op['x-lykta-minimum-role'] ?? 'viewer') as Role,
    anonymous: requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0),
    kinds,
  };
}

export async function startDevice(options: DeviceOptions = {}): Promise<Device> {
  const directory = options.directory ?? path.resolve(__dirname, '../static/openapi');
  const apis = await loadApis(directory);
  // The certificate also covers the default hosts of the documents' servers (Audio Manager Pro's server).
  const serverHosts = apis.flatMap((a) => {
    const server = Array.isArray(a.document.servers) && isObject(a.document.servers[0]) ? a.document.servers[0] : {};
    const variables = isObject(server.variables) ? server.variables : {};
    return Object.values(variables).flatMap((v) => (isObject(v) && typeof v.default === 'string' ? [v.default] : []));
  });
  const pki = makeLabPki([...serverHosts, ...(options.names ?? [])]);
  const auth = new AuthStore();
  const exchanges: Exchange[] = [];
  let requestCounter = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const target = req.url ?? '/';
    const url = new URL(target, 'https://device.invalid');
    const method = (req.method ?? 'GET').toUpperCase();
    const record = (e: Omit<Exchange, 'method' | 'target' | 'userAgent'>) => {
      const exchange = {method, target, userAgent: req.headers['user-agent'] ?? '', ...e};
      exchanges.push(exchange);
      options.onExchange?.(exchange);
    };
    const requestId = `sim-${String(++requestCounter).padStart(6, '0')}`;
    const problem = (
      status: number,
      code: string,
      detail: string,
      extra: Record<string, unknown> = {},
      headers: Record<string, string | string[]> = {},
    ) => {
      const body = {
        type: `urn:lykta:vireo:problem:${code}`,
        title: PROBLEM_TITLES[code] ?? code,
        status,
        detail,
        code,
        instance: url.pathname,
        requestId,
        ...extra,
      };
      res.writeHead(status, {'Content-Type': 'application/problem+json', ...headers});
      res.end(JSON.stringify(body));
      return {status, code, detail};
    };

    const raw = await readBody(req);
    const serving = apis.filter((a) => url.pathname === a.basePath || url.pathname.startsWith(`${a.basePath}/`));
    if (!serving.length)
      return record({
        ...problem(404, 'resource.not_found', `No VIREO API is served at ${url.pathname}.`),
        responseErrors: [],
      });
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
    );
    // Two documents can share a base path (the media API's streams and its stream profiles).
    // Every API serves its own OpenAPI document at <base>/openapi.json, to anyone (the overview).
    const own = serving.find((a) => url.pathname === `${a.basePath}/openapi.json`);
    if (own && (method === 'GET' || method === 'HEAD')) {
      res.writeHead(200, {'Content-Type': 'application/json', 'X-Request-Id': requestId});
      res.end(method === 'HEAD' ? undefined : JSON.stringify(own.document));
      return record({document: own.name, operationId: '(OpenAPI document)', status: 200, responseErrors: []});
    }
    const matches = serving.map((a) => {
      const relative = url.pathname.slice(a.basePath.length) || '/';
      // HEAD is GET without the body (RFC 9110, section 9.3.2).
      const request = {
        method: method === 'HEAD' ? 'GET' : method,
        path: `${relative}${url.search}`,
        headers,
        body: undefined as unknown,
      };
      return {api: a, request, operation: a.backend.matchOperation(request) as (Operation & JsonObject) | undefined};
    });
    const match = matches.find((m) => m.operation);
    if (!match) {
      return record({
        document: serving[0]!.name,
        ...problem(
          404,
          'resource.not_found',
          `${method} ${url.pathname} is not an operation of ${serving.map((a) => a.name).join(' or ')}.`,
        ),
        responseErrors: [],
      });
    }
    const {api, request} = match;
    const operation = match.operation!;
    const base = {document: api.name, operationId: String(operation.operationId)};

    // Credentials and role.
    const rule = access(api.document, operation as unknown as JsonObject);
    let principal: Principal | undefined;
    if (!rule.anonymous) {
      const result = auth.authenticate(req.headers.authorization, method);
      const scheme = (req.headers.authorization ?? '').split(/\s+/)[0]!.toLowerCase();
      const accepted =
        result.ok &&
        ((scheme === 'digest' && rule.kinds.has('digest')) ||
          (scheme === 'basic' && rule.kinds.has('basic')) ||
          (scheme === 'bearer' && rule.kinds.has('bearer')));
      if (!result.ok || !accepted) {
        const detail = result.ok ? `This operation does not accept ${scheme} credentials.` : result.detail;
        return record({
          ...base,
          ...problem(
            401,
            result.ok ? 'auth.invalid_credentials' : result.code,
            detail,
            {},
            {'WWW-Authenticate': auth.challenges()},
          ),
          responseErrors: [],
        });
      }
      principal = result.principal;
      const clientOnly = rule.role === 'anonymous';
      if (clientOnly !== (principal.kind === 'client')) {
        const detail = clientOnly
          ? 'The token endpoint authenticates OAuth clients, not device accounts.'
          : 'OAuth client credentials only obtain tokens.';
        return record({
          ...base,
          ...problem(401, 'auth.invalid_credentials', detail, {}, {'WWW-Authenticate': auth.challenges()}),
          responseErrors: [],
        });
      }
      if (!clientOnly && !roleAtLeast(principal.role, rule.role)) {
        return record({
          ...base,
          ...problem(
            403,
            'auth.insufficient_role',
            `This operation needs the role ${rule.role}; ${principal.name} has ${principal.role}.`,
          ),
          responseErrors: [],
        });
      }
    }

    // The request against the document.
    try {
      request.body = parseBody(raw, headers['content-type'] ?? '');
    } catch (e) {
      return record({
        ...base,
        ...problem(400, 'request.malformed', `The body does not parse: ${(e as Error).message}`),
        responseErrors: [],
      });
    }
    const validation = api.backend.validateRequest(request, operation);
    if (!validation.valid) {
      const errors = (validation.errors ?? []).map((e) => ({
        pointer: e.instancePath.replace(/^\/requestBody/, '') || '/',
        detail: `${e.instancePath.split('/')[1] ?? 'request'}: ${e.message ?? 'invalid'}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
      }));
      const inBody = (validation.errors ?? []).every((e) => e.instancePath.startsWith('/requestBody'));
      return record({
        ...base,
        ...(inBody
          ? problem(
              422,
              'request.validation_failed',
              `The body does not match the operation: ${errors.map((e) => `${e.pointer} ${e.detail}`).join('; ')}`,
              {errors},
            )
          : problem(400, 'request.malformed', errors.map((e) => e.detail).join('; '))),
        responseErrors: [],
      });
    }

    // The answer: the first success response the document gives, with its example.
    const responses = isObject(operation.responses) ? (operation.responses as JsonObject) : {};
    const statusText = Object.keys(responses)
      .filter((s) => /^2\d\d$/.test(s))
      .sort()[0];
    if (!statusText)
      return record({
        ...base,
        ...problem(500, 'internal.error', 'The document gives no success response.'),
        responseErrors: ['no 2xx response'],
      });
    const response = responses[statusText] as JsonObject;
    const status = Number(statusText);
    const outHeaders: Record<string, string> = {'X-Request-Id': requestId};
    for (const [name, header] of Object.entries(isObject(response.headers) ? response.headers : {})) {
      const value = headerValue(header);
      if (value !== undefined) outHeaders[name] = value;
    }
    const content = isObject(response.content) ? response.content : {};
    const mediaType = Object.keys(content)[0];
    let body: unknown;
    let text = '';
    if (mediaType && status !== 204) {
      const media = content[mediaType] as JsonObject;
      body = mediaExamples(media)[0]?.value;
      if (body === undefined && mediaType.includes('json')) {
        body = api.backend.mockResponseForOperation(String(operation.operationId), {code: status, mediaType}).mock;
      }
      text = mediaType.includes('json') ? JSON.stringify(body ?? null) : body === undefined ? '' : String(body);
      outHeaders['Content-Type'] = mediaType;
    }
    const responseErrors: string[] = [];
    if (mediaType?.includes('json')) {
      const check = api.backend.validateResponse(body, operation, status);
      for (const e of check.errors ?? []) responseErrors.push(`${e.instancePath || '/'} ${e.message}`);
    }
    // A token the token endpoint hands out works as a bearer token afterwards, with the client's role.
    if (principal?.kind === 'client' && isObject(body) && typeof body.access_token === 'string')
      auth.issue(body.access_token, principal.role);
    res.writeHead(status, outHeaders);
    res.end(method === 'HEAD' ? undefined : text);
    record({...base, status, responseErrors});
  };

  const server = https.createServer({key: pki.key, cert: pki.cert}, (req, res) => {
    handle(req, res).catch((e: Error) => {
      exchanges.push({
        method: req.method ?? '',
        userAgent: req.headers['user-agent'] ?? '',
        target: req.url ?? '',
        status: 500,
        detail: e.message,
        responseErrors: [e.message],
      });
      if (!res.headersSent) res.writeHead(500, {'Content-Type': 'text/plain'});
      res.end(`simulator error: ${e.message}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const operations = apis.reduce((n, a) => n + a.backend.getOperations().length, 0);
  return {
    port: (server.address() as AddressInfo).port,
    caPem: pki.caPem,
    exchanges,
    documents: apis.length,
    operations,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
