/**
 * The LEAP C headers and every C and C++ example on the site:
 *
 * - every header in src/leap-headers/ parses (documented declarations only) and each line's
 *   published header compiles on its own as C11 and as C++17 with every warning an error;
 * - every `c` and `cpp` block of a page compiles with `gcc -fsyntax-only` (`g++` for C++)
 *   against the headers of the page's LEAP line (pages outside sdk_versioned_docs/ use LEAP
 *   12) and the system libraries the examples use (GLib, JSON-GLib, libcurl, libsoup 2.4,
 *   libmicrohttpd: Debian's -dev packages, installed by .ci/run); any warning of -Wall fails;
 * - a block that does not compile alone may be the continuation of the blocks with the same title
 *   before it on the page (a later step of the same source file): it compiles after them;
 * - a block titled `<header>.h (excerpt)` is not compiled but compared: each of its
 *   declarations must appear in that header of the page's line, as written;
 * - every library of a line has its reference page (`<LeapCApi library="…" />`) in that
 *   line's api/c/ folder, and no page names a library the line does not have.
 *
 * Exempt, named one by one in EXEMPT with the reason: C++ examples built on the gRPC stubs
 * generated from the Computer Vision SDK's .proto files, which the site does not publish.
 */
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {contentPages, fencedBlocks, filesUnder, ROOT} from '../support/files';
import {publishHeaders} from '../../src/plugins/leap-headers';
import {lineHeaders, lineOfFile, loadHeaders} from '../../src/remark/leap-c-api/headers';
import {LEAP_LINES, compareVersions, laterMentions, parseHeader, type Header} from '../../src/lib/leapHeaders';

const HEADERS = path.join(ROOT, 'src/leap-headers');
const PACKAGES = ['glib-2.0', 'json-glib-1.0', 'libcurl', 'libsoup-2.4', 'libmicrohttpd'];

/** Blocks that cannot compile here, by page and title, with the reason. */
const EXEMPT: Record<string, string> = {
  'sdk/develop-container-applications/supported-languages.md main.cpp':
    'includes lykta/param/v1/param.grpc.pb.h, generated from the .proto files of the SDK image',
  'sdk_versioned_docs/version-4/computer-vision-sdk/supported-languages.md brightness/main.cpp':
    'includes lykta/vdo/v1/vdo.grpc.pb.h, generated from the .proto files of the SDK image',
};

interface CBlock {
  where: string;
  key: string;
  lang: string;
  title: string;
  body: string;
  line: string;
}

function cBlocks(): CBlock[] {
  return contentPages().flatMap((file) => {
    const relative = path.relative(ROOT, file).split(path.sep).join('/');
    return fencedBlocks(fs.readFileSync(file, 'utf8'))
      .filter((b) => /^(c|cpp|h)$/.test(b.lang))
      .map((b) => {
        const title = /title="([^"]*)"/.exec(b.meta)?.[1] ?? '';
        return {
          where: `${relative}:${b.line}`,
          key: `${relative} ${title}`,
          lang: b.lang,
          title,
          body: b.body,
          line: lineOfFile(relative),
        };
      });
  });
}

let includeRoot: string | undefined;
/** Writes each line's published headers to a temporary folder; returns it. */
function includeDirs(): string {
  if (includeRoot) return includeRoot;
  // The headers as the site publishes them (leap/include/<line>/), written by the plugin's own code.
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'leap-include-'));
  publishHeaders({headers: HEADERS, directory: out}, ROOT);
  includeRoot = path.join(out, 'leap', 'include');
  return includeRoot;
}

let packageFlags: string[] | undefined;
function pkgConfig(): string[] {
  if (packageFlags) return packageFlags;
  const r = spawnSync('pkg-config', ['--cflags', ...PACKAGES], {encoding: 'utf8'});
  if (r.status !== 0)
    throw new Error(
      `pkg-config --cflags ${PACKAGES.join(' ')} failed (install the -dev packages, see .ci/run): ${r.stderr}`,
    );
  packageFlags = r.stdout.trim().split(/\s+/);
  return packageFlags;
}

const C_FLAGS = ['-fsyntax-only', '-std=gnu11', '-Wall', '-Werror', '-Wno-unused-function'];
const CXX_FLAGS = ['-fsyntax-only', '-std=c++17', '-Wall', '-Werror', '-Wno-unused-function'];

