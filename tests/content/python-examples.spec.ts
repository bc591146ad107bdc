/**
 * The pages' self-contained scene-metadata consumers run, in Python 3, against every frame and
 * consolidated track example of the site (the `json` blocks marked schema="frame.schema.json" or
 * schema="consolidated-track.schema.json", which tests/content/schemas.spec.ts validates; among them
 * frames whose observations have no `class`), plus a redelivered track (QoS 1) and a payload that is
 * not JSON. They must finish without an exception and print what the page says they print.
 *
 * No broker is reachable here and paho-mqtt 2.x is not installable (no PyPI), so `paho.mqtt` is
 * the test double in tests/content/python/paho: the API and callback signatures of paho-mqtt 2.1,
 * checked as paho checks them, delivering the messages of a file to the callbacks and re-raising
 * their exceptions, as paho 2.x does.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {contentPages, fencedBlocks, ROOT} from '../support/files';
import {findOperation, operations, validatorFor} from '../support/openapiAjv';
import {schemaExamples} from '../support/schemaExamples';

const DOUBLES = path.join(ROOT, 'tests/content/python');
const SERIAL = 'LK3421A00715';

interface Runnable {
  page: string;
  title: string;
  /** Environment the example reads. */
  env?: Record<string, string>;
  /** What its output must show, given the messages it was sent. */
  expect: (output: string, messages: Message[]) => void;
}

interface Message {
  topic: string;
  payload: unknown;
  qos?: number;
}

const tracksIn = (messages: Message[]) =>
  messages.flatMap((m) => {
    const p = m.payload as {consolidatedTrack?: {id: string; classes: {type: string}[]}};
    return typeof p === 'object' && p?.consolidatedTrack ? [p.consolidatedTrack] : [];
  });
const unique = <T>(xs: T[]) => [...new Set(xs)];

const RUNNABLE: Runnable[] = [
  {
    page: 'docs/analytics/scene-metadata/reference/protocols/mqtt.md',
    title: 'consume_tracks.py',
    expect: (output, messages) => {
      // One line per track, redeliveries dropped.
      for (const id of unique(tracksIn(messages).map((t) => t.id)))
        expect(
          output.split('\n').filter((l) => l.includes(` ${id} `)),
          id,
        ).toHaveLength(1);
      expect(output).toContain('ignoring message');
    },
  },
  {
    page: 'docs/analytics/scene-metadata/how-to-guides/scene-metadata-over-mqtt.md',
    title: 'scene_consumer.py',
    env: {MQTT_PASSWORD: 'test-password'},
    expect: (output, messages) => {
      expect(output).toContain('connected (session present: False)');
      expect(output).toContain('ignoring malformed message');
      const humans = messages.some((m) =>
        ((m.payload as {frame?: {observations?: {class?: {type: string}}[]}})?.frame?.observations ?? []).some(
          (o) => o.class?.type === 'human',
        ),
      );
      if (humans) expect(output).toMatch(/human\(s\)/);
      // One line per track, redeliveries dropped.
      expect(output.split('\n').filter((l) => l.includes(' seen '))).toHaveLength(
        unique(tracksIn(messages).map((t) => t.id)).length,
      );
    },
  },
  {
    page: 'docs/analytics/scene-metadata/reference/protocols/message-broker.md',
    title: 'app/vehicle_tracks.py',
    expect: (output, messages) => {
      const vehicles = tracksIn(messages).filter((t) => t.classes[0]!.type === 'vehicle');
      // Each delivery of a vehicle track is printed (this example does not deduplicate).
      expect(output.split('\n').filter((l) => l.startsWith('vehicle '))).toHaveLength(vehicles.length);
    },
  },
];

/** The source of a page's python block with that title. */
function source(page: string, title: string): string {
  const blocks = fencedBlocks(fs.readFileSync(path.join(ROOT, page), 'utf8')).filter(
    (b) => b.lang === 'python' && new RegExp(`title="${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`).test(b.meta),
  );
  if (blocks.length !== 1) throw new Error(`${page}: ${blocks.length} python blocks titled ${title}`);
  return blocks[0]!.body;
}

/** Every frame and consolidated track example of the site, as MQTT messages, plus a redelivery and a bad payload. */
function messages(): Message[] {
  const examples = contentPages().flatMap((f) => schemaExamples(f));
  const frames = examples.filter((e) => e.schema === 'frame.schema.json').map((e) => JSON.parse(e.body) as object);
  const tracks = examples
    .filter((e) => e.schema === 'consolidated-track.schema.json')
    .map((e) => JSON.parse(e.body) as object);
  const out: Message[] = [
    ...frames.map((payload) => ({topic: `lykta/${SERIAL}/scene-metadata/frame`, payload, qos: 0})),
    {topic: `lykta/${SERIAL}/scene-metadata/frame`, payload: 'not json {', qos: 0},
    ...tracks.map((payload) => ({topic: `lykta/${SERIAL}/scene-metadata/consolidated-track`, payload, qos: 1})),
  ];
  if (tracks.length) out.push({topic: `lykta/${SERIAL}/scene-metadata/consolidated-track`, payload: tracks[0], qos: 1});
  out.push({topic: `lykta/${SERIAL}/scene-metadata/consolidated-track`, payload: 'not json {', qos: 1});
  return out;
}

interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  json: unknown;
}

/** The simulated device's answers: every operation's first 2xx status with its documented example. */
function routes() {
  return operations()
    .filter((o) => o.status)
    .map((o) => ({
      method: o.method.toUpperCase(),
      pattern: o.pattern,
      status: o.status,
      body: o.responseExample ?? null,
    }));
}

/**
 * Runs a Python source with the doubles on the path (paho-mqtt, websockets, requests), the MQTT
 * messages and event-stream events it is to receive, and the simulated device's answers; returns
 * the exit status, the output and the HTTP requests it made.
 */
export function runPython(code: string, msgs: Message[], env: Record<string, string> = {}, events: object[] = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'py-example-'));
  const script = path.join(dir, 'example.py');
  const file = path.join(dir, 'messages.json');
  const eventFile = path.join(dir, 'events.json');
  const routeFile = path.join(dir, 'routes.json');
  const log = path.join(dir, 'requests.jsonl');
  fs.writeFileSync(script, code);
  // The CA files a script names (relative, like `lab-ca.pem`) exist: real ssl loads them.
  for (const m of code.matchAll(/["']([\w.-]+\.pem)["']/g)) fs.copyFileSync(testCa(), path.join(dir, m[1]!));
  fs.writeFileSync(file, JSON.stringify(msgs));
  fs.writeFileSync(eventFile, JSON.stringify(events));
  fs.writeFileSync(routeFile, JSON.stringify(routes()));
  fs.writeFileSync(log, '');
  const r = spawnSync('python3', [script], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 30_000,
    env: {
      ...process.env,
      ...env,
      PYTHONPATH: DOUBLES,
      LYKTA_MQTT_MESSAGES: file,
      LYKTA_WS_EVENTS: eventFile,
      LYKTA_HTTP_ROUTES: routeFile,
      LYKTA_HTTP_LOG: log,
      PYTHONDONTWRITEBYTECODE: '1',
    },
  });
  const requests = fs
    .readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as LoggedRequest);
  fs.rmSync(dir, {recursive: true, force: true});
  if (r.error) throw r.error;
  return {status: r.status, output: `${r.stdout}${r.stderr}`, requests};
}

let caFile: string | undefined;
/** A self-signed CA certificate (openssl), for the CA files the examples load. */
function testCa(): string {
  if (caFile) return caFile;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-ca-'));
  caFile = path.join(dir, 'ca.pem');
  const r = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      path.join(dir, 'ca.key'),
      '-out',
      caFile,
      '-days',
      '2',
      '-subj',
      '/CN=Test CA',
    ],
    {encoding: 'utf8'},
  );
  if (r.status !== 0) throw new Error(`openssl: ${r.stderr}`);
  return caFile;
}

/** Requests the simulated device would refuse: no such operation, an undeclared query parameter, an invalid body. */
export function requestProblems(requests: LoggedRequest[]): string[] {
  return requests.flatMap((q) => {
    const op = findOperation(q.method, q.path);
    if (!op) return [`${q.method} ${q.path}: no OpenAPI operation`];
    const problems: string[] = [];
    const declared = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
    for (const k of Object.keys(q.query))
      if (!declared.includes(k)) problems.push(`${q.method} ${q.path}: query parameter ${k} is not declared`);
    if (op.requestSchema && q.json !== null && q.json !== undefined) {
      const validate = validatorFor(op.requestSchema);
      if (!validate(q.json)) problems.push(`${q.method} ${q.path}: body: ${JSON.stringify(validate.errors)}`);
    }
    return problems;
  });
}

/** Every event example of the site (`json` blocks that are an event-stream event). */
function siteEvents(): object[] {
  const schema = (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'static/schemas/lyk/lyk-output.schema.json'), 'utf8')) as {
      $defs: {event: object};
    }
  ).$defs.event;
  const ajv = new Ajv2020({strict: false});
  addFormats(ajv);
  const isEvent = ajv.compile(schema);
  return contentPages().flatMap((f) =>
    fencedBlocks(fs.readFileSync(f, 'utf8')).flatMap((b) => {
      if (b.lang !== 'json') return [];
      try {
        const value = JSON.parse(b.body) as unknown;
        return isEvent(value) ? [value as object] : [];
      } catch {
        return [];
      }
    }),
  );
}

