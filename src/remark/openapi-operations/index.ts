/**
 * Remark plugin: expands `<OpenApiOperations document="section/name" />` in an MDX page
 * into the operations of `static/openapi/section/name.yaml`. Tag and operation headings
 * become real Markdown headings (h2 per tag, h3 per operation), so they get anchors,
 * table-of-contents entries and search entries like hand-written ones; the details of
 * each operation render through the `OpenApiOperation` component, in static HTML.
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {buildDocumentModel, type OperationModel} from '../../lib/openapi';
import {dereference} from '../../lib/references';
import {type JsonObject} from '../../lib/jsonSchema';
import {dependOn} from '../../plugins/file-dependencies/registry';
import {expandJsxElements, heading, inlineText, jsxElement, type Node} from '../mdast';

export interface OpenApiOperationsOptions {
  /** Folder of the OpenAPI documents. */
  directory: string;
  /** URL path of the bundled documents ("Download OpenAPI"), written by the openapi-bundle plugin. */
  urlPath: string;
}

const ELEMENT = 'OpenApiOperations';

/** The document `section/name`, every reference resolved; its files are dependencies of `page`. */
export async function loadDocument(directory: string, name: string, page?: string): Promise<JsonObject> {
  const file = path.join(directory, `${name}.yaml`);
  if (!/^[a-z0-9][a-z0-9./-]*$/.test(name) || name.includes('..') || !fs.existsSync(file)) {
    throw new Error(`OpenAPI document "${name}" not found: expected ${path.relative(process.cwd(), file)}`);
  }
  const load = (location: string): JsonObject => {
    dependOn(page, path.join(directory, location));
    return parse(fs.readFileSync(path.join(directory, location), 'utf8')) as JsonObject;
  };
  return dereference({location: `${name}.yaml`, document: load(`${name}.yaml`)}, load);
}

export function expand(document: JsonObject, name: string, urlPath: string): Node[] {
  const model = buildDocumentModel(document);
  const nodes: Node[] = [
    jsxElement('OpenApiDocumentLink', {
      href: `${urlPath}/${name}.yaml`,
      title: model.title,
      version: model.version,
      openapi: model.openapi,
      baseUrl: model.baseUrl,
    }),
  ];
  for (const tag of model.tags) {
    nodes.push(heading(2, tag.anchor, inlineText(tag.name)));
    if (tag.description) nodes.push({type: 'paragraph', children: inlineText(tag.description)});
    for (const op of tag.operations) {
      nodes.push(heading(3, op.anchor, inlineText(op.summary)));
      nodes.push(jsxElement('OpenApiOperation', {operation: JSON.stringify(op satisfies OperationModel)}));
    }
  }
  return nodes;
}

export default function remarkOpenApiOperations(options: OpenApiOperationsOptions) {
  return (root: Node, file: {path?: string}) =>
    expandJsxElements(root, file, ELEMENT, 'document', async (name) =>
      expand(await loadDocument(options.directory, name, file.path), name, options.urlPath),
    );
}
