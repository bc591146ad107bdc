/**
 * The LEAP C headers (src/leap-headers/*.h): a strict reader of their doc comments and
 * declarations, the LEAP lines and what each line's header holds. The C API reference
 * pages, the published headers (/leap/include/<line>/) and the compile check of the C
 * examples all come from here. The format is described in src/leap-headers/README.md.
 */

/** A LEAP release line: the pages under sdk/ (12) or sdk_versioned_docs/version-<n>/. */
export interface LeapLine {
  line: string;
  first: string;
  last: string;
  /** URL path of the line's docs (no trailing slash). */
  docsPath: string;
}

/** Newest first. `last` is the line's newest release (the content checks compare it with the release notes). */
export const LEAP_LINES: readonly LeapLine[] = [
  {line: '12', first: '12.0', last: '12.6', docsPath: '/leap'},
  {line: '4', first: '4.0', last: '4.15.1', docsPath: '/leap/4'},
  {line: '3', first: '3.0', last: '3.5', docsPath: '/leap/3'},
];

export const leapLine = (line: string): LeapLine | undefined => LEAP_LINES.find((l) => l.line === line);

/** URL of a library's reference page in a line, e.g. `/leap/4/api/c/lykparam/`. */
export const referencePath = (line: string, library: string): string =>
  `${leapLine(line)?.docsPath ?? '/leap'}/api/c/${library}/`;

/** URL of a line's published header. */
export const headerPath = (line: string, file: string): string => `/leap/include/${line}/${file}`;

const VERSION = /^\d+\.\d+(?:\.\d+)?$/;

/** Compares two release numbers such as `4.15.1` and `12.0`. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return d;
  }
  return 0;
}

export class HeaderError extends Error {
  constructor(file: string, line: number, message: string) {
    super(`${file}:${line}: ${message}`);
  }
}

export interface Param {
  name: string;
  direction: 'in' | 'out' | 'in,out';
  text: string;
}

export interface VersionNote {
  version: string;
  text: string;
}

export interface Doc {
  brief: string;
  /** Paragraphs after the brief. */
  text: string[];
  params: Param[];
  returns?: string;
  retvals: {value: string; text: string}[];
  threadsafety?: string;
  since: string;
  stable?: string;
  deprecated?: VersionNote;
  removed?: VersionNote;
  notes: string[];
  see: string[];
  /** File-level tags. */
  file?: string;
  library?: string;
}

export interface Member {
  name: string;
  /** Member declaration (struct) or value (enum), as written. */
  code: string;
  text: string;
}

export type DeclKind = 'function' | 'callback' | 'struct' | 'enum' | 'opaque' | 'alias' | 'macro';

export interface Decl {
  kind: DeclKind;
  name: string;
  /** The declaration as written, member comments removed. */
  code: string;
  doc: Doc;
  members: Member[];
  /** Parameter names of functions and callbacks, in order. */
  paramNames: string[];
  /** Return type of functions and callbacks. */
  returnType?: string;
  /** Character range in the source, doc comment included (for per-line filtering). */
  start: number;
  end: number;
  line: number;
}

export interface Header {
  file: string;
  library: string;
  doc: Doc;
  decls: Decl[];
  source: string;
}

const TAGS = new Set([
  'brief',
  'param',
  'return',
  'retval',
  'threadsafety',
  'since',
  'stable',
  'deprecated',
  'removed',
  'note',
  'see',
  'file',
  'library',
]);

const lineAt = (source: string, index: number) => source.slice(0, index).split('\n').length;

