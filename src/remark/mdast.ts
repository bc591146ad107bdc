/**
 * What the local remark plugins share: a loose Markdown-tree node type, builders for the
 * nodes they write, and the walk that replaces a JSX placeholder element such as
 * `<OpenApiOperations document="…" />` with the nodes it stands for.
 */
import {inlineCodeParts} from '../lib/codeSpan';

export interface Node {
  type: string;
  children?: Node[];
  [key: string]: unknown;
}

/** Text with `code` spans as text and inlineCode nodes. */
export function inlineText(value: string): Node[] {
  return inlineCodeParts(value).map((part, i) =>
    i % 2 ? {type: 'inlineCode', value: part} : {type: 'text', value: part},
  );
}

/** A heading with a fixed anchor id. */
export function heading(depth: number, id: string, children: Node[]): Node {
  return {type: 'heading', depth, children, data: {hProperties: {id}}};
}

/** A self-closing JSX element with string attributes, e.g. a component the theme registers. */
export function jsxElement(name: string, attributes: Record<string, string>): Node {
  return {
    type: 'mdxJsxFlowElement',
    name,
    attributes: Object.entries(attributes).map(([n, value]) => ({type: 'mdxJsxAttribute', name: n, value})),
    children: [],
  };
}

/**
 * Replaces every `<element attribute="…" />` in the tree with `expand(value)`, one element after
 * the other. A missing attribute or a failing expansion rejects with the file and the element named.
 */
export async function expandJsxElements(
  root: Node,
  file: {path?: string},
  element: string,
  attribute: string,
  expand: (value: string) => Node[] | Promise<Node[]>,
): Promise<void> {
  const walk = async (parent: Node) => {
    const children = parent.children;
    if (!children) return;
    for (let i = 0; i < children.length; i++) {
      const child = children[i]!;
      if (child.type !== 'mdxJsxFlowElement' || child.name !== element) {
        if (child.children) await walk(child);
        continue;
      }
      const attrs = (child.attributes as {name: string; value: unknown}[]) ?? [];
      const value = attrs.find((a) => a.name === attribute)?.value;
      if (typeof value !== 'string') throw new Error(`${file.path}: <${element}> needs a ${attribute}="…" attribute`);
      let expanded: Node[];
      try {
        expanded = await expand(value);
      } catch (e) {
        throw new Error(`${file.path}: <${element} ${attribute}="${value}">: ${(e as Error).message}`);
      }
      children.splice(i, 1, ...expanded);
      i += expanded.length - 1;
    }
  };
  await walk(root);
}
