/**
 * Remark plugin: the LEAP C API reference, from the headers in src/leap-headers/. It expands
 * `<LeapCApi library="lykparam" />` into the library's reference for the page's LEAP line
 * (functions, types and macros with real h3 headings), and links the first mention of each
 * library, header, function, type and macro on every page to its entry in the reference of the
 * page's line. The headers are published by the Docusaurus plugin in src/plugins/leap-headers.
 */
import path from 'node:path';
import {dependOn} from '../../plugins/file-dependencies/registry';
import {expandJsxElements, heading, type Node} from '../mdast';
import {
  CALL_PATTERN,
  compareVersions,
  headerForLine,
  headerPath,
  leapLine,
  referencePath,
  type Decl,
  type Doc,
  type Header,
} from '../../lib/leapHeaders';
import {lineOfFile, loadHeaders} from './headers';

export interface LeapCApiOptions {
  /** Folder of the annotated headers. */
  headers: string;
}

/** Library short name: `liblykparam` → `lykparam`. */
const short = (h: Header) => h.library.replace(/^lib/, '');

// ---------------------------------------------------------------- links

interface Target {
  url: string;
  /** Library page the target lives on. */
  library: string;
}

/** Every name a line's pages may mention, with where it is documented. */
function targets(headers: Header[], line: string): Map<string, Target> {
  const map = new Map<string, Target>();
  for (const h of headers) {
    const page = referencePath(line, short(h));
    map.set(h.library, {url: page, library: h.library});
    map.set(h.file, {url: page, library: h.library});
    for (const d of h.decls) map.set(d.name, {url: `${page}#${d.name}`, library: h.library});
  }
  return map;
}

const code = (value: string): Node => ({type: 'inlineCode', value});
const text = (value: string): Node => ({type: 'text', value});
const link = (url: string, children: Node[]): Node => ({type: 'link', url, children});
const paragraph = (...children: Node[]): Node => ({type: 'paragraph', children});
const strong = (value: string): Node => ({type: 'strong', children: [text(value)]});

/** The name an inline code span refers to: `lykparam_get()`, `lykparam_get`, `liblykparam`, `lykparam.h`. */
const mentioned = (value: string) => value.replace(/\(\)$/, '');

/** In a generated field table (`<FieldTable rows="…">`), the code spans of the descriptions and facts. */
function fieldTableMentions(node: Node): string[] {
  const attrs = (node.attributes as {name: string; value: unknown}[]) ?? [];
  const rows = attrs.find((a) => a.name === 'rows')?.value;
  if (typeof rows !== 'string') return [];
  const parsed = JSON.parse(rows) as {description?: string; facts?: string[]}[];
  return parsed
    .flatMap((r) => [r.description ?? '', ...(r.facts ?? [])])
    .flatMap((t) => t.split('`').filter((_, i) => i % 2));
}

/**
 * Links the first mention of each known name in a page's prose (never in headings or existing
 * links), and in the generated field tables (through their `links` attribute).
 */
function linkMentions(root: Node, known: Map<string, Target>, ownLibrary?: string): void {
  const done = new Set<string>();
  const walk = (node: Node) => {
    if (node.type === 'heading' || node.type === 'link' || node.type === 'linkReference') return;
    if (node.type === 'mdxJsxFlowElement' && node.name === 'FieldTable') {
      const links: Record<string, string> = {};
      for (const span of fieldTableMentions(node)) {
        const target = known.get(mentioned(span));
        if (!target || done.has(mentioned(span)) || target.library === ownLibrary) continue;
        done.add(mentioned(span));
        links[span] = target.url;
      }
      if (Object.keys(links).length)
        (node.attributes as unknown[]).push({type: 'mdxJsxAttribute', name: 'links', value: JSON.stringify(links)});
      return;
    }
    const children = node.children;
    if (!children) return;
    for (let i = 0; i < children.length; i++) {
      const c = children[i]!;
      if (c.type === 'inlineCode') {
        const name = mentioned(c.value as string);
        const target = known.get(name);
        if (!target || done.has(name)) continue;
        done.add(name);
        // On a library's own reference page, its names link to their entries further down the page.
        if (target.library === ownLibrary) {
          const hash = target.url.indexOf('#');
          if (hash >= 0) children[i] = link(target.url.slice(hash), [c]);
          continue;
        }
        children[i] = link(target.url, [c]);
      } else walk(c);
    }
  };
  walk(root);
}

// ---------------------------------------------------------------- reference page