/** Reads one `/** … *\/` comment body into a Doc. */
export function parseDoc(comment: string, fail: (message: string) => never): Doc {
  const lines = comment
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((l) => l.replace(/^\s*\*(?!\/) ?/, '').trimEnd());
  // Group into blocks: a tag with its continuation lines, or a paragraph of free text.
  const blocks: {tag?: string; arg?: string; text: string}[] = [];
  let current: {tag?: string; arg?: string; text: string} | undefined;
  for (const raw of lines) {
    const l = raw.trim();
    if (!l) {
      current = undefined;
      continue;
    }
    const m = /^@(\w+)(\[[a-z,]+\])?\s*(.*)$/.exec(l);
    if (m) {
      if (!TAGS.has(m[1]!)) fail(`unknown tag @${m[1]}`);
      current = {tag: m[1], arg: m[2], text: m[3]!};
      blocks.push(current);
    } else if (current) {
      current.text += ` ${l}`;
    } else {
      current = {text: l};
      blocks.push(current);
    }
  }
  const doc: Doc = {brief: '', text: [], params: [], retvals: [], since: '', notes: [], see: []};
  const once = (name: string, value: string | undefined) => {
    if (value !== undefined && value !== '') fail(`@${name} given twice`);
  };
  const versionNote = (tag: string, text: string): VersionNote => {
    const m = /^(\S+)\s*(.*)$/.exec(text)!;
    if (!VERSION.test(m[1]!)) fail(`@${tag} needs a release number first, got "${m[1]}"`);
    return {version: m[1]!, text: m[2]!};
  };
  for (const b of blocks) {
    const text = b.text.trim();
    // The reference renders `code` spans and nothing else; other Markdown would show as typed.
    const markup = /\*\*|__|\]\(|(?<![\w*])\*(?![\s*/])[^*]+\*(?!\w)|<\/?[a-z]+>/.exec(text.replace(/`[^`]*`/g, ''));
    if (markup) fail(`Markdown other than \`code\` in a doc comment: "${markup[0]}"`);
    if (!b.tag) {
      doc.text.push(text);
      continue;
    }
    if (b.arg && b.tag !== 'param') fail(`@${b.tag}${b.arg}: only @param takes a direction`);
    if (!text && b.tag !== 'see') fail(`@${b.tag} is empty`);
    switch (b.tag) {
      case 'brief':
        once('brief', doc.brief);
        doc.brief = text;
        break;
      case 'param': {
        const m = /^([A-Za-z_]\w*)\s+(.+)$/.exec(text);
        if (!m) fail(`@param needs a name and a description: "${text}"`);
        const dir = (b.arg ?? '[in]').slice(1, -1);
        if (dir !== 'in' && dir !== 'out' && dir !== 'in,out') fail(`@param direction must be in, out or in,out`);
        doc.params.push({name: m[1]!, direction: dir, text: m[2]!});
        break;
      }
      case 'return':
        once('return', doc.returns);
        doc.returns = text;
        break;
      case 'retval': {
        const m = /^(\S+)\s+(.+)$/.exec(text);
        if (!m) fail(`@retval needs a value and a description: "${text}"`);
        doc.retvals.push({value: m[1]!, text: m[2]!});
        break;
      }
      case 'threadsafety':
        once('threadsafety', doc.threadsafety);
        doc.threadsafety = text;
        break;
      case 'since':
        once('since', doc.since);
        if (!VERSION.test(text)) fail(`@since must be a release number, got "${text}"`);
        doc.since = text;
        break;
      case 'stable':
        once('stable', doc.stable);
        if (!VERSION.test(text)) fail(`@stable must be a release number, got "${text}"`);
        doc.stable = text;
        break;
      case 'deprecated':
        if (doc.deprecated) fail('@deprecated given twice');
        doc.deprecated = versionNote('deprecated', text);
        break;
      case 'removed':
        if (doc.removed) fail('@removed given twice');
        doc.removed = versionNote('removed', text);
        break;
      case 'note':
        doc.notes.push(text);
        break;
      case 'see':
        doc.see.push(...text.split(/[\s,]+/).filter(Boolean));
        break;
      case 'file':
        doc.file = text;
        break;
      case 'library':
        doc.library = text;
        break;
    }
  }
  if (!doc.brief) fail('@brief missing');
  if (!doc.since) fail('@since missing');
  return doc;
}

