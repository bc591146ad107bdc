/**
 * Remark plugin: expands `<ManifestSchemaFields version="1.7.0" />` in a LEAP page into
 * the field reference of static/schemas/leap/manifest-v1.7.0.schema.json — a download
 * link, what changed from the previous schema version, and the field tables. Headings
 * are real Markdown headings, so they get anchors and table-of-contents entries.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {JsonObject} from '../../lib/jsonSchema';
import {dependOn} from '../../plugins/file-dependencies/registry';
import {expandJsxElements, heading, inlineText, jsxElement, type Node} from '../mdast';
import {
  fieldGroups,
  manifestVersion,
  previousVersion,
  schemaDiff,
  schemaFileName,
  type FieldChange,
} from '../../lib/manifestSchema';

export interface ManifestSchemaFieldsOptions {
  /** Folder of the schema files; published with the site under `urlPath`. */
  directory: string;
  urlPath: string;
}

const ELEMENT = 'ManifestSchemaFields';

export function loadSchema(directory: string, version: string, page?: string): JsonObject {
  if (!manifestVersion(version)) throw new Error(`unknown manifest schema version "${version}"`);
  const file = path.join(directory, schemaFileName(version));
  if (!fs.existsSync(file)) throw new Error(`schema file missing: ${path.relative(process.cwd(), file)}`);
  dependOn(page, file);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as JsonObject;
}

const code = (value: string): Node => ({type: 'inlineCode', value});
const paragraph = (...children: Node[]): Node => ({type: 'paragraph', children});
const listItem = (...children: Node[]): Node => ({type: 'listItem', spread: false, children: [paragraph(...children)]});
const list = (items: Node[]): Node => ({type: 'list', ordered: false, spread: false, children: items});
const codes = (names: string[]): Node[] =>
  names.flatMap((n, i) => (i === 0 ? [code(n)] : [{type: 'text', value: ', '}, code(n)]));

const table = (rows: unknown[]): Node => jsxElement('FieldTable', {rows: JSON.stringify(rows)});

function changeItem(c: FieldChange): Node {
  const side = (v: string) => inlineText(v || '(nothing)');
  return listItem(
    code(c.field),
    {type: 'text', value: ': '},
    ...side(c.before),
    {type: 'text', value: ' → '},
    ...side(c.after),
  );
}

export function expand(directory: string, urlPath: string, version: string, page?: string): Node[] {
  const schema = loadSchema(directory, version, page);
  const meta = manifestVersion(version)!;
  const file = schemaFileName(version);
  const nodes: Node[] = [
    paragraph(
      {type: 'text', value: 'The tables below are generated from '},
      {type: 'link', url: `pathname://${urlPath}/${file}`, children: [code(file)]},
      {
        type: 'text',
        value: `, the JSON Schema (draft 2020-12) of manifest schema v${version}. It came with LEAP ${meta.leap}; devices accept it from LyktaOS ${meta.lyktaos}. Download it to validate a manifest in your editor or build.`,
      },
    ),
  ];
  const previous = previousVersion(version);
  let added = new Set<string>();
  if (previous) {
    const diff = schemaDiff(loadSchema(directory, previous.version, page), schema);
    added = new Set(diff.added);
    nodes.push(heading(2, 'changes-from-previous-schema', inlineText(`Changes from v${previous.version}`)));
    const items: Node[] = [];
    if (diff.added.length) items.push(listItem({type: 'text', value: 'Added: '}, ...codes(diff.added)));
    if (diff.removed.length) items.push(listItem({type: 'text', value: 'Removed: '}, ...codes(diff.removed)));
    if (items.length) nodes.push(list(items));
    if (diff.changed.length) {
      nodes.push(paragraph({type: 'text', value: 'Changed rules, old → new:'}));
      nodes.push(list(diff.changed.map(changeItem)));
    }
    if (!items.length && !diff.changed.length)
      nodes.push(paragraph({type: 'text', value: 'No field was added, removed or changed.'}));
  }
  nodes.push(heading(2, 'field-reference', inlineText('Field reference')));
  for (const group of fieldGroups(schema)) {
    if (group.member) {
      nodes.push(
        heading(3, `field-${group.member.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`, [code(group.member)]),
      );
      if (group.description) nodes.push(paragraph(...inlineText(group.description)));
    } else {
      nodes.push(heading(3, 'top-level-fields', inlineText('Top-level fields')));
    }
    nodes.push(
      table(
        group.rows.map((r) => ({
          ...r,
          key: r.name,
          facts: added.has(r.name) ? [`New in v${version}`, ...r.facts] : r.facts,
        })),
      ),
    );
  }
  return nodes;
}

export default function remarkManifestSchemaFields(options: ManifestSchemaFieldsOptions) {
  return (root: Node, file: {path?: string}) =>
    expandJsxElements(root, file, ELEMENT, 'version', (version) =>
      expand(options.directory, options.urlPath, version, file.path),
    );
}
