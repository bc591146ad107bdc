/**
 * The event catalogue (static/asyncapi/vireo-events.yaml) is a valid AsyncAPI 3 document whose
 * topics say what the pages need (API, family, products from world.md, a LyktaOS release), whose
 * examples match their payload schemas, and which every API that raises events renders on its
 * page. Across the site (every published page, every OpenAPI document), every event object in an
 * example validates against its topic's payload, and every topic name written anywhere is one of
 * the catalogue (or a pattern or prefix that matches some, or an application's declared topic).
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {Parser} from '@asyncapi/parser';
import {parse, parseAllDocuments} from 'yaml';
import {topicAnchor, topicKey, type EventTopic} from '../../src/lib/events';
import {loadCatalogue} from '../../src/remark/openapi-operations/events';
import type {JsonObject} from '../../src/lib/jsonSchema';
import {contentPages, fencedBlocks, filesUnder, ROOT} from '../support/files';
import {
  catalogue,
  isEvent,
  jsonObjects,
  objectsIn,
  reportsUnknownTopic,
  topicMentions,
  type Catalogue,
} from '../support/events';

const CATALOGUE = path.join(ROOT, 'static/asyncapi/vireo-events.yaml');
const WORLD = path.join(ROOT, '../shared/spec/world.md');

const document = () => parse(fs.readFileSync(CATALOGUE, 'utf8')) as JsonObject;
const rel = (file: string) => path.relative(ROOT, file);
const lineOf = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/** The product names of world.md's Products table (the bold names). */
function worldProducts(): Set<string> {
  const text = fs.readFileSync(WORLD, 'utf8');
  const section = /## Products[^\n]*\n([\s\S]*?)\n## /.exec(text)?.[1];
  if (!section) throw new Error('world.md has no Products section');
  return new Set([...section.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]!.trim()));
}

/** Everything a checker finds wrong in one text: event objects that do not validate, topic names that name nothing. */
function checkText(text: string, where: string, cat: Catalogue, opts: {mentions: boolean}): string[] {
  const problems: string[] = [];
  const {found, unparsed} = jsonObjects(text);
  for (const f of found)
    for (const o of objectsIn(f.value).filter(isEvent))
      problems.push(...cat.check(o).map((p) => `${where}:${lineOf(text, f.offset)}: ${p}`));
  for (const u of unparsed)
    problems.push(`${where}:${lineOf(text, u.offset)}: an event example that is not JSON: ${u.text}`);
  if (opts.mentions) {
    const unknownOnPurpose = found.filter((f) => reportsUnknownTopic(f.value));
    for (const m of topicMentions(text)) {
      const why = cat.resolve(m.name);
      const at = `${where}:${lineOf(text, m.offset)}: ${m.name}`;
      if (unknownOnPurpose.some((f) => f.offset <= m.offset && m.offset < f.end)) {
        if (!why) problems.push(`${at}: an unknown-topic error that names a topic of the catalogue`);
      } else if (why) problems.push(`${at}: ${why}`);
    }
  }
  return problems;
}

/** Topic names in the strings of a parsed document; inside an unknown-topic error they must name nothing. */
function checkMentionsIn(value: unknown, where: string, cat: Catalogue, onPurpose = false, at = ''): string[] {
  if (typeof value === 'string')
    return topicMentions(value).flatMap((m) => {
      const why = cat.resolve(m.name);
      if (onPurpose)
        return why ? [] : [`${where} ${at}: ${m.name}: an unknown-topic error that names a topic of the catalogue`];
      return why ? [`${where} ${at}: ${m.name}: ${why}`] : [];
    });
  if (Array.isArray(value)) return value.flatMap((v, i) => checkMentionsIn(v, where, cat, onPurpose, `${at}/${i}`));
  if (!value || typeof value !== 'object') return [];
  const purpose = onPurpose || (typeof (value as {code?: unknown}).code === 'string' && reportsUnknownTopic(value));
  return Object.entries(value).flatMap(([k, v]) => checkMentionsIn(v, where, cat, purpose, `${at}/${k}`));
}

/** Events inside a parsed YAML value: objects, and JSON written inside its strings. */
function checkValue(value: unknown, where: string, cat: Catalogue): string[] {
  const problems: string[] = [];
  for (const o of objectsIn(value).filter(isEvent)) problems.push(...cat.check(o).map((p) => `${where}: ${p}`));
  const strings = (v: unknown): string[] =>
    typeof v === 'string'
      ? [v]
      : Array.isArray(v)
        ? v.flatMap(strings)
        : v && typeof v === 'object'
          ? Object.values(v).flatMap(strings)
          : [];
  for (const s of strings(value))
    if (s.includes('lykta:')) problems.push(...checkText(s, where, cat, {mentions: false}));
  return problems;
}

