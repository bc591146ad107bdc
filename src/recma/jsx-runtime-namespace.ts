/**
 * Recma plugin (the last step of the MDX compiler, on the page's JavaScript tree): the JSX runtime
 * a page imports is bound once, not at every call.
 *
 * MDX compiles each element of a page to a call of an imported function
 * (`import {jsx as _jsx, jsxs as _jsxs} from "react/jsx-runtime"`, then `_jsx(_components.p, …)`).
 * The bundler records every use of an imported binding as a dependency of its own, which it keeps,
 * with its code-generation result, for the whole build: a page of ordinary prose makes a hundred of
 * them, and at ten times the content they were most of Rspack's memory. This plugin rewrites the import
 * to a namespace import and one destructuring of it,
 *
 *     import * as _jsxRuntime from "react/jsx-runtime";
 *     const {jsx: _jsx, jsxs: _jsxs} = _jsxRuntime;
 *
 * so the calls name a local constant and the page has one dependency on the runtime. The runtime is
 * a CommonJS module (nothing of it is tree-shaken either way) and the constants are bound before any
 * code of the page runs (at the place of the import, which MDX puts first), so the page renders the
 * same; the minified chunk is smaller (`a(…)` instead of `(0,r.jsx)(…)`).
 *
 * Only imports of a JSX runtime (`…/jsx-runtime`, `…/jsx-dev-runtime`) whose specifiers are all
 * named are rewritten; a default or namespace import, or a module that already uses the namespace's
 * name, is left as it is.
 */
import type {ImportDeclaration, ImportSpecifier, Node, Program, Statement, VariableDeclaration} from 'estree';

/** The modules whose imports are rewritten: React's automatic JSX runtimes, whatever the import source. */
export const JSX_RUNTIME = /(^|\/)jsx-(dev-)?runtime$/;

/** Every identifier name the tree uses, so that the namespace's name cannot shadow or collide with one. */
function identifierNames(tree: Node): Set<string> {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const v of value) visit(v);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const node = value as {type?: unknown; name?: unknown};
    if ((node.type === 'Identifier' || node.type === 'JSXIdentifier') && typeof node.name === 'string')
      names.add(node.name);
    for (const [key, child] of Object.entries(value))
      if (key !== 'loc' && key !== 'range' && key !== 'position') visit(child);
  };
  visit(tree);
  return names;
}

function freeName(base: string, taken: Set<string>): string {
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}${i}`;
  taken.add(name);
  return name;
}

/** The namespace import and the destructuring that replace `declaration`, or undefined when it is not one to rewrite. */
export function namespaceImport(
  declaration: ImportDeclaration,
  taken: Set<string>,
): [ImportDeclaration, VariableDeclaration] | undefined {
  const source = declaration.source.value;
  if (typeof source !== 'string' || !JSX_RUNTIME.test(source)) return undefined;
  const {specifiers} = declaration;
  const named = specifiers.filter((s): s is ImportSpecifier => s.type === 'ImportSpecifier');
  if (named.length === 0 || named.length !== specifiers.length) return undefined;
  const namespace = freeName('_jsxRuntime', taken);
  const importDeclaration: ImportDeclaration = {
    type: 'ImportDeclaration',
    specifiers: [{type: 'ImportNamespaceSpecifier', local: {type: 'Identifier', name: namespace}}],
    source: {type: 'Literal', value: source},
    attributes: [],
  };
  const destructuring: VariableDeclaration = {
    type: 'VariableDeclaration',
    kind: 'const',
    declarations: [
      {
        type: 'VariableDeclarator',
        id: {
          type: 'ObjectPattern',
          properties: named.map((s) => {
            const imported =
              s.imported.type === 'Identifier' ? s.imported.name : String((s.imported as {value: unknown}).value);
            return {
              type: 'Property' as const,
              key: /^[A-Za-z_$][\w$]*$/.test(imported)
                ? {type: 'Identifier' as const, name: imported}
                : {type: 'Literal' as const, value: imported},
              value: {type: 'Identifier' as const, name: s.local.name},
              kind: 'init' as const,
              computed: false,
              method: false,
              shorthand: false,
            };
          }),
        },
        init: {type: 'Identifier', name: namespace},
      },
    ],
  };
  return [importDeclaration, destructuring];
}

/** Rewrites, in place, each import of a JSX runtime of the program (see the top of this file). */
export function bindJsxRuntimeOnce(tree: Program): void {
  let taken: Set<string> | undefined;
  const body: Program['body'] = [];
  for (const node of tree.body) {
    if (node.type === 'ImportDeclaration' && JSX_RUNTIME.test(String(node.source.value))) {
      taken ??= identifierNames(tree);
      const replacement = namespaceImport(node, taken);
      if (replacement) {
        body.push(...(replacement as [ImportDeclaration, Statement]));
        continue;
      }
    }
    body.push(node);
  }
  tree.body = body;
}

/** The recma plugin, for the content plugins' `recmaPlugins`. */
export default function recmaJsxRuntimeNamespace() {
  return (tree: Program): void => bindJsxRuntimeOnce(tree);
}
