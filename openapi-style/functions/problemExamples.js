// Checks the problem details examples of one response (overview, "Errors"): `type` is the URN
// of `code`, `status` repeats the HTTP status, `code` is generic or starts with the API's
// identifier, and an example written for one operation shows the `instance` path it occurred
// on and a `requestId`, as a device answers.
const GENERIC = ['request', 'auth', 'resource', 'rate', 'device', 'internal'];
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

function examples(media) {
  const out = [];
  if (media.example !== undefined) out.push([['example'], media.example]);
  for (const [name, e] of Object.entries(media.examples ?? {}))
    if (isObject(e) && e.value !== undefined) out.push([['examples', name, 'value'], e.value]);
  return out;
}

function pathPattern(basePath, path) {
  const escaped = (basePath + path).split(/\{[^}]+\}/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('[^/]+')}$`);
}

export default function problemExamples(media, _options, context) {
  if (!isObject(media)) return [];
  const doc = context.document.data;
  const apiId = doc.info?.['x-lykta-api-id'];
  const prefixes = new Set([...GENERIC, ...(typeof apiId === 'string' ? [apiId.replace(/-/g, '_')] : [])]);
  for (const p of doc.info?.['x-lykta-problem-prefixes'] ?? []) prefixes.add(p);
  const inOperation = context.path[0] === 'paths';
  const status = inOperation ? Number(context.path[4]) : undefined;
  const serverUrl = doc.servers?.[0]?.url ?? '';
  const basePath = serverUrl.replace(/^https:\/\/\{[a-z]+\}/, '');
  const out = [];
  for (const [where, ex] of examples(media)) {
    const at = [...context.path, ...where];
    if (!isObject(ex)) {
      out.push({message: 'problem example is not an object', path: at});
      continue;
    }
    const code = ex.code;
    if (typeof code !== 'string') {
      out.push({message: 'problem example has no code', path: at});
      continue;
    }
    if (ex.type !== `urn:lykta:vireo:problem:${code}`)
      out.push({message: `type must be urn:lykta:vireo:problem:${code}`, path: [...at, 'type']});
    if (status !== undefined && ex.status !== status)
      out.push({message: `status ${ex.status} in a ${status} response`, path: [...at, 'status']});
    const prefix = code.split('.')[0];
    if (!prefixes.has(prefix))
      out.push({
        message: `code ${code}: the prefix must be generic (${GENERIC.join(', ')}) or the API's identifier (${[...prefixes].filter((p) => !GENERIC.includes(p)).join(', ')})`,
        path: [...at, 'code'],
      });
    if (typeof ex.title !== 'string' || ex.title === '') out.push({message: 'problem example has no title', path: at});
    if (inOperation) {
      if (typeof ex.instance !== 'string')
        out.push({message: 'problem example of an operation shows its instance (the request path)', path: at});
      else if (!pathPattern(basePath, context.path[1]).test(ex.instance.split('?')[0]))
        out.push({
          message: `instance ${ex.instance} is not a path of ${basePath}${context.path[1]}`,
          path: [...at, 'instance'],
        });
      if (typeof ex.requestId !== 'string')
        out.push({message: 'problem example of an operation shows its requestId', path: at});
    }
  }
  return out;
}
