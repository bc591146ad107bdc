/**
 * Remark plugin: expands `<VireoEvents api="section/document" />` on an API page into the table
 * of the event topics that API raises, and `<VireoEvents api="all" />` into the event catalogue
 * (a section per family, a heading per topic with its members and example). Both read
 * `static/asyncapi/vireo-events.yaml`, the one source of the topics; links go to the catalogue's
 * topic anchors and to the API pages, so the build checks them.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {eventTopics, type EventMember, type EventTopic} from '../../lib/events';
import type {JsonObject} from '../../lib/jsonSchema';
import {dereference} from '../../lib/references';
import {dependOn} from '../../plugins/file-dependencies/registry';
import {expandJsxElements, heading, inlineText, type Node} from '../mdast';
import {apiPages, SECTION_TITLES, type VireoErrorCodesOptions} from './errorCodes';

export interface VireoEventsOptions extends VireoErrorCodesOptions {
  /** The AsyncAPI document of the events. */
  catalogue: string;
  /** The route of the catalogue page. */
  catalogueRoute: string;
}

/** The topics, read once per version of the file (every page with an events table asks for them). */
let cached: {file: string; mtimeMs: number; topics: Promise<EventTopic[]>} | undefined;

/** The topics of the catalogue, its references resolved; it refers only to itself. */
export function loadCatalogue(file: string, page?: string): Promise<EventTopic[]> {
  dependOn(page, file);
  const {mtimeMs} = fs.statSync(file);
  if (cached?.file !== file || cached.mtimeMs !== mtimeMs) {
    const document = parse(fs.readFileSync(file, 'utf8')) as JsonObject;
    const outside = (location: string): never => {
      throw new Error(`the event catalogue refers only to itself, not to ${location}`);
    };
    cached = {file, mtimeMs, topics: dereference({location: path.basename(file), document}, outside).then(eventTopics)};
  }
  return cached.topics;
}

const cell = (children: Node[]): Node => ({type: 'tableCell', children});
const code = (value: string): Node => ({type: 'inlineCode', value});
const link = (url: string, children: Node[]): Node => ({type: 'link', url, children});
const joined = (parts: Node[][]): Node[] =>
  parts.flatMap((p, i) => [...(i ? [{type: 'text', value: ', '}] : []), ...p]);

function table(header: string[], rows: Node[][][]): Node {
  return {
    type: 'table',
    align: header.map(() => null),
    children: [
      {type: 'tableRow', children: header.map((h) => cell(inlineText(h)))},
      ...rows.map((r) => ({type: 'tableRow', children: r.map(cell)})),
    ],
  };
}

const topLevel = (ms: EventMember[]) => ms.filter((m) => !/[.[]/.test(m.name));
const memberList = (ms: EventMember[]): Node[] =>
  topLevel(ms).length ? joined(topLevel(ms).map((m) => [code(m.name)])) : inlineText('none');
const since = (t: EventTopic) => `LyktaOS ${t.since}`;

/** The table of an API page: the topics its API raises. */
export function expandApiEvents(topics: EventTopic[], api: string, catalogueRoute: string): Node[] {
  const own = topics.filter((t) => t.api === api || t.alsoRaisedBy.includes(api));
  if (!own.length) throw new Error(`the event catalogue has no topic raised by ${api}`);
  return [
    table(
      ['Topic', 'When it fires', '`source`', '`data`', 'Stateful', 'Since'],
      own.map((t) => [
        [link(`${catalogueRoute}#${t.anchor}`, [code(t.topic)])],
        inlineText(t.summary),
        memberList(t.source),
        memberList(t.data),
        inlineText(t.stateful ? 'Yes' : 'No'),
        inlineText(since(t)),
      ]),
    ),
    {
      type: 'paragraph',
      children: [
        ...inlineText('Each topic links to its payload schema and an example in the '),
        link(catalogueRoute, inlineText('event catalogue')),
        ...inlineText('.'),
      ],
    },
  ];
}

function membersTable(ms: EventMember[]): Node {
  return table(
    ['Member', 'Type', 'Required', 'Description'],
    ms.map((m) => [
      [code(m.name)],
      inlineText(m.type),
      inlineText(m.required ? 'Yes' : 'No'),
      inlineText(m.description),
    ]),
  );
}

function paragraph(text: string): Node {
  return {type: 'paragraph', children: inlineText(text)};
}

/** The catalogue: per family, a summary table and then each topic with its members and example. */
export function expandCatalogue(topics: EventTopic[], pages: {name: string; title: string; route: string}[]): Node[] {
  const pageOf = new Map(pages.map((p) => [p.name, p]));
  const nodes: Node[] = [];
  for (const family of Object.keys(SECTION_TITLES)) {
    const own = topics.filter((t) => t.family === family).sort((a, b) => a.topic.localeCompare(b.topic));
    if (!own.length) continue;
    nodes.push(heading(2, family, inlineText(SECTION_TITLES[family]!)));
    nodes.push(
      table(
        ['Topic', 'When it fires', 'Raised by', 'Since'],
        own.map((t) => {
          const api = pageOf.get(t.api);
          if (!api) throw new Error(`${t.topic}: no API page renders the document ${t.api}`);
          return [
            [link(`#${t.anchor}`, [code(t.topic)])],
            inlineText(t.summary),
            [link(api.route, inlineText(api.title))],
            inlineText(since(t)),
          ];
        }),
      ),
    );
    for (const t of own) {
      nodes.push(heading(3, t.anchor, [code(t.topic)]));
      nodes.push(paragraph([t.summary, t.description].filter(Boolean).join(' ')));
      const facts: Node[][] = [
        [
          ...inlineText('Raised by: '),
          ...joined(
            [t.api, ...t.alsoRaisedBy].map((name) => {
              const p = pageOf.get(name);
              if (!p) throw new Error(`${t.topic}: no API page renders the document ${name}`);
              return [link(p.route, inlineText(p.title))];
            }),
          ),
          {type: 'text', value: '.'},
        ],
        inlineText(`Products: ${t.products.includes('all') ? 'every LyktaOS device' : t.products.join(', ')}.`),
        inlineText(`Since: ${since(t)}${t.sinceBasis === 'api' ? ', the first release of its API' : ''}.`),
        inlineText(
          t.stateful
            ? 'Stateful: a subscriber gets the current state when it subscribes, then every change.'
            : 'Stateless: each event reports one occurrence.',
        ),
      ];
      nodes.push({
        type: 'list',
        ordered: false,
        spread: false,
        children: facts.map((f) => ({type: 'listItem', spread: false, children: [{type: 'paragraph', children: f}]})),
      });
      for (const [part, ms] of [
        ['source', t.source],
        ['data', t.data],
      ] as const) {
        nodes.push(ms.length ? membersTable(ms) : paragraph(`The \`${part}\` object of this topic has no members.`));
        if (ms.length) nodes.splice(nodes.length - 1, 0, paragraph(`Members of \`${part}\`:`));
      }
      for (const example of t.examples.slice(0, 1)) {
        nodes.push({type: 'code', lang: 'json', meta: 'title="Example"', value: JSON.stringify(example, null, 2)});
      }
    }
  }
  return nodes;
}

export default function remarkVireoEvents(options: VireoEventsOptions) {
  return (root: Node, file: {path?: string}) =>
    expandJsxElements(root, file, 'VireoEvents', 'api', async (api) => {
      const topics = await loadCatalogue(options.catalogue, file.path);
      if (api === 'all') return expandCatalogue(topics, await apiPages(options, file.path));
      return expandApiEvents(topics, api, options.catalogueRoute);
    });
}