/** Compiles one source; returns the compiler's complaints (empty when clean). */
export function compile(lang: 'c' | 'cpp', source: string, includeDir: string, name = 'example'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'c-example-'));
  const file = path.join(dir, `${name.replace(/[^\w.-]/g, '_')}.${lang === 'c' ? 'c' : 'cpp'}`);
  fs.writeFileSync(file, source);
  const compiler = lang === 'c' ? 'gcc' : 'g++';
  const r = spawnSync(compiler, [...(lang === 'c' ? C_FLAGS : CXX_FLAGS), '-I', includeDir, ...pkgConfig(), file], {
    encoding: 'utf8',
  });
  fs.rmSync(dir, {recursive: true, force: true});
  if (r.error) throw r.error;
  return r.status === 0 ? '' : (r.stderr || `${compiler} exited ${r.status}`).trim();
}

/** Declarations of a header excerpt: statements ending in `;` and #define lines, comments and #include left out. */
export function excerptDeclarations(body: string): string[] {
  const clean = body.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const decls: string[] = [];
  let rest = '';
  for (const l of clean.split('\n')) {
    if (/^\s*#\s*include\b/.test(l) || /^\s*#\s*(if|ifdef|ifndef|endif|else)\b/.test(l)) continue;
    if (/^\s*#\s*define\b/.test(l)) {
      decls.push(l.trim());
      continue;
    }
    rest += `${l}\n`;
  }
  let depth = 0;
  let start = 0;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (c === '{' || c === '(') depth++;
    else if (c === '}' || c === ')') depth--;
    else if (c === ';' && depth === 0) {
      decls.push(rest.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  if (rest.slice(start).trim()) decls.push(rest.slice(start).trim());
  return decls.filter(Boolean);
}

const normalise = (code: string) =>
  code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([(){}[\];,*=])\s*/g, '$1')
    .trim();

/** Declarations of an excerpt that the header does not have as written. */
export function excerptProblems(body: string, header: Header | undefined, fileName: string): string[] {
  if (!header) return [`${fileName} does not exist in this LEAP line`];
  const known = normalise(header.source.replace(/\/\*\*<[\s\S]*?\*\//g, ''));
  return excerptDeclarations(body)
    .filter((d) => !known.includes(normalise(d)))
    .map((d) => `not in ${fileName} as written: ${d.replace(/\s+/g, ' ').slice(0, 120)}`);
}

test.describe('LEAP C headers and C examples', () => {
  test('every header parses, and each line publishes what it had', () => {
    const headers = loadHeaders(HEADERS);
    expect(headers.map((h) => h.library).sort()).toEqual(
      [
        'liblis',
        'liblykbroker',
        'liblykcapture',
        'liblykevent',
        'liblykhttp',
        'liblyklicense',
        'liblykoverlay',
        'liblykparam',
        'liblykserial',
        'liblykstorage',
        'liblykvdo',
        'liblykvireo',
      ].sort(),
    );
    const libs = (line: string) =>
      lineHeaders(HEADERS, line)
        .map((h) => h.library)
        .sort();
    expect(libs('3')).toEqual(
      [
        'liblykcapture',
        'liblykevent',
        'liblykhttp',
        'liblyklicense',
        'liblykoverlay',
        'liblykparam',
        'liblykvdo',
      ].sort(),
    );
    expect(libs('12')).not.toContain('liblykhttp');
    expect(libs('4')).toContain('liblykhttp');
    expect(libs('4')).not.toContain('liblykcapture');
  });

  test("no line's header names what came after that line, unless it says from which release", () => {
    const problems = LEAP_LINES.flatMap(({line}) => loadHeaders(HEADERS).flatMap((h) => laterMentions(h, line)));
    expect(problems).toEqual([]);
  });

  test('the newest release of each line is the one its release notes end with', () => {
    const newest = (dir: string) =>
      filesUnder(path.join(ROOT, dir), /^\d+\.\d+(\.\d+)?\.md$/)
        .map((f) => path.basename(f, '.md'))
        .sort(compareVersions)
        .pop();
    expect(LEAP_LINES.find((l) => l.line === '12')!.last).toBe(newest('sdk/release-notes'));
    expect(LEAP_LINES.find((l) => l.line === '4')!.last).toBe(newest('sdk_versioned_docs/version-4/release-notes'));
  });

  test('each published header compiles alone, as C and as C++', () => {
    const root = includeDirs();
    const problems: string[] = [];
    for (const {line} of LEAP_LINES) {
      for (const h of lineHeaders(HEADERS, line)) {
        const include = `#include <${h.file}>\n`;
        for (const lang of ['c', 'cpp'] as const) {
          const out = compile(lang, include, path.join(root, line), `${line}-${h.file}`);
          if (out) problems.push(`LEAP ${line} ${h.file} as ${lang}:\n${out}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  test('every C and C++ example compiles against the headers of its LEAP line', () => {
    test.setTimeout(180_000);
    const root = includeDirs();
    const blocks = cBlocks();
    expect(blocks.length).toBeGreaterThan(25);
    const problems: string[] = [];
    // A block compiles alone or, when a block with the same title came before it on the page, as
    // the continuation of that file (a later step of the same source file).
    const earlier = new Map<string, string>();
    let compiled = 0;
    for (const b of blocks) {
      if (EXEMPT[b.key]) continue;
      const excerpt = /^(\S+\.h) \(excerpt\)$/.exec(b.title);
      if (excerpt) {
        const header = lineHeaders(HEADERS, b.line).find((h) => h.file === excerpt[1]);
        problems.push(...excerptProblems(b.body, header, excerpt[1]!).map((p) => `${b.where}: ${p}`));
        continue;
      }
      const lang = b.lang === 'cpp' ? 'cpp' : 'c';
      const include = path.join(root, b.line);
      compiled++;
      let out = compile(lang, b.body, include, b.title || 'example');
      const before = b.title ? earlier.get(b.key) : undefined;
      if (out && before !== undefined && !compile(lang, `${before}\n${b.body}`, include, b.title)) out = '';
      if (out) problems.push(`${b.where} (${b.title || 'untitled'}, LEAP ${b.line}):\n${out}`);
      else if (b.title) earlier.set(b.key, before === undefined ? b.body : `${before}\n${b.body}`);
    }
    expect(problems).toEqual([]);
    expect(compiled).toBeGreaterThan(20);
    // Every exemption still names a block that exists.
    for (const key of Object.keys(EXEMPT))
      expect(
        blocks.some((b) => b.key === key),
        key,
      ).toBe(true);
  });

  test('every library of a line has its reference page there', () => {
    const pageDir: Record<string, string> = {
      '12': 'sdk/api/c',
      '4': 'sdk_versioned_docs/version-4/api/c',
      '3': 'sdk_versioned_docs/version-3/api/c',
    };
    for (const {line} of LEAP_LINES) {
      const pages = filesUnder(path.join(ROOT, pageDir[line]!), /\.mdx?$/).map((f) => {
        const m = /<LeapCApi library="([^"]+)" \/>/.exec(fs.readFileSync(f, 'utf8'));
        return {file: path.basename(f), library: m?.[1]};
      });
      const documented = pages.flatMap((p) => (p.library ? [`lib${p.library}`] : [])).sort();
      expect(documented, `LEAP ${line}`).toEqual(
        lineHeaders(HEADERS, line)
          .map((h) => h.library)
          .sort(),
      );
      for (const p of pages) if (p.library) expect(p.file, `LEAP ${line}`).toBe(`${p.library}.md`);
    }
  });

  test('each check fails on a planted defect', () => {
    const root = includeDirs();
    const twelve = path.join(root, '12');
    // A function the header does not declare, a wrong argument type, a LEAP 12 function on LEAP 3.
    expect(compile('c', '#include <lykparam.h>\nint main(void) { return lykparam_nonexistent(); }\n', twelve)).toMatch(
      /implicit declaration/,
    );
    expect(
      compile(
        'c',
        '#include <lykparam.h>\nint main(void) { lykparam_handle_t *h; return lykparam_open(42, &h); }\n',
        twelve,
      ),
    ).toMatch(/error/);
    expect(compile('c', '#include <lykvireo.h>\nint main(void) { return 0; }\n', path.join(root, '3'))).toMatch(
      /lykvireo.h: No such file/,
    );
    expect(compile('c', '#include <syslog.h>\nint main(void) { int unused; return 0; }\n', twelve)).toMatch(/unused/);
    expect(compile('c', '#include <lykparam.h>\nint main(void) { return 0; }\n', twelve)).toBe('');
    const param = lineHeaders(HEADERS, '12').find((h) => h.file === 'lykparam.h');
    const open = param!.decls.find((d) => d.name === 'lykparam_open')!.code;
    expect(excerptProblems(open, param, 'lykparam.h')).toEqual([]);
    expect(excerptProblems(open.replace('const char', 'char'), param, 'lykparam.h')).toHaveLength(1);
    expect(excerptProblems(open, undefined, 'lykvireo.h')).toEqual(['lykvireo.h does not exist in this LEAP line']);
    // A LEAP 4 text that points to a LEAP 12.1 function without saying so; and the same, dated.
    const broker = loadHeaders(HEADERS).find((h) => h.file === 'lykbroker.h')!;
    const bleed = (sentence: string) =>
      laterMentions(
        parseHeader(broker.source.replace(' * @since 4.14\n', ` * @since 4.14\n *\n * ${sentence}\n`), 'lykbroker.h'),
        '4',
      );
    expect(bleed('Count losses with lykbroker_subscription_get_dropped().')).toHaveLength(1);
    expect(bleed('From LEAP 12.1, lykbroker_subscription_get_dropped() counts losses.')).toEqual([]);
  });
});
