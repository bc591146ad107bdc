/**
 * What `lyk -o json` prints, against static/schemas/lyk/lyk-output.schema.json (which refers to
 * the OpenAPI documents for the commands that print a VIREO answer):
 *
 * - every command the CLI reference documents with `-o json` has its schema, every schema names a
 *   command of the reference, and every member the reference names for a command's JSON output is
 *   in that command's schema;
 * - every output example on any page (a `json` block, or a `text` block titled "Standard output…",
 *   right after a block whose last `lyk` command prints JSON without a pipe) validates: an object
 *   with `exitCode` against the error schema, with the exit code the reference's table gives for
 *   its HTTP status; NDJSON line by line; `lyk api call` against the operation's 2xx response in its
 *   OpenAPI document;
 * - every `jq` program that reads `lyk … -o json` output names only members its command prints.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {type ValidateFunction} from 'ajv/dist/2020';
import {contentPages, fencedBlocks, ROOT} from '../support/files';
import {ajv, documents, findOperation, isObj, validatorFor, type Json, type Obj} from '../support/openapiAjv';
import {commandOf, lykInvocations, parseReference, shellWords, simpleCommands} from '../support/lykCli';

const SCHEMA_FILE = path.join(ROOT, 'static/schemas/lyk/lyk-output.schema.json');
const REFERENCE = path.join(ROOT, 'docs/references/command-line-interface.md');

const schemaDoc = JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8')) as Obj & {
  $id: string;
  'x-lyk-commands': Record<string, {format: 'json' | 'ndjson'; schema: string}>;
};
ajv.addSchema(schemaDoc as object);

const validators = new Map<string, ValidateFunction>();
function validator(ref: string): ValidateFunction {
  const url = new URL(ref, schemaDoc.$id).href;
  if (!validators.has(url)) validators.set(url, ajv.compile({$ref: url}));
  return validators.get(url)!;
}

/** Resolves a `$ref` (relative to `base`) to the schema and the URL it lives at. */
function resolve(ref: string, base: string): {schema: Obj; base: string} {
  const url = new URL(ref, base);
  const docUrl = url.href.split('#')[0]!;
  const doc = docUrl === schemaDoc.$id ? schemaDoc : documents.get(docUrl);
  if (!doc) throw new Error(`unresolvable $ref ${ref} from ${base}`);
  let node: Json = doc;
  for (const part of decodeURIComponent(url.hash.slice(1)).split('/').filter(Boolean)) node = (node as Obj)[part]!;
  if (!isObj(node)) throw new Error(`$ref ${ref} from ${base} points at nothing`);
  return {schema: node, base: docUrl};
}

/** Every property name a schema can hold, through references, arrays and combinators. */
function propertyNames(schema: Obj, base: string, seen = new Set<Obj>()): Set<string> {
  const names = new Set<string>();
  if (seen.has(schema)) return names;
  seen.add(schema);
  const visit = (s: Json, b: string) => {
    if (!isObj(s)) return;
    for (const n of propertyNames(s, b, seen)) names.add(n);
  };
  if (typeof schema.$ref === 'string') {
    const r = resolve(schema.$ref, base);
    visit(r.schema, r.base);
  }
  if (isObj(schema.properties)) {
    for (const [k, v] of Object.entries(schema.properties)) {
      names.add(k);
      visit(v, base);
    }
  }
  visit(schema.items ?? null, base);
  if (isObj(schema.additionalProperties)) visit(schema.additionalProperties, base);
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    if (Array.isArray(schema[key])) for (const s of schema[key] as Json[]) visit(s, base);
  return names;
}

const commandSchema = (command: string) => schemaDoc['x-lyk-commands'][command];
const membersOf = (command: string) => {
  const r = resolve(commandSchema(command)!.schema, schemaDoc.$id);
  return propertyNames(r.schema, r.base);
};

