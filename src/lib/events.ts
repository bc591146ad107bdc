/**
 * The VIREO event catalogue: what `static/asyncapi/vireo-events.yaml` (an AsyncAPI 3 document)
 * says about each event topic, as plain data for the catalogue page, the API pages' event tables
 * and the tests. Pure functions; the remark plugin does the reading and resolves the document's
 * references (src/lib/references.ts).
 */
import {isObject, type JsonObject} from './jsonSchema';

export interface EventMember {
  /** Dotted path below `source` or `data`: `areaId`, `objects[].class`. */
  name: string;
  type: string;
  required: boolean;
  description: string;
}

export interface EventTopic {
  /** `lykta:thermometry/alarm`. */
  topic: string;
  /** The channel's key in the document. */
  key: string;
  /** Anchor of the topic on the catalogue page: `thermometry-alarm`. */
  anchor: string;
  /** The section (family) of the API that raises it: `network-video`. */
  family: string;
  /** OpenAPI document of that API: `network-video/thermometry`. */
  api: string;
  /** Other APIs that raise the same topic (`x-lykta-also-raised-by`), such as a second API over the same inputs. */
  alsoRaisedBy: string[];
  summary: string;
  description: string;
  products: string[];
  /** LyktaOS release that added the topic, and whether a page says so (`topic`) or it is the API's first release (`api`). */
  since: string;
  sinceBasis: 'topic' | 'api';
  stateful: boolean;
  /** A template (`lykta:applications/{appName}/{eventName}`): topics that applications declare. */
  template: boolean;
  source: EventMember[];
  data: EventMember[];
  /** The payload schema (the whole event object) and the examples, as in the document. */
  payload: JsonObject;
  examples: JsonObject[];
}

/** A topic (kebab-case path segments) or a topic template whose segments may be `{parameters}`. */
export const TOPIC_PATTERN = /^lykta:[a-z0-9][a-z0-9-]*(\/([a-z0-9][a-z0-9-]*|\{[a-zA-Z]+\}))+$/;

export const topicAnchor = (topic: string) =>
  topic
    .replace(/^lykta:/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/-$/, '');

/** The channel key of a topic: `lykta:thermometry/alarm` → `thermometryAlarm`. */
export const topicKey = (topic: string) =>
  topic
    .replace(/^lykta:/, '')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w, i) => (i ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join('');

function typeOf(schema: JsonObject): string {
  if ('const' in schema) return `\`${JSON.stringify(schema.const)}\``;
  if (Array.isArray(schema.enum))
    return schema.enum.map((v) => `\`${JSON.stringify(v).replace(/^"|"$/g, '')}\``).join(', ');
  if (Array.isArray(schema.oneOf)) return schema.oneOf.map((s) => (isObject(s) ? typeOf(s) : '?')).join(' or ');
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'any'];
  const named = types.map((t) => {
    if (t === 'array' && isObject(schema.items)) return `array of ${typeOf(schema.items)}`;
    if (t === 'string' && typeof schema.format === 'string') return `string (${schema.format})`;
    return String(t);
  });
  return named.join(' or ');
}

function unit(schema: JsonObject): string {
  const bounds: string[] = [];
  if (typeof schema.minimum === 'number') bounds.push(`≥ ${schema.minimum}`);
  if (typeof schema.maximum === 'number') bounds.push(`≤ ${schema.maximum}`);
  return bounds.length ? ` (${bounds.join(', ')})` : '';
}

/** The members of an object schema, nested objects and arrays of objects flattened into dotted names. */
export function members(schema: unknown, prefix = ''): EventMember[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const out: EventMember[] = [];
  for (const [name, raw] of Object.entries(schema.properties)) {
    if (!isObject(raw)) continue;
    const full = `${prefix}${name}`;
    out.push({
      name: full,
      type: typeOf(raw) + unit(raw),
      required: required.has(name),
      description: typeof raw.description === 'string' ? raw.description : '',
    });
    out.push(...members(raw, `${full}.`));
    if (isObject(raw.items)) out.push(...members(raw.items, `${full}[].`));
  }
  return out;
}

/**
 * Every topic of the catalogue, in document order, from the document with its references resolved.
 * Throws on a channel that lacks what the pages need.
 */
export function eventTopics(document: JsonObject): EventTopic[] {
  if (JSON.stringify(document).includes('"$ref":')) throw new Error('event catalogue: resolve its references first');
  const channels = isObject(document.channels) ? document.channels : {};
  return Object.entries(channels).map(([key, raw]) => {
    const channel = isObject(raw) ? raw : {};
    const topic = String(channel.address);
    const fail = (what: string): never => {
      throw new Error(`event catalogue, channel ${key} (${topic}): ${what}`);
    };
    if (!TOPIC_PATTERN.test(topic)) fail('address is not a lykta: topic');
    const messages = isObject(channel.messages) ? Object.values(channel.messages) : [];
    if (messages.length !== 1) fail('needs exactly one message');
    const message = isObject(messages[0]) ? messages[0] : fail('the message is not an object');
    const payload = isObject(message.payload) ? message.payload : fail('the message has no payload');
    const props = isObject(payload.properties) ? payload.properties : fail('payload has no properties');
    const tags = Array.isArray(channel.tags) ? channel.tags.filter(isObject) : [];
    const family = tags.length === 1 ? String(tags[0]!.name) : fail('needs exactly one family tag');
    const stringList = (v: unknown) => (Array.isArray(v) ? v.map(String) : fail('products must be a list'));
    const basis = channel['x-lykta-since-basis'];
    if (basis !== 'topic' && basis !== 'api') fail('x-lykta-since-basis must be topic or api');
    return {
      topic,
      key,
      anchor: topicAnchor(topic),
      family,
      api: typeof channel['x-lykta-api'] === 'string' ? channel['x-lykta-api'] : fail('x-lykta-api missing'),
      alsoRaisedBy: Array.isArray(channel['x-lykta-also-raised-by'])
        ? channel['x-lykta-also-raised-by'].map(String)
        : [],
      summary: typeof channel.summary === 'string' ? channel.summary : fail('summary missing'),
      description: typeof channel.description === 'string' ? channel.description : '',
      products: stringList(channel['x-lykta-products']),
      since: typeof channel['x-lykta-since'] === 'string' ? channel['x-lykta-since'] : fail('x-lykta-since missing'),
      sinceBasis: basis as 'topic' | 'api',
      stateful: channel['x-lykta-stateful'] === true,
      template: topic.includes('{'),
      source: members(props.source),
      data: members(props.data),
      payload,
      examples: (Array.isArray(message.examples) ? message.examples : []).map((e) =>
        isObject(e) && isObject(e.payload) ? e.payload : fail('an example without a payload'),
      ),
    };
  });
}

/**
 * The topic a name in a page refers to: the topic itself, or for a subscription pattern ending
 * in `/*`, every topic below it. Empty when nothing matches.
 */
export function matchTopics(name: string, topics: readonly string[]): string[] {
  if (name.endsWith('/*')) {
    const prefix = name.slice(0, -1);
    return topics.filter((t) => t.startsWith(prefix));
  }
  return topics.includes(name) ? [name] : [];
}
