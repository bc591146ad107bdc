/**
 * The index of VIREO problem codes: every `code` the documents' problem examples answer, with its
 * HTTP status, the APIs and operations that answer it, what it means and what a client should do.
 * Built from the dereferenced documents; pure functions (the remark plugin does the reading).
 */
import {HTTP_METHODS, mediaExamples, toAnchor} from './openapi';
import {isObject, type JsonObject} from './jsonSchema';

export interface ApiPage {
  /** The document's name, `device-configuration/time-api`. */
  name: string;
  title: string;
  /** The route of the API's page, `/vireo/device-configuration/time-api/`. */
  route: string;
  apiId: string;
  /** The document, dereferenced. */
  document: JsonObject;
}

export interface CodeEntry {
  code: string;
  status: number;
  meaning: string;
  /** Operations that answer the code, as links: label and URL. */
  uses: {label: string; url: string; api: string}[];
  /** The API the code belongs to; undefined for the generic codes every API shares. */
  owner?: ApiPage;
}

/** The prefixes of the codes every API shares (the overview's "Errors" section). */
export const GENERIC_PREFIXES = ['request', 'auth', 'resource', 'rate', 'device', 'internal'];

/** What a client does about a problem, by its status class (the overview's status table). */
export const REMEDY: Record<number, string> = {
  400: 'Fix the request: the body must be valid JSON of the documented shape and the query well formed. Do not retry unchanged.',
  401: 'Send credentials the device accepts; its `WWW-Authenticate` headers name the schemes. Do not retry unchanged.',
  403: 'Use an account or token with the minimum role of the operation, or a narrower request the role allows.',
  404: 'Check the identifier or path; list the collection to see what exists. The API or version may not be offered by this device.',
  409: "Read the resource's current state, resolve the conflict it names (stop, finish or remove what is in the way), then retry.",
  410: 'The resource has gone for good; create a new one instead of retrying.',
  412: 'Read the resource again for its current `ETag`, apply the change to that state, and send it with the new `If-Match`.',
  413: "Send less: stay within the operation's size limit.",
  415: 'Send the `Content-Type` the operation documents.',
  422: 'Correct the values that `errors` points at and send the request again.',
  429: 'Stop sending and wait for the `Retry-After` delay. After failed sign-ins, check the credentials before trying again.',
  500: 'Retry once; if it fails again, report it with the `requestId`.',
  502: 'The device could not reach the other system it depends on; check that system and the network, then retry.',
  503: 'Wait for the `Retry-After` delay, then retry.',
  504: 'The other system did not answer in time; check it, then retry.',
};

export function remedy(status: number): string {
  const text = REMEDY[status];
  if (!text) throw new Error(`no client advice for status ${status}: add it to REMEDY`);
  return text;
}

export const isGeneric = (code: string) => GENERIC_PREFIXES.includes(code.split('.')[0]!);

/**
 * Every problem code of every page's document, one entry per code and status: a few codes are
 * answered with two statuses (`param.unknown_parameter` is 404 for one parameter and 422 in a batch).
 */
export function collectCodes(pages: ApiPage[]): CodeEntry[] {
  const entries = new Map<string, CodeEntry>();
  for (const page of pages) {
    const doc = page.document;
    for (const [path, item] of Object.entries(isObject(doc.paths) ? doc.paths : {}))
      for (const method of HTTP_METHODS) {
        const op = isObject(item) ? item[method] : undefined;
        if (!isObject(op) || !isObject(op.responses)) continue;
        const opId = String(op.operationId);
        for (const [statusText, response] of Object.entries(op.responses)) {
          if (!isObject(response) || !isObject(response.content)) continue;
          const media = response.content['application/problem+json'];
          if (!isObject(media)) continue;
          for (const example of mediaExamples(media)) {
            const value = example.value;
            if (!isObject(value) || typeof value.code !== 'string') continue;
            const status = Number(statusText);
            const code = value.code;
            const meaning =
              typeof example.title === 'string' &&
              example.title !== 'example' &&
              !/^[a-z][a-zA-Z0-9]*$/.test(example.title)
                ? example.title
                : String(value.title ?? response.description ?? '');
            const key = `${code} ${status}`;
            const entry = entries.get(key) ?? {
              code,
              status,
              meaning: meaning.replace(/\.$/, ''),
              uses: [],
              owner: isGeneric(code) ? undefined : page,
            };
            if (entry.status !== status)
              throw new Error(`problem code ${code} is answered with ${entry.status} and ${status}`);
            const url = `${page.route}#${toAnchor(opId)}`;
            if (!entry.uses.some((u) => u.url === url))
              entry.uses.push({label: `${method.toUpperCase()} ${path}`, url, api: page.title});
            entries.set(key, entry);
          }
        }
      }
  }
  return [...entries.values()].sort((a, b) => a.code.localeCompare(b.code) || a.status - b.status);
}
