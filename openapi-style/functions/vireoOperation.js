// Checks one VIREO operation against a convention of the VIREO overview (docs/vireo/index.md).
// Spectral calls it with the resolved operation object; `check` names the convention.
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
const ROLES = ['anonymous', 'viewer', 'operator', 'admin'];
const PAGING = ['cursor', 'limit'];
const OTHER_PAGING_QUERY = [
  'offset',
  'page',
  'pageSize',
  'perPage',
  'after',
  'before',
  'next',
  'pageToken',
  'startAfter',
];
const OTHER_PAGING_MEMBERS = ['next', 'nextPage', 'after', 'cursor', 'nextToken', 'nextPageToken', 'more', 'hasMore'];
const TIME_FILTERS = [
  'from',
  'to',
  'start',
  'end',
  'startTime',
  'endTime',
  'fromTime',
  'toTime',
  'begin',
  'notBefore',
  'notAfter',
  'newerThan',
  'olderThan',
];

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

function parametersOf(context) {
  const [, path, method] = context.path;
  const item = context.documentInventory.resolved.paths?.[path] ?? {};
  const own = (item[method]?.parameters ?? []).filter(isObject);
  const shared = (item.parameters ?? [])
    .filter(isObject)
    .filter((s) => !own.some((o) => o.name === s.name && o.in === s.in));
  return [...shared, ...own];
}

const json200 = (op) => op.responses?.['200']?.content?.['application/json']?.schema;

function topMembers(schema) {
  if (!isObject(schema)) return {};
  const out = {...(isObject(schema.properties) ? schema.properties : {})};
  for (const part of schema.allOf ?? []) Object.assign(out, topMembers(part));
  return out;
}

function roleOf(op) {
  return op['x-lykta-minimum-role'];
}

