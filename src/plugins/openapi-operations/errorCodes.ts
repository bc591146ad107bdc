/**
 * Remark plugin: expands `<VireoErrorCodes />` into the index of every VIREO problem code (see
 * src/lib/errorCodes.ts): a table of the codes every API shares, then one table per section with
 * the codes of each API. Links go to the operations on the API pages, so the build checks them.
 */
import fs from 'node:fs';
import path from 'node:path';
import {collectCodes, isGeneric, remedy, type ApiPage, type CodeEntry} from '../../lib/errorCodes';
import {isObject} from '../../lib/openapi';
import {dependOn} from '../file-dependencies/registry';
import {expandJsxElements, heading, inlineText, type Node} from '../mdast';
import {loadDocument} from './index';

export interface VireoErrorCodesOptions {
  /** Folder of the OpenAPI documents. */
  directory: string;
  /** Folder of the VIREO pages (`docs/vireo`) and the route it is published at (`/vireo/`). */
  pages: string;
  route: string;
}

/** Every page with `<OpenApiOperations document="…"/>`, with its document. */
export function apiPages(options: VireoErrorCodesOptions, page?: string): ApiPage[] {
  const out: ApiPage[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.mdx$/.test(entry.name)) {
        dependOn(page, file);
        const match = /<OpenApiOperations\s+document="([^"]+)"/.exec(fs.readFileSync(file, 'utf8'));
        if (!match) continue;
        const document_ = loadDocument(options.directory, match[1]!, page);
        const info = isObject(document_.info) ? document_.info : {};
        const relative = path
          .relative(options.pages, file)
          .replace(/\.mdx$/, '')
          .replace(/(^|\/)index$/, '');
        out.push({
          document: match[1]!,
          title: String(info.title),
          apiId: String(info['x-lykta-api-id']),
          route: `${options.route}${relative}/`.replace(/\/+/g, '/'),
          document_,
        });
      }
    }
  };
  walk(options.pages);
  return out.sort((a, b) => a.document.localeCompare(b.document));
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

const SECTION_TITLES: Record<string, string> = {
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
    const section = owner.document.split('/')[0]!;
    if (!SECTION_TITLES[section]) throw new Error(`no title for the section ${section}: add it to SECTION_TITLES`);
    if (!bySection.has(section)) bySection.set(section, new Map());
    const apis = bySection.get(section)!;
    apis.set(owner, [...(apis.get(owner) ?? []), e]);
  }
  for (const section of Object.keys(SECTION_TITLES).filter((s) => bySection.has(s))) {
    nodes.push(heading(2, section, text(SECTION_TITLES[section]!)));
    for (const [api, codes] of [...bySection.get(section)!].sort(([a], [b]) => a.title.localeCompare(b.title))) {
      nodes.push(
        heading(3, `${section}-${api.apiId}-${api.document.split('/')[1]}`.replace(/[^a-z0-9-]/g, '-'), [
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
    expandJsxElements(root, file, 'VireoErrorCodes', 'of', (value) => {
      if (value !== 'all') throw new Error('use <VireoErrorCodes of="all" />');
      return expandErrorCodes(apiPages(options, file.path));
    });
}
