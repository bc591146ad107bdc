/**
 * Finding event examples and topic names in the site's text, and checking them against the event
 * catalogue (static/asyncapi/vireo-events.yaml). Pure functions: the spec reads the files.
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type {EventTopic} from '../../src/lib/events';

/** A JSON object found in text, with the 0-based offset of its `{`. */
export interface FoundJson {
  value: unknown;
  offset: number;
  /** Offset just past its `}`. */
  end: number;
}

/** The end (exclusive) of the balanced `{…}` starting at `start`, strings respected; -1 if unbalanced. */
function closing(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

/**
 * Every outermost JSON object in `text` (in prose, a shell command's `--data '…'`, a terminal
 * transcript, a JSON block). A `{…}` that does not parse is searched inside for objects that do;
 * `unparsed` gets the ones that look like events (`"topic": "lykta:`) and still do not parse.
 */
export function jsonObjects(text: string, base = 0): {found: FoundJson[]; unparsed: {offset: number; text: string}[]} {
  const found: FoundJson[] = [];
  const unparsed: {offset: number; text: string}[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '{') continue;
    const end = closing(text, i);
    if (end < 0) continue;
    const candidate = text.slice(i, end);
    try {
      found.push({value: JSON.parse(candidate), offset: base + i, end: base + end});
      i = end - 1;
    } catch {
      const inner = jsonObjects(candidate.slice(1, -1), base + i + 1);
      found.push(...inner.found);
      const covered = inner.found.some((f) => JSON.stringify(f.value).includes('"topic":"lykta:'));
      if (/"topic"\s*:\s*"lykta:/.test(candidate) && !covered && !inner.unparsed.length) {
        unparsed.push({offset: base + i, text: candidate.slice(0, 160)});
      }
      unparsed.push(...inner.unparsed);
      i = end - 1;
    }
  }
  return {found, unparsed};
}

/** Every object inside a parsed value (the value itself included). */
export function objectsIn(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(objectsIn);
  if (value === null || typeof value !== 'object') return [];
  const obj = value as Record<string, unknown>;
  return [obj, ...Object.values(obj).flatMap(objectsIn)];
}

/** An object that is an event as delivered (a topic and at least one of time, source, data). */
export const isEvent = (o: Record<string, unknown>) =>
  typeof o.topic === 'string' && o.topic.startsWith('lykta:') && ('data' in o || 'time' in o || 'source' in o);

/**
 * An object that reports an unknown topic (a problem or error message whose `code` ends in
 * `unknown_topic`): the topic names in it are meant not to exist.
 */
export const reportsUnknownTopic = (value: unknown) =>
  objectsIn(value).some((o) => typeof o.code === 'string' && o.code.endsWith('.unknown_topic'));

/** Topic names written in text: `lykta:video/motion`, patterns `lykta:device/io/*`, prefixes `lykta:access/`. */
export function topicMentions(text: string): {name: string; offset: number}[] {
  const re = /(?<![\w:.-])lykta:[a-z0-9][a-z0-9_-]*(?:\/(?:[a-z0-9_*-]+|<[a-z_-]+>|\{[a-zA-Z]+\}))*\/?/g;
  return [...text.matchAll(re)].filter((m) => m[0].includes('/')).map((m) => ({name: m[0], offset: m.index!}));
}

export interface Catalogue {
  topics: EventTopic[];
  /** Application names that VIREO topics use: `lykta:applications/<name>/…`. */
  vireoAppNames: Set<string>;
  check: (event: Record<string, unknown>) => string[];
  resolve: (name: string) => string;
}

/** The members of an event object; anything else around them belongs to whatever carries the event. */
const ENVELOPE = ['topic', 'time', 'source', 'data'];

/** The template of topics that LEAP applications declare: `lykta:applications/{appName}/{eventName}`. */
export const APP_TOPIC = /^lykta:applications\/([a-z][a-z0-9_]{0,31})\/([a-z][a-z0-9_]{0,31})$/;

/**
 * A checker over the catalogue's topics. `check` validates an event object against its topic's
 * payload (an application-declared topic against the template's); `resolve` says what a written
 * topic name refers to, or why it refers to nothing ('' when it is fine).
 */
export function catalogue(all: EventTopic[]): Catalogue {
  const ajv = new Ajv({allErrors: true, strict: false});
  addFormats(ajv);
  const topics = all.filter((t) => !t.template);
  const templates = all.filter((t) => t.template);
  if (templates.length !== 1 || templates[0]!.topic !== 'lykta:applications/{appName}/{eventName}')
    throw new Error('the catalogue needs the one template lykta:applications/{appName}/{eventName}');
  const validators = new Map(topics.map((t) => [t.topic, ajv.compile(t.payload)]));
  const appValidator = ajv.compile(templates[0]!.payload);
  const partsOf = (t: EventTopic) =>
    Object.fromEntries(
      Object.entries(t.payload.properties as Record<string, object>).map(([k, schema]) => [k, ajv.compile(schema)]),
    );
  const partValidators = new Map(topics.map((t) => [t.topic, partsOf(t)]));
  const appParts = partsOf(templates[0]!);
  const names = topics.map((t) => t.topic);
  const vireoAppNames = new Set(names.filter((t) => t.startsWith('lykta:applications/')).map((t) => t.split('/')[1]!));
  const isAppTopic = (t: string) => {
    const m = APP_TOPIC.exec(t);
    return Boolean(m && !vireoAppNames.has(m[1]!));
  };
  const resolve = (name: string): string => {
    if (name.includes('<') || name.includes('{')) return ''; // a convention written with placeholders
    if (names.includes(name) || isAppTopic(name)) return '';
    if (name.endsWith('/*') || name.endsWith('/')) {
      const prefix = name.replace(/\*$/, '');
      if (names.some((t) => t.startsWith(prefix))) return '';
      if (/^lykta:applications\/[a-z][a-z0-9_]*\/$/.test(prefix) && !vireoAppNames.has(prefix.split('/')[1]!))
        return '';
      return `no topic of the catalogue starts with ${prefix}`;
    }
    return 'not a topic of the event catalogue';
  };
  const check = (event: Record<string, unknown>): string[] => {
    const topic = String(event.topic);
    const validate = validators.get(topic) ?? (isAppTopic(topic) ? appValidator : undefined);
    if (!validate) return [`${topic}: not a topic of the event catalogue`];
    // A stored event (a log entry's `sequence`, say) may carry members around the event itself.
    const envelope = Object.fromEntries(Object.entries(event).filter(([k]) => ENVELOPE.includes(k)));
    if (!('time' in event)) {
      // Not an event as delivered (those always have a time) but a part of one, such as the
      // original topic and data a peer device's forwarded event carries: check the members it has.
      const parts = partValidators.get(topic) ?? (isAppTopic(topic) ? appParts : undefined)!;
      return Object.entries(envelope).flatMap(([k, v]) => {
        const part = parts[k];
        if (!part || part(v)) return [];
        return (part.errors ?? []).map((e) => `${topic}: /${k}${e.instancePath} ${e.message}`);
      });
    }
    if (validate(envelope)) return [];
    return (validate.errors ?? []).map(
      (e) =>
        `${topic}: ${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
    );
  };
  return {topics, vireoAppNames, check, resolve};
}