/**
 * Text of a doc comment as Markdown nodes: `code` spans stay code, and `name()` of a known
 * function (with or without backticks) links to its entry.
 */
function prose(value: string, known: Map<string, Target>): Node[] {
  const out: Node[] = [];
  value.split('`').forEach((part, i) => {
    if (i % 2) {
      const target = known.get(mentioned(part));
      out.push(target ? link(target.url, [code(part)]) : code(part));
      return;
    }
    let last = 0;
    for (const m of part.matchAll(CALL_PATTERN)) {
      if (m.index! > last) out.push(text(part.slice(last, m.index)));
      const target = known.get(m[1]!);
      out.push(target ? link(target.url, [code(m[0])]) : code(m[0]));
      last = m.index! + m[0].length;
    }
    if (last < part.length) out.push(text(part.slice(last)));
  });
  return out;
}

const cell = (children: Node[]): Node => ({type: 'tableCell', children});
function table(head: string[], rows: Node[][][]): Node {
  return {
    type: 'table',
    align: head.map(() => null),
    children: [
      {type: 'tableRow', children: head.map((h) => cell([text(h)]))},
      ...rows.map((r) => ({type: 'tableRow', children: r.map(cell)})),
    ],
  };
}

const admonition = (kind: 'note' | 'warning' | 'info', children: Node[]): Node => ({
  type: 'containerDirective',
  name: kind,
  attributes: {},
  children,
});

const KIND_LABEL: Record<Decl['kind'], string> = {
  function: 'Function',
  callback: 'Callback type',
  struct: 'Structure',
  enum: 'Enumeration',
  opaque: 'Opaque type',
  alias: 'Type',
  macro: 'Macro',
};

/** "Since LEAP 4.6", with deprecation, for a declaration or the library. */
function history(doc: Doc, known: Map<string, Target>, line: string): Node[] {
  const out: Node[] = [paragraph(strong('Since'), text(` LEAP ${doc.since}.`))];
  if (doc.deprecated && compareVersions(doc.deprecated.version, leapLine(line)!.last) <= 0)
    out.push(
      admonition('warning', [
        paragraph(
          strong(`Deprecated in LEAP ${doc.deprecated.version}.`),
          text(' '),
          ...prose(doc.deprecated.text, known),
        ),
      ]),
    );
  return out;
}

function entry(d: Decl, known: Map<string, Target>, line: string): Node[] {
  const title = d.kind === 'function' ? `${d.name}()` : d.name;
  const nodes: Node[] = [heading(3, d.name, [code(title)])];
  nodes.push({type: 'code', lang: 'c', value: d.code});
  nodes.push(paragraph(...prose(d.doc.brief, known)));
  for (const p of d.doc.text) nodes.push(paragraph(...prose(p, known)));
  if (d.doc.params.length)
    nodes.push(
      table(
        ['Parameter', 'Direction', 'Description'],
        d.doc.params.map((p) => [[code(p.name)], [text(p.direction)], prose(p.text, known)]),
      ),
    );
  if (d.members.length)
    nodes.push(
      d.kind === 'enum'
        ? table(
            ['Constant', 'Value', 'Meaning'],
            d.members.map((m) => [[code(m.name)], m.code ? [code(m.code)] : [], prose(m.text, known)]),
          )
        : table(
            ['Member', 'Declaration', 'Meaning'],
            d.members.map((m) => [[code(m.name)], [code(m.code)], prose(m.text, known)]),
          ),
    );
  if (d.doc.returns) nodes.push(paragraph(strong('Returns'), text(' '), ...prose(d.doc.returns, known)));
  if (d.doc.retvals.length)
    nodes.push(
      table(
        ['Error', 'Meaning'],
        d.doc.retvals.map((r) => [[code(r.value)], prose(r.text, known)]),
      ),
    );
  if (d.doc.threadsafety)
    nodes.push(paragraph(strong('Thread safety'), text(' '), ...prose(d.doc.threadsafety, known)));
  for (const n of d.doc.notes) nodes.push(admonition('note', [paragraph(...prose(n, known))]));
  if (d.doc.see.length) {
    const refs = d.doc.see.flatMap((s, i) => {
      const target = known.get(mentioned(s));
      const c = code(s);
      return [...(i ? [text(', ')] : []), target ? link(target.url, [c]) : c];
    });
    nodes.push(paragraph(strong('See also'), text(' '), ...refs));
  }
  nodes.push(...history(d.doc, known, line));
  return nodes;
}