/** The reference's exit code for each HTTP status (from the table's "Typical cause" column). */
function exitCodes(): {codes: number[]; forStatus: (status: number) => number | undefined} {
  const text = fs.readFileSync(REFERENCE, 'utf8');
  const table = text.split(/^## Exit codes$/m)[1]!.split(/^## /m)[0]!;
  const rows = [...table.matchAll(/^\| (\d+) \| [^|]+ \| ([^|]*) \|$/gm)].map((m) => ({
    code: Number(m[1]),
    cause: m[2]!,
  }));
  return {
    codes: rows.map((r) => r.code),
    forStatus: (status) =>
      rows.find((r) => new RegExp(`\\b${status}\\b`).test(r.cause) || (status >= 500 && /\b5xx\b/.test(r.cause)))?.code,
  };
}

interface OutputExample {
  where: string;
  command: string;
  invocation: string;
  body: string;
  lang: string;
}

/** The last `lyk` command of each shell block that prints JSON without a pipe, with the block after it. */
function outputExamples(): OutputExample[] {
  const ref = parseReference(REFERENCE);
  const out: OutputExample[] = [];
  for (const file of contentPages()) {
    const relative = path.relative(ROOT, file).split(path.sep).join('/');
    const blocks = fencedBlocks(fs.readFileSync(file, 'utf8'));
    blocks.forEach((b, i) => {
      if (!/^(bash|sh|shell|console)$/.test(b.lang)) return;
      const next = blocks[i + 1];
      if (!next || !(next.lang === 'json' || (next.lang === 'text' && /title="Standard output/.test(next.meta))))
        return;
      const lines = b.body
        .replace(/\\\n/g, ' ')
        .split('\n')
        .filter((l) => l.trim() && !/^\s*#/.test(l));
      const last = [...lines].reverse().find((l) => lykInvocations(l).length > 0) ?? '';
      const invocations = lykInvocations(last);
      // A command whose output goes into a pipe, a file or a substitution is not what the next block shows.
      if (invocations.length !== 1 || simpleCommands(last.replace(/^\s*\$\s+/, '')).length !== 1) return;
      if (/[>|]/.test(last.replace(/'[^']*'|"[^"]*"|<[\w.-]+>/g, ''))) return;
      const {command, output} = commandOf(invocations[0]!, ref);
      if (!command || output !== 'json') return;
      out.push({
        where: `${relative}:${next.line}`,
        command,
        invocation: invocations[0]!,
        body: next.body,
        lang: next.lang,
      });
    });
  }
  return out;
}

/** The 2xx JSON response schema of `lyk api call <METHOD> <path>`'s operation. */
function apiCallValidator(invocation: string): {validate?: ValidateFunction; problem?: string} {
  const words = shellWords(invocation);
  const at = words.indexOf('call');
  const method = words[at + 1]!;
  const target = words[at + 2]!.split('?')[0]!;
  const op = findOperation(method, target);
  if (!op) return {problem: `no OpenAPI operation ${method.toUpperCase()} ${target}`};
  if (!op.responseSchema) return {problem: `${method.toUpperCase()} ${target} answers no JSON body`};
  return {validate: validatorFor(op.responseSchema)};
}

function exampleProblems(examples: OutputExample[]): string[] {
  const {forStatus} = exitCodes();
  const problems: string[] = [];
  for (const e of examples) {
    const values: Json[] = [];
    try {
      if (commandSchema(e.command)?.format === 'ndjson')
        for (const line of e.body.split('\n').filter((l) => l.trim())) values.push(JSON.parse(line) as Json);
      else values.push(JSON.parse(e.body) as Json);
    } catch (error) {
      problems.push(`${e.where}: not ${commandSchema(e.command)?.format ?? 'json'}: ${(error as Error).message}`);
      continue;
    }
    for (const value of values) {
      let validate: ValidateFunction | undefined;
      if (isObj(value) && 'exitCode' in value) {
        validate = validator('#/$defs/error');
        const expected = typeof value.status === 'number' ? forStatus(value.status) : undefined;
        if (expected !== value.exitCode)
          problems.push(
            `${e.where}: status ${String(value.status)} gives exit code ${expected}, not ${String(value.exitCode)}`,
          );
      } else if (e.command === 'api call') {
        const r = apiCallValidator(e.invocation);
        if (r.problem) problems.push(`${e.where}: ${r.problem}`);
        validate = r.validate;
      } else if (commandSchema(e.command)) {
        validate = validator(commandSchema(e.command)!.schema);
      } else {
        problems.push(`${e.where}: "lyk ${e.command}" has no JSON output schema`);
      }
      if (validate && !validate(value))
        problems.push(`${e.where}: lyk ${e.command}: ${ajv.errorsText(validate.errors, {dataVar: 'output'})}`);
    }
  }
  return problems;
}

/** Members a jq program reads: `.name`, `.[0].name`, `{a, b}` shorthand, `select(.x …)`. */
export function jqMembers(program: string): string[] {
  const stripped = program.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  const names = [...stripped.matchAll(/(?<![\w$])\.([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  for (const m of stripped.matchAll(/\{([^{}]*)\}/g))
    for (const part of m[1]!.split(',')) if (/^\s*[A-Za-z_][A-Za-z0-9_]*\s*$/.test(part)) names.push(part.trim());
  // Interpolations inside strings: "\(.address)".
  for (const m of program.matchAll(/\\\(([^)]*)\)/g)) names.push(...jqMembers(m[1]!));
  return [...new Set(names)];
}

/** Every `lyk … -o json | jq '…'` pipeline of the pages: the jq program with the command it reads. */
function jqUses(): {where: string; command: string; program: string}[] {
  const ref = parseReference(REFERENCE);
  const uses: {where: string; command: string; program: string}[] = [];
  for (const file of contentPages()) {
    const relative = path.relative(ROOT, file).split(path.sep).join('/');
    for (const b of fencedBlocks(fs.readFileSync(file, 'utf8'))) {
      if (!/^(bash|sh|shell|yaml|yml)$/.test(b.lang)) continue;
      for (const line of b.body.replace(/\\\n\s*/g, ' ').split('\n')) {
        const m = /(\blyk\b[^|]*)\|\s*jq\b((?:\s+-[a-zA-Z]+)*)\s+'([^']*)'/.exec(line);
        if (!m) continue;
        const invocation = lykInvocations(m[1]!)[0];
        if (!invocation) continue;
        const {command, output} = commandOf(invocation, ref);
        if (!command || output !== 'json' || command === 'api call') continue;
        uses.push({where: `${relative}:${b.line}`, command, program: m[3]!});
      }
    }
  }
  return uses;
}

test.describe('lyk JSON output', () => {
  test('every command the reference documents with -o json has its schema, with the members the reference names', () => {
    const ref = parseReference(REFERENCE);
    const text = fs.readFileSync(REFERENCE, 'utf8');
    const commands = Object.keys(schemaDoc['x-lyk-commands']);
    for (const c of commands) expect(ref.commands.has(c), c).toBe(true);
    for (const section of text.split(/^(?=### lyk )/m).slice(1)) {
      const sentence = /^With `-o json`[^\n]*/m.exec(section)?.[0];
      if (!sentence) continue;
      const names = /^### lyk (.*)$/m.exec(section)![1]!;
      const command = commands.find((c) =>
        names.split(' and ').some((n) => n.trim() === c || `lyk ${n.trim()}`.endsWith(c)),
      );
      expect(command, `"${names}" documents -o json but has no schema`).toBeDefined();
      const members = membersOf(command!);
      const named = [...sentence.matchAll(/`([a-z][A-Za-z_]*)`/g)]
        .map((m) => m[1]!)
        .filter((n) => !['json', 'table', 'yaml'].includes(n));
      // Values such as `running` are not members; they are listed in parentheses after one.
      const withoutValues = named.filter((n) => !new RegExp(`\\([^)]*\`${n}\``).test(sentence));
      expect(withoutValues.length, sentence).toBeGreaterThan(0);
      for (const n of withoutValues) expect(members.has(n), `lyk ${command} -o json: ${n}`).toBe(true);
    }
    const {codes} = exitCodes();
    const errorCodes = ((schemaDoc.$defs as Obj).error as Obj).properties as Obj;
    expect(codes).toContain(8);
    expect(isObj(errorCodes.exitCode)).toBe(true);
  });

  test('every lyk JSON output example on any page validates', () => {
    const examples = outputExamples();
    expect(examples.length).toBeGreaterThan(4);
    expect(exampleProblems(examples)).toEqual([]);
  });

  test('every jq program on lyk output reads members its command prints', () => {
    const uses = jqUses();
    expect(uses.length).toBeGreaterThan(4);
    const problems = uses.flatMap((u) => {
      const members = membersOf(u.command);
      return jqMembers(u.program)
        .filter((n) => !members.has(n))
        .map((n) => `${u.where}: lyk ${u.command} -o json has no member "${n}" (jq '${u.program}')`);
    });
    expect(problems).toEqual([]);
  });

  test('each check fails on a planted defect', () => {
    const event =
      '{"topic":"lykta:device/io/port","time":"2025-10-02T09:14:05.087Z","source":{"port":1},"data":{"state":"closed"}}';
    const planted = (command: string, body: string, invocation = `lyk -o json ${command}`): OutputExample[] => [
      {where: 'planted.md:1', command, invocation, body, lang: 'json'},
    ];
    expect(exampleProblems(planted('events subscribe', event))).toEqual([]);
    expect(exampleProblems(planted('events subscribe', event.replace('"time"', '"when"')))).toHaveLength(1);
    expect(exampleProblems(planted('events subscribe', `${event}\n{"topic":`))).toHaveLength(1);
    const error = {
      type: 'urn:lykta:vireo:problem:auth.insufficient_role',
      title: 'Insufficient role',
      status: 403,
      code: 'auth.insufficient_role',
      exitCode: 8,
    };
    expect(exampleProblems(planted('app install', JSON.stringify(error)))).toEqual([]);
    expect(exampleProblems(planted('app install', JSON.stringify({...error, exitCode: 3})))).toHaveLength(1);
    expect(
      exampleProblems(planted('discover', '[{"address":"192.0.2.10","foundBy":["mdns"],"lyktaOS":"12.6.0"}]')),
    ).toHaveLength(1);
    expect(exampleProblems(planted('api call', '{"x": 1}', 'lyk api call GET /vireo/nothing/v1/here'))).toHaveLength(1);
    expect(jqMembers('.[] | select(.lyktaos != null) | "\\(.address) \\(.model)"')).toEqual([
      'lyktaos',
      'address',
      'model',
    ]);
    expect(jqMembers('{model, soc, arch: .architecture}')).toEqual(['architecture', 'model', 'soc']);
    expect(membersOf('discover').has('lyktaOS')).toBe(false);
  });
});
