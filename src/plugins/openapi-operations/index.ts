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
import {
  buildDocumentModel,
  dereference,
  inlineCodeParts,
  type JsonObject,
  type OperationModel,
} from '../../lib/openapi';

export interface OpenApiOperationsOptions {
  /** Folder of the OpenAPI documents; published with the site under `urlPath`. */
  directory: string;
  /** URL path the folder is served at (it lives in static/). */
  urlPath: string;
}

interface Node {
  type: string;
  children?: Node[];
  [key: string]: unknown;
}

const ELEMENT = 'OpenApiOperations';

export function loadDocument(directory: string, name: string): JsonObject {
  const file = path.join(directory, `${name}.yaml`);
  if (!/^[a-z0-9][a-z0-9./-]*$/.test(name) || name.includes('..') || !fs.existsSync(file)) {
    throw new Error(`OpenAPI document "${name}" not found: expected ${path.relative(process.cwd(), file)}`);
  }
  const load = (location: string): JsonObject =>
    parse(fs.readFileSync(path.join(directory, location), 'utf8')) as JsonObject;
  return dereference({location: `${name}.yaml`, document: load(`${name}.yaml`)}, load);
}

function text(value: string): Node[] {
  return inlineCodeParts(value).map((part, i) =>
    i % 2 ? {type: 'inlineCode', value: part} : {type: 'text', value: part},
  );
}

function heading(depth: number, id: string, value: string): Node {
  return {type: 'heading', depth, children: text(value), data: {hProperties: {id}}};
}

function element(name: string, attributes: Record<string, string>): Node {
  return {
    type: 'mdxJsxFlowElement',
    name,
    attributes: Object.entries(attributes).map(([n, value]) => ({type: 'mdxJsxAttribute', name: n, value})),
    children: [],
  };
}

export function expand(document: JsonObject, name: string, urlPath: string): Node[] {
  const model = buildDocumentModel(document);
  const nodes: Node[] = [
    element('OpenApiDocumentLink', {
      href: `${urlPath}/${name}.yaml`,
      title: model.title,
      version: model.version,
      openapi: model.openapi,
      baseUrl: model.baseUrl,
    }),
  ];
  for (const tag of model.tags) {
    nodes.push(heading(2, tag.anchor, tag.name));
    if (tag.description) nodes.push({type: 'paragraph', children: text(tag.description)});
    for (const op of tag.operations) {
      nodes.push(heading(3, op.anchor, op.summary));
      nodes.push(element('OpenApiOperation', {operation: JSON.stringify(op satisfies OperationModel)}));
    }
  }
  return nodes;
}

export default function remarkOpenApiOperations(options: OpenApiOperationsOptions) {
  return (root: Node, file: {path?: string}) => {
    const walk = (parent: Node) => {
      const children = parent.children;
      if (!children) return;
      for (let i = 0; i < children.length; i++) {
        const child = children[i]!;
        if (child.type === 'mdxJsxFlowElement' && child.name === ELEMENT) {
          const attrs = (child.attributes as {name: string; value: unknown}[]) ?? [];
          const name = attrs.find((a) => a.name === 'document')?.value;
          if (typeof name !== 'string')
            throw new Error(`${file.path}: <${ELEMENT}> needs a document="section/name" attribute`);
          let expanded: Node[];
          try {
            expanded = expand(loadDocument(options.directory, name), name, options.urlPath);
          } catch (e) {
            throw new Error(`${file.path}: <${ELEMENT} document="${name}">: ${(e as Error).message}`);
          }
          children.splice(i, 1, ...expanded);
          i += expanded.length - 1;
        } else walk(child);
      }
    };
    walk(root);
  };
}
