/**
 * Code examples are checked by language, wherever they appear (docs, LEAP of every version, blog,
 * pages), including blocks indented inside list items:
 *
 * - `json` parses (a shortened or annotated example is `jsonc`, which is exempt: it says it is not JSON);
 * - `yaml` parses (every document of a multi-document block);
 * - `python` compiles (Python 3, `compile()` of the block as a module);
 * - `bash`, `sh` and `shell` pass `bash -n` and ShellCheck at error severity (ShellCheck must be
 *   installed: .ci/run installs Debian's package; a machine without it fails the check, it does not
 *   skip it). Placeholders the reader replaces, written `<username>` (no spaces inside the angle
 *   brackets), are read as the word they stand for, not as redirections.
 *
 * - every problem details body (`json` blocks and the bodies of `http` blocks whose object has a
 *   `urn:lykta:vireo:problem:` type or a dotted `code`) is a Problem of static/openapi/common.yaml,
 *   and its `type` is `urn:lykta:vireo:problem:` followed by its `code`.
 *
 * - `docker` and `dockerfile` blocks pass the Dockerfile validator of `dockerfile-utils` (the one
 *   VS Code's Docker support uses): instructions, flags, JSON forms, ports, ARG and ENV syntax,
 *   at warning and error severity.
 *
 * C and C++ are checked in c-examples.spec.ts; Makefiles, TOML and protobuf are not checked.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import YAML from 'yaml';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {validate as validateDockerfile} from 'dockerfile-utils';
import {contentPages, fencedBlocks, ROOT} from '../support/files';

type Example = {where: string; lang: string; body: string};

function examples(): Example[] {
  return contentPages().flatMap((file) =>
    fencedBlocks(fs.readFileSync(file, 'utf8')).map(({lang, body, line}) => ({
      where: `${path.relative(ROOT, file)}:${line}`,
      lang,
      body,
    })),
  );
}

const ofLang = (all: Example[], langs: RegExp) => all.filter((e) => langs.test(e.lang));

/** JSON blocks that do not parse. */
export function jsonProblems(blocks: Example[]): string[] {
  return blocks.flatMap((b) => {
    try {
      JSON.parse(b.body);
      return [];
    } catch (error) {
      return [`${b.where}: ${(error as Error).message}`];
    }
  });
}

/** YAML blocks with a parse error. */
export function yamlProblems(blocks: Example[]): string[] {
  return blocks.flatMap((b) =>
    YAML.parseAllDocuments(b.body).flatMap((doc) =>
      'errors' in doc ? doc.errors.map((e) => `${b.where}: ${e.message.split('\n')[0]}`) : [],
    ),
  );
}

/** Python blocks that do not compile, from one Python process. */
export function pythonProblems(blocks: Example[]): string[] {
  const script = [
    'import json, sys',
    'for name, source in json.load(sys.stdin):',
    '    try:',
    "        compile(source, name, 'exec')",
    '    except SyntaxError as e:',
    "        print(f'{name}: line {e.lineno}: {e.msg}')",
  ].join('\n');
  const r = spawnSync('python3', ['-c', script], {
    input: JSON.stringify(blocks.map((b) => [b.where, b.body])),
    encoding: 'utf8',
  });
  if (r.error || r.status !== 0) throw new Error(`python3 could not check the blocks: ${r.error ?? r.stderr}`);
  return r.stdout.split('\n').filter(Boolean);
}

/** `<username>` → `PLACEHOLDER_username`: what a reader types in its place is one word. */
export const withoutPlaceholders = (body: string) =>
  body.replace(/<([A-Za-z][\w.-]*)>/g, (_, name: string) => `PLACEHOLDER_${name.replace(/[.-]/g, '_')}`);