test.describe('event catalogue', () => {
  test('is a valid AsyncAPI 3 document', async () => {
    const parser = new Parser();
    const diagnostics = await parser.validate(fs.readFileSync(CATALOGUE, 'utf8'), {source: CATALOGUE});
    // Severity 0 is an error, 1 a warning; 2 and 3 are hints (such as "3.1.0 exists").
    const serious = diagnostics
      .filter((d) => d.severity <= 1)
      .map((d) => `${d.code} ${d.message} at ${d.path.join('.')}`);
    expect(serious).toEqual([]);
    expect(document().asyncapi).toBe('3.0.0');
  });

  test('every topic names its API, family, products and release, and has valid examples', async () => {
    const topics = await loadCatalogue(CATALOGUE);
    const cat = catalogue(topics);
    const products = worldProducts();
    expect(products.has('F21') && products.has('Audio Manager Pro')).toBe(true);
    expect(topics.length).toBeGreaterThan(100);
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const t of topics) {
      const say = (p: string) => problems.push(`${t.topic}: ${p}`);
      if (seen.has(t.topic)) say('listed twice');
      seen.add(t.topic);
      if (t.key !== topicKey(t.topic)) say(`channel key should be ${topicKey(t.topic)}`);
      if (t.anchor !== topicAnchor(t.topic)) say('anchor');
      if (!fs.existsSync(path.join(ROOT, 'static/openapi', `${t.api}.yaml`)))
        say(`x-lykta-api ${t.api} is not a document`);
      if (t.family !== t.api.split('/')[0]) say(`family ${t.family} is not the section of ${t.api}`);
      for (const also of t.alsoRaisedBy)
        if (also === t.api || !fs.existsSync(path.join(ROOT, 'static/openapi', `${also}.yaml`)))
          say(`x-lykta-also-raised-by ${also}`);
      for (const p of t.products) if (p !== 'all' && !products.has(p)) say(`product ${p} is not in world.md`);
      if (!t.products.length || (t.products.includes('all') && t.products.length > 1))
        say('products: a list of products, or [all]');
      const [major, minor] = t.since.split('.').map(Number);
      if (!/^\d+\.\d+$/.test(t.since) || ![10, 11, 12].includes(major!) || (major === 12 && minor! > 6))
        say(`since ${t.since} is not a LyktaOS release up to 12.6`);
      if (!t.summary.endsWith('.')) say('summary should be a sentence');
      if (!t.examples.length) say('no example');
      for (const m of [...t.source, ...t.data]) if (!m.description) say(`member ${m.name} has no description`);
      for (const e of t.template ? [] : t.examples) {
        if (e.topic !== t.topic) say(`example of topic ${String(e.topic)}`);
        problems.push(...cat.check(e));
      }
    }
    expect(problems).toEqual([]);
  });

  test('each API that raises events shows them on its page, and pages show only their own', async () => {
    const topics = await loadCatalogue(CATALOGUE);
    const uses = new Map<string, string[]>();
    for (const file of filesUnder(path.join(ROOT, 'docs/vireo'), /\.mdx?$/)) {
      const text = fs.readFileSync(file, 'utf8');
      const documents = [...text.matchAll(/<OpenApiOperations\s+document="([^"]+)"/g)].map((m) => m[1]!);
      for (const m of text.matchAll(/<VireoEvents\s+api="([^"]+)"/g)) {
        if (m[1] === 'all') continue;
        if (!documents.includes(m[1]!))
          uses.set(`${rel(file)} shows events of ${m[1]} but renders another document`, []);
        uses.set(m[1]!, [...(uses.get(m[1]!) ?? []), rel(file)]);
      }
    }
    const apis = [...new Set(topics.flatMap((t) => [t.api, ...t.alsoRaisedBy]))].sort();
    expect(
      apis
        .filter((api) => !uses.has(api))
        .map((api) => `${api} raises events but no page has <VireoEvents api="${api}" />`),
    ).toEqual([]);
    expect([...uses.keys()].filter((k) => !apis.includes(k))).toEqual([]);
  });
});

test.describe('event examples across the site', () => {
  test('every event object in a page validates and every topic name is in the catalogue', async () => {
    const cat = catalogue(await loadCatalogue(CATALOGUE));
    const problems: string[] = [];
    let events = 0;
    for (const file of contentPages()) {
      const text = fs.readFileSync(file, 'utf8');
      if (!text.includes('lykta:')) continue;
      problems.push(...checkText(text, rel(file), cat, {mentions: true}));
      events += jsonObjects(text)
        .found.flatMap((f) => objectsIn(f.value))
        .filter(isEvent).length;
      for (const block of fencedBlocks(text).filter((b) => /^ya?ml$/.test(b.lang) && b.body.includes('lykta:'))) {
        for (const doc of parseAllDocuments(block.body))
          problems.push(...checkValue(doc.toJS(), `${rel(file)}:${block.line}`, cat));
      }
    }
    expect(problems).toEqual([]);
    // The site shows events in many places; a scanner that finds few has stopped seeing them.
    expect(events).toBeGreaterThan(60);
  });

  test('every event object in an OpenAPI document validates and every topic name there is in the catalogue', async () => {
    const cat = catalogue(await loadCatalogue(CATALOGUE));
    const problems: string[] = [];
    for (const file of filesUnder(path.join(ROOT, 'static/openapi'), /\.yaml$/)) {
      const text = fs.readFileSync(file, 'utf8');
      if (!text.includes('lykta:')) continue;
      const value = parse(text);
      problems.push(...checkValue(value, rel(file), cat), ...checkMentionsIn(value, rel(file), cat));
    }
    expect(problems).toEqual([]);
  });
});