const CHECKS = {
  /** 201 and 202 answers say where the new resource or the job is (overview, status table). */
  location(op) {
    return ['201', '202']
      .filter((s) => isObject(op.responses?.[s]) && !isObject(op.responses[s].headers?.Location))
      .map((s) => ({message: `${s} response declares no Location header`, path: ['responses', s]}));
  },
  /** Every operation with a body can answer 400 request.malformed. */
  badRequest(op) {
    return op.requestBody && !op.responses?.['400']
      ? [{message: 'operation takes a body but lists no 400 response', path: ['responses']}]
      : [];
  },
  /**
   * 401 wherever credentials are needed; 403 wherever a role above viewer is needed; 429
   * wherever credentials are checked, since failed-login limiting (authentication page) then
   * refuses every request from the address.
   */
  authResponses(op) {
    const role = roleOf(op);
    const out = [];
    if (role !== 'anonymous' && !op.responses?.['401'])
      out.push({message: `minimum role ${role} but no 401 response`, path: ['responses']});
    if (role !== 'anonymous' && !op.responses?.['429'])
      out.push({
        message: `minimum role ${role} but no 429 response (failed-login limiting applies to every authenticated request)`,
        path: ['responses'],
      });
    if ((role === 'operator' || role === 'admin') && !op.responses?.['403'])
      out.push({message: `minimum role ${role} but no 403 response`, path: ['responses']});
    return out;
  },
  /** The security requirement names Digest, Basic and OAuth 2.0 with the scope of the minimum role. */
  securityByRole(op, _o, context) {
    const role = roleOf(op);
    if (!ROLES.includes(role)) return [{message: `x-lykta-minimum-role must be one of ${ROLES.join(', ')}`, path: []}];
    const security = op.security ?? context.documentInventory.resolved.security ?? [];
    const text = JSON.stringify(security);
    const anonymousOk = security.some((r) => isObject(r) && Object.keys(r).length === 0);
    if (role === 'anonymous') return [];
    if (anonymousOk)
      return [
        {message: `minimum role ${role} but the security requirement allows anonymous access`, path: ['security']},
      ];
    const expected = JSON.stringify([{digest: []}, {basic: []}, {oauth2: [`vireo:${role}`]}]);
    return text === expected
      ? []
      : [{message: `security must be ${expected} for minimum role ${role}, is ${text}`, path: ['security']}];
  },
  /** ETag on a read means If-Match and 412 on the writes of that resource, and the reverse. */
  conditionalWrites(op, _o, context) {
    const [, path, method] = context.path;
    const item = context.documentInventory.resolved.paths?.[path] ?? {};
    // The ETag may be the one of the parent resource (PATCH /interfaces/{interface}/config is
    // conditional on the ETag of GET /interfaces/{interface}).
    const parent = context.documentInventory.resolved.paths?.[path.replace(/\/[^/]+$/, '')] ?? {};
    const tagged = isObject(item.get?.responses?.['200']?.headers?.ETag);
    const parentTagged = isObject(parent.get?.responses?.['200']?.headers?.ETag);
    const ifMatch = parametersOf(context).some((p) => p.in === 'header' && p.name === 'If-Match');
    const out = [];
    if (ifMatch && !op.responses?.['412'])
      out.push({message: 'accepts If-Match but lists no 412 response', path: ['responses']});
    if (ifMatch && !tagged && !parentTagged)
      out.push({
        message: `accepts If-Match but neither GET ${path} nor its parent returns an ETag`,
        path: ['parameters'],
      });
    if (tagged && ['put', 'patch'].includes(method) && !ifMatch)
      out.push({
        message: `GET ${path} returns an ETag, so ${method.toUpperCase()} must accept If-Match (and answer 412)`,
        path: [],
      });
    return out;
  },
  /** One paging pattern: limit and cursor in, nextCursor out. */
  pagination(op, _o, context) {
    const query = parametersOf(context).filter((p) => p.in === 'query' && p.deprecated !== true);
    const names = new Set(query.map((p) => p.name));
    const members = topMembers(json200(op));
    const live = Object.entries(members)
      .filter(([, s]) => !(isObject(s) && s.deprecated === true))
      .map(([k]) => k);
    const out = [];
    for (const n of OTHER_PAGING_QUERY)
      if (names.has(n)) out.push({message: `query parameter ${n}: page with limit and cursor`, path: ['parameters']});
    for (const n of OTHER_PAGING_MEMBERS)
      if (live.includes(n))
        out.push({message: `response member ${n}: the next page is nextCursor`, path: ['responses', '200']});
    const pages = names.has('cursor') || names.has('limit') || live.includes('nextCursor');
    if (pages) {
      for (const n of PAGING)
        if (!names.has(n))
          out.push({message: `a paged list takes limit and cursor; ${n} is missing`, path: ['parameters']});
      if (!live.includes('nextCursor'))
        out.push({message: 'a paged list answers nextCursor', path: ['responses', '200']});
    }
    return out;
  },
  /** Time ranges in queries are since and until, as RFC 3339 date-times. */
  timeFilters(op, _o, context) {
    const out = [];
    for (const p of parametersOf(context)) {
      if (p.in !== 'query' || p.deprecated === true) continue;
      if (TIME_FILTERS.includes(p.name))
        out.push({message: `query parameter ${p.name}: time ranges are since and until`, path: ['parameters']});
      if ((p.name === 'since' || p.name === 'until') && p.schema?.format !== 'date-time')
        out.push({message: `query parameter ${p.name} must be a string with format date-time`, path: ['parameters']});
    }
    return out;
  },
  /** Rate limits and busy answers say when to come back. */
  retryAfter(op) {
    const out = [];
    for (const s of ['429', '503'])
      if (isObject(op.responses?.[s]) && !isObject(op.responses[s].headers?.['Retry-After']))
        out.push({message: `${s} response declares no Retry-After header`, path: ['responses', s]});
    return out;
  },
  /** Error answers are problem details with the shared Problem schema. */
  errorsAreProblems(op) {
    const out = [];
    for (const [status, response] of Object.entries(op.responses ?? {})) {
      if (Number(status) < 400 || !isObject(response)) continue;
      const types = Object.keys(response.content ?? {});
      if (types.length !== 1 || types[0] !== 'application/problem+json') {
        out.push({message: `${status} response must be application/problem+json only`, path: ['responses', status]});
        continue;
      }
      const schema = response.content['application/problem+json'].schema ?? {};
      const required = new Set([...(schema.required ?? []), ...(schema.allOf ?? []).flatMap((s) => s.required ?? [])]);
      for (const m of ['type', 'title', 'status', 'code'])
        if (!required.has(m))
          out.push({
            message: `${status} problem schema does not require ${m} (use the shared Problem)`,
            path: ['responses', status],
          });
    }
    return out;
  },
};

export default function vireoOperation(op, options, context) {
  if (!isObject(op)) return [];
  const check = CHECKS[options.check];
  if (!check) return [{message: `unknown check ${options.check}`}];
  return check(op, options, context).map((r) => ({message: r.message, path: [...context.path, ...(r.path ?? [])]}));
}
