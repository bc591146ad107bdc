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

/**
 * Each file's latest text, parsed: the documents share their component files, which were parsed once
 * per use. One entry per file, so a long `npm start` with many edits keeps no old versions.
 */
const parsedFiles = new Map<string, {text: string; document: JsonObject}>();
/** The resolved documents by file, with the text of every file each one read. */
const resolved = new Map<string, {texts: Map<string, string>; document: JsonObject}>();

/**
 * The document `section/name`, every reference resolved; its files are dependencies of `page`. A document
 * is resolved once while none of its files changes: the API pages, the error-code index and the event
 * catalogue each ask for it, and parsing and resolving them again took about 10 s of a build. Each caller
 * gets its own copy.
 */
export async function loadDocument(directory: string, name: string, page?: string): Promise<JsonObject> {
  const file = path.join(directory, `${name}.yaml`);
  if (!/^[a-z0-9][a-z0-9./-]*$/.test(name) || name.includes('..') || !fs.existsSync(file)) {
    throw new Error(`OpenAPI document "${name}" not found: expected ${path.relative(process.cwd(), file)}`);
  }
  const kept = resolved.get(file);
  if (kept && [...kept.texts].every(([f, text]) => fs.existsSync(f) && fs.readFileSync(f, 'utf8') === text)) {
    for (const f of kept.texts.keys()) dependOn(page, f);
    return structuredClone(kept.document);
  }
  const texts = new Map<string, string>();
  const load = (location: string): JsonObject => {
    const f = path.join(directory, location);
    dependOn(page, f);
    const text = fs.readFileSync(f, 'utf8');
    texts.set(f, text);
    let parsed = parsedFiles.get(f);
    if (parsed?.text !== text) parsedFiles.set(f, (parsed = {text, document: parse(text) as JsonObject}));
    // dereference() copies what it is given and leaves it unchanged, so one parse serves every document.
    return parsed.document;
  };
  const document = await dereference({location: `${name}.yaml`, document: load(`${name}.yaml`)}, load);
  resolved.set(file, {texts, document: structuredClone(document)});
  return document;
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