test.describe("Python event-stream clients run against the site's events and a simulated device", () => {
  test('access_watch.py reacts to the forced-door events with valid VIREO requests', () => {
    const events = siteEvents();
    expect(events.length).toBeGreaterThan(10);
    const code = source('docs/vireo/physical-access-control/system-integration-examples.mdx', 'access_watch.py');
    const {status, output, requests} = runPython(code, [], {}, events);
    expect(output).not.toContain('Traceback');
    expect(status, output).toBe(0);
    const forced = events.filter((e) => {
      const ev = e as {topic: string; data: {alarm?: string; active?: boolean}};
      return ev.topic === 'lykta:access/door/alarm' && ev.data.alarm === 'forced_open' && ev.data.active === true;
    });
    expect(forced.length).toBeGreaterThan(0);
    expect(output.split('\n').filter((l) => l.startsWith('FORCED '))).toHaveLength(forced.length);
    expect(requests.length).toBeGreaterThanOrEqual(forced.length);
    expect(requestProblems(requests)).toEqual([]);
  });

  test('the simulated device refuses what the documents do not allow', () => {
    const ok = {method: 'GET', path: '/vireo/eventlogger/v1/entries', query: {limit: '1'}, json: null};
    expect(requestProblems([ok])).toEqual([]);
    expect(requestProblems([{...ok, query: {colour: 'red'}}])).toHaveLength(1);
    expect(requestProblems([{...ok, path: '/vireo/nothing/v1/here'}])).toHaveLength(1);
    const feedback = operations().find((o) => o.method === 'post' && o.path.endsWith('/feedback'));
    expect(feedback).toBeDefined();
    const feedbackPath = feedback!.pattern.replace('[^/]+', 'main-entrance-in');
    expect(
      requestProblems([{method: 'POST', path: feedbackPath, query: {}, json: {led: {color: 'ultraviolet'}}}]),
    ).toHaveLength(1);
  });
});

test.describe("Python scene-metadata consumers run against the site's frames and tracks", () => {
  const msgs = messages();

  test('the messages cover what the consumers must survive', () => {
    const frames = msgs.filter((m) => typeof m.payload === 'object' && 'frame' in (m.payload as object));
    expect(frames.length).toBeGreaterThan(4);
    const observations = frames.flatMap(
      (m) => (m.payload as {frame: {observations?: {class?: unknown}[]}}).frame.observations ?? [],
    );
    expect(
      observations.some((o) => o.class === undefined),
      'an observation without class',
    ).toBe(true);
    expect(
      observations.some((o) => o.class !== undefined),
      'an observation with class',
    ).toBe(true);
    expect(tracksIn(msgs).length).toBeGreaterThan(1);
  });

  for (const r of RUNNABLE) {
    test(`${r.page} ${r.title}`, () => {
      const {status, output} = runPython(source(r.page, r.title), msgs, r.env);
      expect(output).not.toContain('Traceback');
      expect(status, output).toBe(0);
      r.expect(output, msgs);
    });
  }

  test('the double fails a consumer that breaks on valid data, as paho 2.x would', () => {
    const naive = source(RUNNABLE[1]!.page, RUNNABLE[1]!.title).replace(
      'o.get("class", {}).get("type") == "human"',
      'o["class"]["type"] == "human"',
    );
    expect(naive).toContain('o["class"]["type"]');
    // The example catches KeyError around its handlers; a consumer without that guard stops.
    const unguarded = naive.replace(
      '    try:\n        if "frame" in doc:\n            handle_frame(serial, doc["frame"])\n        elif "consolidatedTrack" in doc:\n            handle_track(serial, doc["consolidatedTrack"])\n    except (KeyError, IndexError, TypeError, AttributeError) as err:\n        log.warning("ignoring unexpected message on %s: %r", message.topic, err)',
      '    if "frame" in doc:\n        handle_frame(serial, doc["frame"])',
    );
    expect(unguarded).not.toContain('ignoring unexpected message');
    const {status, output} = runPython(unguarded, msgs, {MQTT_PASSWORD: 'x'});
    expect(status).not.toBe(0);
    expect(output).toMatch(/KeyError: 'class'/);
    // paho 1.x style construction is refused, as paho 2.x refuses it.
    const old = runPython('import paho.mqtt.client as mqtt\nmqtt.Client("my-id")\n', msgs);
    expect(old.output).toMatch(/Unsupported callback API version/);
    // MQTT 5 with clean_session, as paho 2.x.
    const v5 = runPython(
      'import paho.mqtt.client as mqtt\nmqtt.Client(mqtt.CallbackAPIVersion.VERSION2, clean_session=False, protocol=mqtt.MQTTv5)\n',
      msgs,
    );
    expect(v5.output).toMatch(/Clean session is not used for MQTT 5.0/);
  });
});