/** Beta status of a library in a line, from `@stable`. */
function status(h: Header, line: string): string | undefined {
  const stable = h.doc.stable;
  if (!stable) return undefined;
  const last = leapLine(line)!.last;
  if (compareVersions(stable, last) > 0)
    return `Beta throughout LEAP ${line}: it came in ${h.doc.since} and was released as stable in LEAP ${stable}. Beta interfaces may change between minor releases.`;
  return `Beta from LEAP ${h.doc.since}, stable since LEAP ${stable}.`;
}

const GROUPS: {id: string; title: string; kinds: Decl['kind'][]}[] = [
  {id: 'functions', title: 'Functions', kinds: ['function']},
  {id: 'types', title: 'Types', kinds: ['opaque', 'struct', 'enum', 'callback', 'alias']},
  {id: 'macros', title: 'Macros and constants', kinds: ['macro']},
];

export function expandReference(headers: Header[], library: string, line: string): Node[] {
  const h = headers.find((x) => short(x) === library || x.library === library);
  if (!h) throw new Error(`no header for ${library} in LEAP ${line}`);
  const known = targets(headers, line);
  const nodes: Node[] = [];
  nodes.push(
    paragraph(
      text('This reference is generated from '),
      link(`pathname://${headerPath(line, h.file)}`, [code(h.file)]),
      text(`, the header of LEAP ${line} (download it for your editor). Link with pkg-config package `),
      code(h.library),
      text(`; the library exists from LEAP ${h.doc.since}.`),
    ),
  );
  const beta = status(h, line);
  if (beta) nodes.push(admonition('info', [paragraph(...prose(beta, known))]));
  const last = leapLine(line)!.last;
  if (h.doc.deprecated && compareVersions(h.doc.deprecated.version, last) <= 0)
    nodes.push(
      admonition('warning', [
        paragraph(
          strong(`Deprecated in LEAP ${h.doc.deprecated.version}.`),
          text(' '),
          ...prose(h.doc.deprecated.text, known),
        ),
      ]),
    );
  if (h.doc.removed)
    nodes.push(
      admonition('warning', [
        paragraph(strong(`Removed in LEAP ${h.doc.removed.version}.`), text(' '), ...prose(h.doc.removed.text, known)),
      ]),
    );
  nodes.push(paragraph(...prose(h.doc.brief, known)));
  for (const p of h.doc.text) nodes.push(paragraph(...prose(p, known)));
  if (h.doc.threadsafety)
    nodes.push(paragraph(strong('Threads and callbacks'), text(' '), ...prose(h.doc.threadsafety, known)));
  for (const n of h.doc.notes) nodes.push(admonition('note', [paragraph(...prose(n, known))]));

  nodes.push(heading(2, 'summary', [text('Summary')]));
  nodes.push(
    table(
      ['Name', 'Kind', 'Summary', 'Since'],
      h.decls.map((d) => [
        [link(`#${d.name}`, [code(d.kind === 'function' ? `${d.name}()` : d.name)])],
        [text(KIND_LABEL[d.kind])],
        prose(d.doc.brief, known),
        [text(d.doc.since)],
      ]),
    ),
  );
  for (const g of GROUPS) {
    const decls = h.decls.filter((d) => g.kinds.includes(d.kind));
    if (!decls.length) continue;
    nodes.push(heading(2, g.id, [text(g.title)]));
    for (const d of decls) nodes.push(...entry(d, known, line));
  }
  return nodes;
}

export function remarkLeapCApi(options: LeapCApiOptions) {
  return async (root: Node, file: {path?: string}) => {
    const line = lineOfFile(file.path);
    const all = loadHeaders(options.headers);
    const headers = all.flatMap((h) => headerForLine(h, line) ?? []);
    // Every page may link to any header's names, so every header is an input of every page.
    for (const h of all) dependOn(file.path, path.join(options.headers, h.file));
    let own: string | undefined;
    const placeholder: Node = {type: 'leapCApiPlaceholder'};
    await expandJsxElements(root, file, 'LeapCApi', 'library', (library) => {
      if (own) throw new Error('one <LeapCApi> per page');
      own = headers.find((h) => short(h) === library)?.library;
      if (!own) throw new Error(`no header for ${library} in LEAP ${line}`);
      return [placeholder];
    });
    linkMentions(root, targets(headers, line), own);
    if (own) {
      // Expanded after linking, so that the reference's own nodes are left as they are.
      const at = root.children!.indexOf(placeholder);
      if (at < 0) throw new Error(`${file.path}: <LeapCApi> must be at the top level of the page`);
      root.children!.splice(at, 1, ...expandReference(headers, own, line));
    }
  };
}
