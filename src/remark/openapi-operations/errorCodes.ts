/**
 * Remark plugin: expands `<VireoErrorCodes />` into the index of every VIREO problem code (see
 * src/lib/errorCodes.ts): a table of the codes every API shares, then one table per section with
 * the codes of each API. Links go to the operations on the API pages, so the build checks them.
 */
import fs from 'node:fs';
import path from 'node:path';
import {collectCodes, isGeneric, remedy, type ApiPage, type CodeEntry} from '../../lib/errorCodes';
import {isObject} from '../../lib/jsonSchema';
import {dependOn} from '../../plugins/file-dependencies/registry';
import {expandJsxElements, heading, inlineText, type Node} from '../mdast';
import {loadDocument} from './index';

export interface VireoErrorCodesOptions {
  /** Folder of the OpenAPI documents. */
  directory: string;
  /** Folder of the VIREO pages (`docs/vireo`) and the route it is published at (`/vireo/`). */
  pages: string;
  route: string;
}

/** The published Markdown pages below `dir` (files and folders starting with `_` are not published). */
function pagesUnder(dir: string): string[] {
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.name.startsWith('_')) return [];
    return entry.isDirectory() ? pagesUnder(file) : /\.mdx?$/.test(entry.name) ? [file] : [];
  });
}

/** The `<OpenApiOperations document="…"/>` uses of every page below `dir`, keyed by path relative to it. */
export function documentUses(dir: string): Map<string, string[]> {
  return new Map(
    pagesUnder(dir).map((file) => [
      path.relative(dir, file),
      [...fs.readFileSync(file, 'utf8').matchAll(/<OpenApiOperations\s+document="([^"]+)"/g)].map((m) => m[1]!),
    ]),
  );
}

/** The route of a page from its path below a collection published at `base`: `a/index.mdx` → `<base>a/`. */
export function pageRoute(relative: string, base = '/'): string {
  return `${base}${relative.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '')}/`.replace(/\/+/g, '/');
}

/** Every page with `<OpenApiOperations document="…"/>`, with its document; each page and document is a dependency of `page`. */
export async function apiPages(options: VireoErrorCodesOptions, page?: string): Promise<ApiPage[]> {
  const out: ApiPage[] = [];
  for (const [relative, names] of documentUses(options.pages)) {
    dependOn(page, path.join(options.pages, relative));
    for (const name of names) {
      const document = await loadDocument(options.directory, name, page);
      const info = isObject(document.info) ? document.info : {};
      out.push({
        name,
        title: String(info.title),
        apiId: String(info['x-lykta-api-id']),
        route: pageRoute(relative, options.route),
        document,
      });
    }
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

const cell = (children: Node[]): Node => ({type: 'tableCell', children});
const text = (value: string): Node[] => inlineText(value);
const link = (url: string, children: Node[]): Node => ({type: 'link', url, children});

function codeTable(entries: CodeEntry[], withUses: boolean): Node {
  const header = ['Code', 'Status', 'Meaning', 'What a client does', ...(withUses ? ['Answered by'] : [])];
  const rows = entries.map((e) => ({
    type: 'tableRow',
    children: [
      cell([{type: 'inlineCode', value: e.code}]),
      cell(text(String(e.status))),
      cell(text(e.meaning)),
      cell(text(remedy(e.status))),
      ...(withUses
        ? [
            cell(
              e.uses.flatMap((u, i) => [
                ...(i > 0 ? [{type: 'text', value: ', '}] : []),
                link(u.url, [{type: 'inlineCode', value: u.label}]),
              ]),
            ),
          ]
        : []),
    ],
  }));
  return {
    type: 'table',
    align: header.map(() => null),
    children: [{type: 'tableRow', children: header.map((h) => cell(text(h)))}, ...rows],
  };
}

export const SECTION_TITLES: Record<string, string> = {
  applications: 'Applications',
  'audio-systems': 'Audio systems',
  'body-worn-systems': 'Body-worn systems',
  'device-configuration': 'Device configuration',
  intercom: 'Intercom',
  'network-video': 'Network video',
  'physical-access-control': 'Physical access control',
  radar: 'Radar',
};

export function expandErrorCodes(pages: ApiPage[]): Node[] {
  const entries = collectCodes(pages);
  const nodes: Node[] = [];
  const generic = entries.filter((e) => isGeneric(e.code));
  nodes.push(heading(2, 'shared-codes', text('Codes every API uses')));
  nodes.push({
    type: 'paragraph',
    children: text(
      `These ${generic.length} codes can come from any VIREO API, with the meaning the overview gives them; the API pages list where each operation answers them.`,
    ),
  });
  nodes.push(codeTable(generic, false));
  const bySection = new Map<string, Map<ApiPage, CodeEntry[]>>();
  for (const e of entries.filter((x) => !isGeneric(x.code))) {
    const owner = e.owner!;
    const section = owner.name.split('/')[0]!;
    if (!SECTION_TITLES[section]) throw new Error(`no title for the section ${section}: add it to SECTION_TITLES`);
    if (!bySection.has(section)) bySection.set(section, new Map());
    const apis = bySection.get(section)!;
    apis.set(owner, [...(apis.get(owner) ?? []), e]);
  }
  for (const section of Object.keys(SECTION_TITLES).filter((s) => bySection.has(s))) {
    nodes.push(heading(2, section, text(SECTION_TITLES[section]!)));
    for (const [api, codes] of [...bySection.get(section)!].sort(([a], [b]) => a.title.localeCompare(b.title))) {
      nodes.push(
        heading(3, `${section}-${api.apiId}-${api.name.split('/')[1]}`.replace(/[^a-z0-9-]/g, '-'), [
          link(api.route, text(api.title)),
        ]),
      );
      nodes.push(codeTable(codes, true));
    }
  }
  return nodes;
}

export default function remarkVireoErrorCodes(options: VireoErrorCodesOptions) {
  return (root: Node, file: {path?: string}) =>
    expandJsxElements(root, file, 'VireoErrorCodes', 'of', async (value) => {
      if (value !== 'all') throw new Error('use <VireoErrorCodes of="all" />');
      return expandErrorCodes(await apiPages(options, file.path));
    });
}
