/**
 * The executable reference: every curl command on the site runs, with the real `curl`, against the
 * simulated device (simulator/), and must reach a documented operation, pass its authentication,
 * role and request validation, and get a success answer that validates against the document.
 *
 * - Generated commands: the curl example of every operation of every OpenAPI document, as the API
 *   pages render it.
 * - Written commands: every `curl` invocation in a shell block of a published page, run after the
 *   page's earlier setup statements (variable assignments, files written with here-documents) in a
 *   folder holding the files the page gives as titled blocks and the lab CA as `lab-ca.pem`.
 *
 * Nothing in a command is changed: a `.curlrc` in the run's home folder maps every host to the
 * simulator (`connect-to`) and names the run (`user-agent`), which is how the simulator's log tells
 * the runs apart. A command that cannot run is listed in simulator/exemptions.yaml with a reason;
 * an exemption that no failing command needs fails the test too.
 */
import {spawn} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {parse} from 'yaml';
import {buildDocumentModel} from '../../src/lib/openapi';
import {familyDocuments} from '../../src/plugins/openapi-bundle';
import {loadDocument} from '../../src/remark/openapi-operations';
import {startDevice, type Device, type Exchange} from '../../simulator/device';
import {contentPages, fencedBlocks, ROOT} from '../support/files';
import {pageCommands} from '../support/curlCommands';

const OPENAPI = path.join(ROOT, 'static/openapi');
const EXEMPTIONS = path.join(ROOT, 'simulator/exemptions.yaml');

interface Run {
  /** Where the command comes from: `page:line` or `document operationId`. */
  where: string;
  command: string;
  setup: string[];
  files: Record<string, string>;
}

interface Outcome extends Run {
  ok: boolean;
  why: string;
  /** The status of the last answer the command got. */
  status?: number;
}

async function generatedRuns(): Promise<Run[]> {
  const documents = await Promise.all(familyDocuments(OPENAPI).map((name) => loadDocument(OPENAPI, name)));
  return familyDocuments(OPENAPI).flatMap((name, i) =>
    buildDocumentModel(documents[i]!).tags.flatMap((tag) =>
      tag.operations.map((op) => ({where: `${name} ${op.anchor}`, command: op.curl, setup: [], files: {}})),
    ),
  );
}

function writtenRuns(): Run[] {
  return contentPages().flatMap((file) => {
    const text = fs.readFileSync(file, 'utf8');
    if (!/\bcurl\b/.test(text)) return [];
    const {commands, files} = pageCommands(fencedBlocks(text));
    return commands.map((c) => ({
      where: `${path.relative(ROOT, file)}:${c.line}`,
      command: c.command,
      setup: c.setup,
      files,
    }));
  });
}

function runShell(script: string, cwd: string, home: string): Promise<{code: number; stderr: string}> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], {
      cwd,
      env: {PATH: process.env.PATH, HOME: home, LANG: 'C.UTF-8'},
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 30_000,
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({code: code ?? -1, stderr}));
  });
}