/** Splits `a, b(c, d), e` at top-level commas. */
function splitTop(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(value.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(value.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** The name a parameter declaration introduces (`const char *name`, `void *const out[]`, `int (*cb)(int)`). */
export function paramName(decl: string): string | undefined {
  const fn = /\(\s*\*\s*([A-Za-z_]\w*)\s*\)/.exec(decl);
  if (fn) return fn[1];
  const m = /([A-Za-z_]\w*)\s*(\[[^\]]*\]\s*)*$/.exec(decl);
  if (!m) return undefined;
  // A lone type (`void`, `int`) has no name.
  const before = decl.slice(0, m.index).trim();
  return before ? m[1] : undefined;
}

function params(list: string): string[] | undefined {
  const parts = splitTop(list);
  if (parts.length === 1 && parts[0] === 'void') return [];
  const names = parts.map(paramName);
  return names.every((n): n is string => !!n) ? names : undefined;
}

/** The code of a struct or enum without its `/**< … *\/` member comments. */
const stripMemberComments = (code: string): string =>
  code
    .replace(/[ \t]*\/\*\*<[\s\S]*?\*\//g, '')
    .replace(/[ \t]+$/gm, '')
    .trim();

function parseMembers(kind: 'struct' | 'enum', body: string, fail: (message: string) => never): Member[] {
  // Each member is the code before a `/**< … */` comment, ending with `;` (struct) or `,` (enum; the last may lack it).
  const sep = kind === 'struct' ? ';' : ',';
  const members: Member[] = [];
  const re = /\/\*\*<([\s\S]*?)\*\//g;
  let last = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(body))) {
    const chunk = body.slice(last, m.index).trim();
    last = m.index + m[0].length;
    const text = m[1]!.replace(/\s*\n\s*\*?\s*/g, ' ').trim();
    if (kind === 'struct' && !chunk.endsWith(';')) fail(`comment "${text}" does not follow a member`);
    const pieces = (chunk.endsWith(sep) ? chunk.slice(0, -1) : chunk).split(sep);
    if (pieces.length > 1) fail(`member "${pieces[0]!.trim()}" has no /**< */ comment`);
    const code = pieces[0]!.trim();
    if (!code) fail(`comment "${text}" does not follow a member`);
    const name = kind === 'enum' ? /^([A-Za-z_]\w*)/.exec(code)?.[1] : paramName(code.replace(/:\s*\d+$/, ''));
    if (!name) fail(`cannot read the member "${code}"`);
    members.push({name, code: kind === 'enum' ? code.replace(/^[A-Za-z_]\w*\s*=?\s*/, '') : code, text});
  }
  const rest = body.slice(last).trim();
  if (rest) fail(`member "${rest}" has no /**< */ comment`);
  return members;
}

function classify(code: string, fail: (message: string) => never): Omit<Decl, 'doc' | 'start' | 'end' | 'line'> {
  const flat = code.replace(/\s+/g, ' ').trim();
  const base = {members: [] as Member[], paramNames: [] as string[]};
  let m: RegExpExecArray | null;
  if ((m = /^#define\s+([A-Za-z_]\w*)/.exec(flat))) {
    return {...base, kind: 'macro', name: m[1]!, code: code.trim()};
  }
  if ((m = /^typedef\s+(struct|enum)\s*([A-Za-z_]\w*)?\s*\{([\s\S]*)\}\s*([A-Za-z_]\w*)\s*;$/.exec(code.trim()))) {
    const kind = m[1] as 'struct' | 'enum';
    const members = parseMembers(kind, m[3]!, fail);
    if (!members.length) fail(`${kind} ${m[4]} has no members`);
    return {...base, kind, name: m[4]!, members, code: stripMemberComments(code)};
  }
  if ((m = /^typedef\s+struct\s+[A-Za-z_]\w*\s+([A-Za-z_]\w*)\s*;$/.exec(flat))) {
    return {...base, kind: 'opaque', name: m[1]!, code: flat};
  }
  if ((m = /^typedef\s+(.+?)\(\s*\*\s*([A-Za-z_]\w*)\s*\)\s*\((.*)\)\s*;$/.exec(flat))) {
    const names = params(m[3]!);
    if (!names) fail(`cannot read the parameters of ${m[2]}`);
    return {...base, kind: 'callback', name: m[2]!, code: code.trim(), paramNames: names, returnType: m[1]!.trim()};
  }
  if ((m = /^typedef\s+[^(){};]+?\s\**([A-Za-z_]\w*)\s*;$/.exec(flat))) {
    return {...base, kind: 'alias', name: m[1]!, code: flat};
  }
  if ((m = /^(?!typedef\b)([^(){};=]+?[\s*])([A-Za-z_]\w*)\s*\((.*)\)\s*;$/.exec(flat))) {
    const names = params(m[3]!);
    if (!names) fail(`cannot read the parameters of ${m[2]}`);
    return {...base, kind: 'function', name: m[2]!, code: code.trim(), paramNames: names, returnType: m[1]!.trim()};
  }
  return fail(`not a declaration the reference can document: "${flat.slice(0, 80)}"`);
}

/** Reads a header; throws a HeaderError naming the file and line of the first problem. */
export function parseHeader(source: string, file: string): Header {
  const failAt =
    (index: number) =>
    (message: string): never => {
      throw new HeaderError(file, lineAt(source, index), message);
    };
  const fileDoc = /\/\*\*[\s\S]*?\*\//.exec(source);
  if (!fileDoc || !/@file\b/.test(fileDoc[0])) failAt(0)('the header must start with a /** @file … */ comment');
  const doc = parseDoc(fileDoc![0], failAt(fileDoc!.index));
  if (doc.file !== file) failAt(fileDoc!.index)(`@file says "${doc.file}", the file is ${file}`);
  if (!doc.library || !/^lib[a-z0-9]+$/.test(doc.library)) failAt(fileDoc!.index)('@library must name the library');
  const open = /#ifdef __cplusplus\s*\nextern "C" \{\s*\n#endif\s*\n/.exec(source);
  if (!open) failAt(0)('no `#ifdef __cplusplus / extern "C" {` block');
  const closeAt = source.lastIndexOf('#ifdef __cplusplus\n}');
  if (closeAt < open!.index + open![0].length) failAt(0)('no closing `#ifdef __cplusplus / }` block');
  const decls: Decl[] = [];
  const check = (
    decl: Omit<Decl, 'doc' | 'start' | 'end' | 'line'>,
    d: Doc,
    start: number,
    declStart: number,
    declEnd: number,
  ) => {
    const fail = failAt(start);
    if (decl.kind === 'function' || decl.kind === 'callback') {
      const documented = d.params.map((p) => p.name);
      if (documented.join(',') !== decl.paramNames.join(','))
        fail(
          `${decl.name}: @param ${documented.join(', ') || '(none)'} but the parameters are ${decl.paramNames.join(', ') || '(none)'}`,
        );
      if (decl.returnType !== 'void' && !d.returns) fail(`${decl.name}: @return missing`);
      if (decl.returnType === 'void' && d.returns) fail(`${decl.name}: @return on a void function`);
    } else if (d.params.length) fail(`${decl.name}: @param on a ${decl.kind}`);
    if (decl.kind === 'function' && !d.threadsafety) fail(`${decl.name}: @threadsafety missing`);
    if (compareVersions(d.since, doc.since) < 0)
      fail(`${decl.name}: @since ${d.since} is before the library's ${doc.since}`);
    if (doc.removed && compareVersions(d.since, doc.removed.version) >= 0)
      fail(`${decl.name}: @since ${d.since} is after the library was removed (${doc.removed.version})`);
    if (decls.some((x) => x.name === decl.name)) fail(`${decl.name} declared twice`);
    decls.push({...decl, doc: d, start, end: declEnd, line: lineAt(source, declStart)});
  };
  // Before the extern "C" block: preprocessor lines, and documented macros (filtered per line like the rest).
  const preamble = /\/\*\*[\s\S]*?\*\//g;
  preamble.lastIndex = fileDoc!.index + fileDoc![0].length;
  let pm: RegExpExecArray | null;
  while ((pm = preamble.exec(source)) && pm.index < open!.index) {
    const after = pm.index + pm[0].length;
    const define = /^\s*(#define[^\n]*)/.exec(source.slice(after));
    if (!define) failAt(pm.index)('a doc comment before the extern "C" block must document a #define');
    const declStart = after + define![0].indexOf('#define');
    const declEnd = declStart + define![1]!.length;
    check(classify(define![1]!, failAt(declStart)), parseDoc(pm[0], failAt(pm.index)), pm.index, declStart, declEnd);
  }
  let i = open!.index + open![0].length;
  while (i < closeAt) {
    const ws = /^\s*/.exec(source.slice(i, closeAt))![0].length;
    i += ws;
    if (i >= closeAt) break;
    const start = i;
    if (!source.startsWith('/**', i)) failAt(i)('expected a /** doc comment before each declaration');
    const end = source.indexOf('*/', i + 3);
    if (end < 0) failAt(i)('unterminated comment');
    const comment = source.slice(i, end + 2);
    const d = parseDoc(comment, failAt(i));
    i = end + 2;
    i += /^\s*/.exec(source.slice(i))![0].length;
    const declStart = i;
    let declEnd: number;
    if (source.startsWith('#define', i)) {
      declEnd = i;
      // A macro runs to the end of its line, with backslash continuations.
      for (;;) {
        const nl = source.indexOf('\n', declEnd);
        const lineText = source.slice(declEnd, nl < 0 ? source.length : nl);
        declEnd = nl < 0 ? source.length : nl;
        if (!lineText.trimEnd().endsWith('\\')) break;
        declEnd += 1;
      }
    } else {
      let depth = 0;
      let j = i;
      for (; j < closeAt; j++) {
        if (source.startsWith('/*', j) && !source.startsWith('/**<', j)) failAt(j)('comment inside a declaration');
        if (source.startsWith('/**<', j)) {
          j = source.indexOf('*/', j) + 1;
          continue;
        }
        const c = source[j];
        if (c === '{' || c === '(') depth++;
        else if (c === '}' || c === ')') depth--;
        else if (c === ';' && depth === 0) break;
      }
      if (j >= closeAt) failAt(i)('declaration without a closing ;');
      declEnd = j + 1;
    }
    const code = source.slice(declStart, declEnd);
    check(classify(code, failAt(declStart)), d, start, declStart, declEnd);
    i = declEnd;
  }
  if (!decls.length) failAt(0)('the header declares nothing');
  const newest = LEAP_LINES[0]!.last;
  for (const x of [doc, ...decls.map((d) => d.doc)]) {
    for (const v of [x.since, x.stable, x.deprecated?.version, x.removed?.version])
      if (v && compareVersions(v, newest) > 0)
        failAt(0)(`release ${v} is later than the newest LEAP release, ${newest}`);
  }
  return {file, library: doc.library!, doc, decls, source};
}

/** Whether a library existed in a LEAP line at all. */
export function inLine(header: Header, line: LeapLine): boolean {
  if (compareVersions(header.doc.since, line.last) > 0) return false;
  if (header.doc.removed && compareVersions(header.doc.removed.version, line.first) <= 0) return false;
  return true;
}

/** The header as published for a line: declarations added after the line's last release left out. */
export function headerForLine(header: Header, lineName: string): Header | undefined {
  const line = leapLine(lineName);
  if (!line) throw new Error(`unknown LEAP line "${lineName}"`);
  if (!inLine(header, line)) return undefined;
  const dropped = header.decls.filter((d) => compareVersions(d.doc.since, line.last) > 0);
  let source = header.source;
  for (const d of [...dropped].reverse()) {
    // Drop the declaration with its doc comment and the blank line before it.
    let from = d.start;
    while (from > 0 && /\s/.test(source[from - 1]!)) from--;
    source = source.slice(0, from) + source.slice(d.end);
  }
  return {...header, decls: header.decls.filter((d) => !dropped.includes(d)), source};
}

/** Function-like names in text such as `lykparam_free()`; the reference links them. */
export const CALL_PATTERN = /\b([a-z][a-z0-9]*_[a-z0-9_]+)\(\)/g;

/** Every piece of documentation text of a Doc, with where it is. */
function docTexts(doc: Doc, where: string): {where: string; text: string}[] {
  return [
    doc.brief,
    ...doc.text,
    ...doc.params.map((p) => p.text),
    doc.returns ?? '',
    ...doc.retvals.map((r) => r.text),
    doc.threadsafety ?? '',
    ...doc.notes,
    doc.see.join(' '),
    doc.deprecated?.text ?? '',
    doc.removed?.text ?? '',
  ]
    .filter(Boolean)
    .map((text) => ({where, text}));
}

/**
 * Version bleed in a line's header: its documentation names a declaration that came after the
 * line's last release, in a sentence that does not say which release brought it ("From LEAP
 * 12.1, …" is fine; "see lykbroker_subscription_get_dropped()" in the LEAP 4 header is not).
 */
export function laterMentions(header: Header, lineName: string): string[] {
  const line = leapLine(lineName);
  if (!line) throw new Error(`unknown LEAP line "${lineName}"`);
  const published = headerForLine(header, lineName);
  if (!published) return [];
  const later = header.decls.filter((d) => compareVersions(d.doc.since, line.last) > 0);
  if (!later.length) return [];
  const texts = [
    ...docTexts(published.doc, header.file),
    ...published.decls.flatMap((d) => [
      ...docTexts(d.doc, d.name),
      ...d.members.map((m) => ({where: `${d.name}.${m.name}`, text: m.text})),
    ]),
  ];
  const problems: string[] = [];
  for (const {where, text} of texts) {
    for (const sentence of text.split(/(?<=[.;:])\s+/)) {
      for (const d of later) {
        if (!new RegExp(`\\b${d.name}\\b`).test(sentence)) continue;
        const dated = [...sentence.matchAll(/LEAP (\d+\.\d+(?:\.\d+)?)/g)].some(
          (m) => compareVersions(m[1]!, d.doc.since) >= 0,
        );
        if (!dated)
          problems.push(
            `${header.file} for LEAP ${lineName}, ${where}: names ${d.name} (LEAP ${d.doc.since}): "${sentence}"`,
          );
      }
    }
  }
  return problems;
}