test.describe('the event checks catch planted defects', () => {
  const topics = (): Promise<EventTopic[]> => loadCatalogue(CATALOGUE);

  test('a wrong member, a wrong type and an unknown topic in an example', async () => {
    const all = await topics();
    const cat = catalogue(all);
    const t = all.find((x) => !x.template && x.data.length)!;
    const good = structuredClone(t.examples[0]!);
    expect(cat.check(good)).toEqual([]);
    const extra = structuredClone(good) as {data: Record<string, unknown>};
    extra.data.notAMember = 1;
    expect(cat.check(extra as JsonObject).join()).toContain('notAMember');
    const wrongTime = {...good, time: '2025-10-02 09:14'};
    expect(cat.check(wrongTime).length).toBeGreaterThan(0);
    expect(cat.check({...good, topic: 'lykta:video/motoin'})).toEqual([
      'lykta:video/motoin: not a topic of the event catalogue',
    ]);
  });

  test('events are found in shell commands, transcripts and YAML; broken ones are reported', async () => {
    const all = await topics();
    const cat = catalogue(all);
    const t = all.find((x) => !x.template)!;
    const event = JSON.stringify({...t.examples[0]!, data: {...(t.examples[0]!.data as object), planted: true}});
    const shell = `curl --data '${event}' https://192.0.2.10/x`;
    expect(checkText(shell, 'x', cat, {mentions: false}).join()).toContain('planted');
    const transcript = `lykta/LK3421A00715/event/x ${event}\n`;
    expect(checkText(transcript, 'x', cat, {mentions: false}).join()).toContain('planted');
    const wrapped = `{"rule": {"id": "a"}, "event": ${event}, "python": True}`;
    expect(checkText(wrapped, 'x', cat, {mentions: false}).join()).toContain('planted');
    const broken = `{"topic": "${t.topic}", "time": "2025-10-02T09:14:05.087Z", "data": {"a": 1,}}`;
    expect(checkText(broken, 'x', cat, {mentions: false}).join()).toContain('not JSON');
    expect(checkValue({examples: [{value: {...t.examples[0]!, data: {planted: 1}}}]}, 'y', cat).join()).toContain(
      'planted',
    );
  });

  test('topic names: typos, patterns and prefixes that match nothing, application topics', async () => {
    const cat = catalogue(await topics());
    const text =
      'Subscribe to `lykta:video/motoin`, `lykta:nothing/*` or `lykta:video/motion` and `lykta:device/io/*`.';
    const found = topicMentions(text).map((m) => [m.name, cat.resolve(m.name)]);
    expect(found).toEqual([
      ['lykta:video/motoin', 'not a topic of the event catalogue'],
      ['lykta:nothing/*', 'no topic of the catalogue starts with lykta:nothing/'],
      ['lykta:video/motion', ''],
      ['lykta:device/io/*', ''],
    ]);
    expect(cat.resolve('lykta:applications/ppe_check/helmet_missing')).toBe('');
    const vireoApp = [...cat.vireoAppNames][0]!;
    expect(cat.resolve(`lykta:applications/${vireoApp}/nosuchevent`)).not.toBe('');
    expect(topicMentions('urn:lykta:vireo:problem:x and lykta:vireo')).toEqual([]);
    // An unknown-topic error must name a topic that does not exist, in a page and in a document.
    const error = (topic: string) => ({
      code: 'events.unknown_topic',
      detail: `${topic} is not a topic of this device.`,
    });
    expect(checkText(JSON.stringify(error('lykta:video/motoin')), 'x', cat, {mentions: true})).toEqual([]);
    expect(checkText(JSON.stringify(error('lykta:video/motion')), 'x', cat, {mentions: true}).join()).toContain(
      'names a topic of the catalogue',
    );
    expect(checkMentionsIn({examples: {e: {value: error('lykta:video/motoin')}}}, 'y', cat)).toEqual([]);
    expect(checkMentionsIn({examples: {e: {value: error('lykta:video/motion')}}}, 'y', cat).join()).toContain(
      'names a topic of the catalogue',
    );
    expect(checkMentionsIn({description: 'Subscribe to lykta:video/motoin.'}, 'y', cat).join()).toContain(
      'not a topic',
    );
  });
});