/** Runs one command in its own folder and judges it by the simulator's log of what the command sent. */
async function execute(device: Device, run: Run, id: string): Promise<Outcome> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lykta-curl-'));
  try {
    // The lab CA under every name the page gives the CA it tells the reader to trust.
    for (const m of [run.command, ...run.setup].join('\n').matchAll(/--cacert\s+['"]?([\w.-]+\.(?:pem|crt))/g))
      fs.writeFileSync(path.join(dir, m[1]!), device.caPem);
    fs.writeFileSync(path.join(dir, 'lab-ca.pem'), device.caPem);
    for (const [name, body] of Object.entries(run.files)) fs.writeFileSync(path.join(dir, name), body);
    // A binary file the reader made or has (a built package, a clip, an image) is uploaded as it is:
    // a stand-in with the same name will do. JSON and other text a page must show itself.
    for (const m of run.command.matchAll(
      /@([\w./-]+\.(?:lpk|key|jpg|jpeg|png|wav|mp3|ogg|bin|der|p12|pfx|tar\.gz))\b/g,
    ))
      if (!m[1]!.includes('..') && !fs.existsSync(path.join(dir, m[1]!))) {
        fs.mkdirSync(path.dirname(path.join(dir, m[1]!)), {recursive: true});
        fs.writeFileSync(path.join(dir, m[1]!), Buffer.from("stand-in for the reader's file\n"));
      }
    fs.writeFileSync(
      path.join(dir, '.curlrc'),
      `connect-to = "::127.0.0.1:${device.port}"\nuser-agent = "${id}"\nmax-time = 20\nsilent\nshow-error\n`,
    );
    // The setup may fail on something the reader has and the run does not (jq, a file); the command is what is judged.
    const script = [...run.setup.map((s) => `{ ${s}\n} >/dev/null 2>&1 || true`), `exec ${run.command}`].join('\n');
    const {code, stderr} = await runShell(script, dir, dir);
    const mine = device.exchanges.filter((e: Exchange) => e.userAgent === id);
    const last = mine[mine.length - 1];
    const fail = (why: string): Outcome => ({...run, ok: false, why, status: last?.status});
    // A command that asks nothing of a server (`curl --version`) only has to succeed.
    if (!last && code === 0 && !/:\/\/|\$/.test(run.command)) return {...run, ok: true, why: ''};
    if (!last)
      return fail(`no request reached the device (curl exit ${code}: ${stderr.trim().split('\n').pop() ?? ''})`);
    if (!last.operationId) return fail(`${last.status} ${last.method} ${last.target}: not an operation of a document`);
    if (last.status >= 400)
      return fail(`${last.status} ${last.method} ${last.target} (${last.operationId}): ${last.code}: ${last.detail}`);
    if (last.responseErrors.length)
      return fail(`the answer of ${last.operationId} does not match its document: ${last.responseErrors.join('; ')}`);
    if (code !== 0) return fail(`curl exit ${code}: ${stderr.trim().split('\n').pop() ?? ''}`);
    return {...run, ok: true, why: ''};
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
}

async function executeAll(device: Device, runs: Run[], prefix: string): Promise<Outcome[]> {
  const out: Outcome[] = new Array(runs.length);
  let next = 0;
  const worker = async () => {
    while (next < runs.length) {
      const i = next++;
      out[i] = await execute(device, runs[i]!, `${prefix}-${i}`);
    }
  };
  await Promise.all(Array.from({length: 6}, worker));
  return out;
}

interface Exemption {
  where: string;
  command?: string;
  /** The command is shown failing on purpose: it must get exactly this status. */
  status?: number;
  reason: string;
}

function exemptions(): Exemption[] {
  const list = parse(fs.readFileSync(EXEMPTIONS, 'utf8')) as Exemption[];
  for (const e of list)
    if (!e.where || !e.reason || e.reason.length < 20)
      throw new Error(`exemption without a place or a reason: ${JSON.stringify(e)}`);
  return list;
}

const exempts = (e: Exemption, o: Outcome) =>
  new RegExp(e.where).test(o.where) &&
  (!e.command || new RegExp(e.command).test(o.command)) &&
  (e.status === undefined || e.status === o.status);

/** Failures no exemption covers, and exemptions that cover no failure. */
function judge(outcomes: Outcome[], list: Exemption[]): {failures: string[]; stale: string[]} {
  const failing = outcomes.filter((o) => !o.ok);
  return {
    failures: failing
      .filter((o) => !list.some((e) => exempts(e, o)))
      .map((o) => `${o.where}: ${o.why}\n    ${o.command.split('\n')[0]}`),
    stale: list
      .filter((e) => !failing.some((o) => exempts(e, o)))
      .map((e) => `${e.where} ${e.command ?? ''}: ${e.reason}`),
  };
}

test.describe('the executable reference', () => {
  test.describe.configure({mode: 'serial', timeout: 900_000});
  let device: Device;
  let generated: Outcome[] = [];
  let written: Outcome[] = [];

  test.beforeAll(async () => {
    // Device host names the pages use (reserved .example names) go into the certificate, as the
    // device's own name would; real internet hosts do not, so a download from one fails here.
    const names = writtenRuns().flatMap((r) =>
      [...[r.command, ...r.setup].join(' ').matchAll(/https:\/\/([a-z][a-z0-9.-]*\.example)\b/g)].map((m) => m[1]!),
    );
    device = await startDevice({directory: OPENAPI, names});
  });
  test.afterAll(async () => {
    await device?.close();
  });

  test('the simulated device refuses what a device refuses, and the harness reports it', async () => {
    const base = "--cacert lab-ca.pem -H 'Content-Type: application/json'";
    const zone = `-X PUT 'https://192.0.2.10/vireo/time/v1/time-zone' ${base}`;
    const cases: [string, string][] = [
      [
        `curl ${zone} --data '{"timeZone":"Europe/Stockholm"}'`,
        '401 PUT /vireo/time/v1/time-zone (setTimeZone): auth.required',
      ],
      [
        `curl -u 'viewer:viewer-secret' ${zone} --data '{"timeZone":"Europe/Stockholm"}'`,
        '403 PUT /vireo/time/v1/time-zone (setTimeZone): auth.insufficient_role',
      ],
      [
        `curl --digest -u '<username>:wrong' ${zone} --data '{"timeZone":"Europe/Stockholm"}'`,
        '401 PUT /vireo/time/v1/time-zone (setTimeZone): auth.invalid_credentials',
      ],
      [
        `curl --digest -u '<username>:<password>' ${zone} --data '{"timeZone":7}'`,
        'request.validation_failed: The body does not match the operation: /timeZone',
      ],
      [
        `curl --digest -u '<username>:<password>' ${zone} --data '{"timeZone":'`,
        'request.malformed: The body does not parse',
      ],
      [
        `curl --digest -u '<username>:<password>' --cacert lab-ca.pem 'https://192.0.2.10/vireo/time/v1/no-such-thing'`,
        'not an operation of a document',
      ],
      [`curl --digest -u '<username>:<password>' 'https://192.0.2.10/vireo/time/v1/time-zone'`, 'curl exit 60'],
      [
        `curl -u 'viewer-client:viewer-client-secret' --cacert lab-ca.pem 'https://192.0.2.10/vireo/time/v1/time-zone'`,
        'OAuth client credentials only obtain tokens',
      ],
    ];
    for (const [i, [command, why]] of cases.entries()) {
      const outcome = await execute(device, {where: 'planted', command, setup: [], files: {}}, `planted-${i}`);
      expect(outcome.ok, command).toBe(false);
      expect(outcome.why, command).toContain(why);
    }
    // What works: a token from the token endpoint, HEAD, and an API's own OpenAPI document.
    let okRuns = 0;
    const ok = async (command: string, setup: string[] = []) =>
      (await execute(device, {where: 'planted', command, setup, files: {}}, `planted-ok-${++okRuns}`)).why;
    const token = `TOKEN=$(curl -s -u '<client-id>:<client-secret>' --cacert lab-ca.pem -d grant_type=client_credentials https://192.0.2.10/vireo/oauth/v1/token | sed -E 's/.*"access_token":"([^"]+)".*/\\1/')`;
    expect(
      await ok(
        `curl --cacert lab-ca.pem -H "Authorization: Bearer $TOKEN" 'https://192.0.2.10/vireo/time/v1/time-zone'`,
        [token],
      ),
    ).toBe('');
    expect(
      await ok(
        `curl -sI --digest -u '<username>:<password>' --cacert lab-ca.pem 'https://192.0.2.10/vireo/time/v1/time-zone'`,
      ),
    ).toBe('');
    expect(await ok(`curl --cacert lab-ca.pem -o time.json 'https://192.0.2.10/vireo/time/v1/openapi.json'`)).toBe('');
  });

  test('every curl example the API pages generate runs against the simulated device', async () => {
    const runs = await generatedRuns();
    expect(runs.length).toBe(device.operations);
    // A path or query parameter without a value would reach the device as `%7Bid%7D` or `%3Cid%3E`.
    expect(runs.filter((r) => /%7B|%3C/i.test(r.command.split('\n')[1] ?? '')).map((r) => r.where)).toEqual([]);
    generated = await executeAll(device, runs, 'generated');
    expect(judge(generated, exemptions()).failures).toEqual([]);
  });

  test('every curl command written in a page runs against the simulated device', async () => {
    const runs = writtenRuns();
    expect(runs.length).toBeGreaterThan(500);
    written = await executeAll(device, runs, 'written');
    const {failures} = judge(written, exemptions());
    // An exemption must still be needed, by a generated or a written command.
    const {stale} = judge([...generated, ...written], exemptions());
    console.log(
      `curl commands: ${generated.length} generated, ${written.length} written; ${written.filter((o) => o.ok).length} written ones ran, ${written.filter((o) => !o.ok).length} exempt`,
    );
    expect(failures).toEqual([]);
    expect(stale).toEqual([]);
  });
});