/** Shell blocks that fail `bash -n` or ShellCheck (severity error). */
export function shellProblems(blocks: Example[]): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lykta-shell-'));
  try {
    const files = blocks.map((b, n) => {
      const file = path.join(dir, `${n}.sh`);
      fs.writeFileSync(file, `#!/usr/bin/env bash\n${withoutPlaceholders(b.body)}\n`);
      return file;
    });
    const where = (file: string, line: number) => {
      const b = blocks[Number(path.basename(file, '.sh'))]!;
      const [page, start] = b.where.split(/:(?=\d+$)/);
      // The block's first line is the fence's next line; the file has a shebang first.
      return `${page}:${Number(start) + line - 1}`;
    };
    const problems: string[] = [];
    for (const file of files) {
      const r = spawnSync('bash', ['-n', file], {encoding: 'utf8'});
      if (r.error) throw r.error;
      if (r.status !== 0)
        for (const m of r.stderr.matchAll(/line (\d+): (.*)/g)) problems.push(`${where(file, Number(m[1]))}: ${m[2]}`);
    }
    // ShellCheck: one run over every block; JSON output names file and line of each finding.
    const r = spawnSync('shellcheck', ['--severity=error', '--shell=bash', '--format=json1', ...files], {
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    if (r.error) throw new Error(`ShellCheck is needed (Debian package shellcheck): ${r.error.message}`);
    const {comments} = JSON.parse(r.stdout || '{"comments": []}') as {
      comments: {file: string; line: number; code: number; message: string}[];
    };
    for (const c of comments) problems.push(`${where(c.file, c.line)}: SC${c.code} ${c.message}`);
    return problems;
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
}

/** The problem details objects of some blocks that are problem+json bodies, checked against common.yaml. */
export function problemProblems(blocks: Example[]): {checked: number; problems: string[]} {
  const common = YAML.parse(fs.readFileSync(path.join(ROOT, 'static/openapi/common.yaml'), 'utf8'));
  const ajv = new Ajv2020({allErrors: true, strict: false});
  addFormats(ajv);
  const validate = ajv.compile(common.components.schemas.Problem);
  let checked = 0;
  const problems: string[] = [];
  for (const b of blocks) {
    // An http block: the body after the first blank line.
    const body =
      b.lang === 'http'
        ? b.body
            .split(/\n\s*\n/)
            .slice(1)
            .join('\n\n')
        : b.body;
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      continue; // not JSON: the json check reports json blocks; an http block may carry anything
    }
    const o = value as Record<string, unknown>;
    const isProblem =
      o !== null &&
      typeof o === 'object' &&
      ((typeof o.type === 'string' && o.type.startsWith('urn:lykta:vireo:problem:')) ||
        (typeof o.code === 'string' && /^[a-z0-9_]+\./.test(o.code) && 'status' in o));
    if (!isProblem) continue;
    checked++;
    if (!validate(o)) problems.push(`${b.where}: ${ajv.errorsText(validate.errors, {dataVar: 'problem'})}`);
    else if (o.type !== `urn:lykta:vireo:problem:${o.code as string}`)
      problems.push(`${b.where}: type ${String(o.type)} does not end in the code ${String(o.code)}`);
  }
  return {checked, problems};
}

/** Dockerfile blocks with a validator finding (warnings and errors; hints are left out). */
export function dockerfileProblems(blocks: Example[]): string[] {
  return blocks.flatMap((b) => {
    // Placeholders the reader replaces (`<digest>`) are read as the word they stand for.
    let text = b.body.replace(/<([A-Za-z][\w.-]*)>/g, '$1');
    // A block without FROM is an excerpt of a Dockerfile (a RUN step shown alone): it is
    // checked as the instructions after a FROM line, and its line numbers stay its own.
    const excerpt = !/^\s*FROM\s/im.test(text);
    if (excerpt) text = `FROM scratch\n${text}`;
    return validateDockerfile(text)
      .filter((d) => d.severity !== undefined && d.severity <= 2)
      .map((d) => `${b.where}: line ${d.range.start.line + (excerpt ? 0 : 1)}: ${d.message}`);
  });
}

test.describe('code examples', () => {
  const all = examples();

  test('every json block parses', () => {
    const blocks = ofLang(all, /^json$/);
    expect(blocks.length).toBeGreaterThan(200);
    expect(jsonProblems(blocks)).toEqual([]);
  });

  test('every yaml block parses', () => {
    const blocks = ofLang(all, /^ya?ml$/);
    expect(blocks.length).toBeGreaterThan(5);
    expect(yamlProblems(blocks)).toEqual([]);
  });

  test('every python block compiles', () => {
    const blocks = ofLang(all, /^(python|py)$/);
    expect(blocks.length).toBeGreaterThan(50);
    expect(pythonProblems(blocks)).toEqual([]);
  });

  test('every shell block passes bash -n and ShellCheck', () => {
    test.setTimeout(240_000);
    const blocks = ofLang(all, /^(bash|sh|shell)$/);
    expect(blocks.length).toBeGreaterThan(500);
    expect(shellProblems(blocks)).toEqual([]);
  });

  test('every problem details body is a Problem of common.yaml', () => {
    const {checked, problems} = problemProblems(ofLang(all, /^(json|http)$/));
    expect(checked).toBeGreaterThan(2);
    expect(problems).toEqual([]);
  });

  test('every Dockerfile block passes the Dockerfile validator', () => {
    const blocks = ofLang(all, /^(docker|dockerfile|Dockerfile)$/);
    expect(blocks.length).toBeGreaterThan(10);
    expect(dockerfileProblems(blocks)).toEqual([]);
  });

  test('each check fails on a planted defect', () => {
    const planted = (lang: string, body: string): Example[] => [{where: 'planted.md:1', lang, body}];
    expect(jsonProblems(planted('json', '{"a": 1,}'))).toHaveLength(1);
    expect(jsonProblems(planted('json', '{"a": 1} // comment'))).toHaveLength(1);
    expect(yamlProblems(planted('yaml', 'a: [1, 2\nb: 3'))).not.toEqual([]);
    expect(pythonProblems(planted('python', 'def f(:\n    pass'))).toEqual(['planted.md:1: line 1: invalid syntax']);
    expect(shellProblems(planted('bash', 'if true; then\n  echo x\n'))).not.toEqual([]);
    expect(dockerfileProblems(planted('docker', 'FROM debian:12\nRUN true\nEXPOSE http\n'))).toHaveLength(1);
    expect(dockerfileProblems(planted('docker', 'FROM debian:12\nCOPY --chmown=1 a b\n'))).toHaveLength(1);
    expect(dockerfileProblems(planted('docker', 'FROM debian:12\nCMD ["a", "b"]\n'))).toEqual([]);
    expect(dockerfileProblems(planted('docker', 'RUN apt-get update\n'))).toEqual([]);
    expect(dockerfileProblems(planted('docker', 'RUN apt-get update\nEXPOSE http\n'))).toEqual([
      'planted.md:1: line 2: Invalid containerPort: http',
    ]);
    expect(dockerfileProblems(planted('docker', 'FROM x@sha256:<digest>\n'))).toEqual([]);
    // ShellCheck errors that bash -n accepts: a missing space in a test.
    expect(shellProblems(planted('bash', 'if [ "$a" = 1]; then echo x; fi')).join('\n')).toMatch(/SC\d+/);
    expect(shellProblems(planted('bash', 'echo "$HOME"'))).toEqual([]);
    // A placeholder is a word; a real redirection before a pipe is still caught.
    expect(shellProblems(planted('bash', 'lyk --user <username> -o json app list | jq .'))).toEqual([]);
    expect(shellProblems(planted('bash', 'lyk app list > apps.txt | jq .')).join('\n')).toMatch(/SC2260/);
    const problem = {
      type: 'urn:lykta:vireo:problem:auth.required',
      title: 'Unauthorized',
      status: 401,
      code: 'auth.required',
    };
    expect(problemProblems(planted('json', JSON.stringify(problem)))).toEqual({checked: 1, problems: []});
    const {title: _title, ...untitled} = problem;
    expect(problemProblems(planted('json', JSON.stringify(untitled))).problems).toHaveLength(1);
    expect(
      problemProblems(
        planted('http', `HTTP/1.1 401 Unauthorized\n\n${JSON.stringify({...problem, code: 'auth.expired'})}`),
      ).problems,
    ).toHaveLength(1);
  });
});
