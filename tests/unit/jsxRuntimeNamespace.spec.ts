/**
 * src/recma/jsx-runtime-namespace.ts: an MDX page binds the JSX runtime once. The pages are compiled
 * with the installed MDX (the output shape the plugin depends on: an import of `react/jsx-runtime`
 * with named specifiers), run in Node, and rendered with React, with and without the plugin.
 */
import fs from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {test, expect} from '@playwright/test';
import type {ImportDeclaration} from 'estree';
import React from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import recmaJsxRuntimeNamespace, {bindJsxRuntimeOnce, namespaceImport} from '../../src/recma/jsx-runtime-namespace';
import {ROOT} from '../support/files';

type Compile = (source: string, options: Record<string, unknown>) => Promise<{toString(): string}>;

async function compile(source: string, options: Record<string, unknown> = {}): Promise<string> {
  // @mdx-js/mdx is ESM only; Docusaurus's mdx-loader compiles with the same options as here.
  const mdx = (await import('@mdx-js/mdx')) as unknown as {compile: Compile};
  return String(await mdx.compile(source, {providerImportSource: '@mdx-js/react', ...options}));
}

// The compiled pages import react and @mdx-js/react, so they are run from a folder that resolves the project's packages.
// Made on first use, so that a worker that runs no test of this file leaves no folder behind.
let runDir: string | undefined;
test.afterAll(() => {
  if (runDir) fs.rmSync(runDir, {recursive: true, force: true});
  runDir = undefined;
});
let runs = 0;

async function render(
  code: string,
  props: Record<string, unknown> = {},
): Promise<{html: string; module: Record<string, unknown>}> {
  if (!runDir) {
    // A fresh clone has no node_modules/.cache before its first build.
    const cache = path.join(ROOT, 'node_modules', '.cache');
    fs.mkdirSync(cache, {recursive: true});
    runDir = fs.mkdtempSync(path.join(cache, 'jsx-runtime-namespace-'));
  }
  const file = path.join(runDir, `page-${runs++}.mjs`);
  fs.writeFileSync(file, code);
  const module = (await import(pathToFileURL(file).href)) as Record<string, unknown> & {default: React.FC};
  return {html: renderToStaticMarkup(React.createElement(module.default, props)), module};
}

const runtimeImports = (code: string) =>
  code.split('\n').filter((l) => /^import .* from "react\/jsx(-dev)?-runtime";$/.test(l));

const PAGE = `
import {Fragment} from 'react';

export const badge = <strong className="badge">Beta</strong>;

# Zones and \`zoneMask\`

The camera reports a zone when *motion* starts, and every **event** has a [topic](/vireo/events/).

- one
- two with \`code\`

| Field | Meaning |
|---|---|
| \`trackId\` | The track. |

<Fragment><em>inline</em> {badge}</Fragment>

<Callout kind="note">A component from the provider, with {props.who ?? 'nobody'}.</Callout>
`;

const components = {
  Callout: ({kind, children}: {kind: string; children: React.ReactNode}) =>
    React.createElement('aside', {'data-kind': kind}, children),
};

test('the installed MDX imports the runtime by name, and the plugin makes that one namespace import and one destructuring', async () => {
  const before = await compile(PAGE);
  // What the plugin depends on: if an MDX upgrade stops emitting this, this test fails rather than the plugin doing nothing.
  expect(runtimeImports(before)).toEqual([
    'import {Fragment as _Fragment, jsx as _jsx, jsxs as _jsxs} from "react/jsx-runtime";',
  ]);
  const after = await compile(PAGE, {recmaPlugins: [recmaJsxRuntimeNamespace]});
  expect(runtimeImports(after)).toEqual(['import * as _jsxRuntime from "react/jsx-runtime";']);
  expect(after).toContain('const {Fragment: _Fragment, jsx: _jsx, jsxs: _jsxs} = _jsxRuntime;');
  // The destructuring comes before any statement that calls the runtime (here the exported element).
  expect(after.indexOf('= _jsxRuntime;')).toBeLessThan(after.indexOf('export const badge'));
  // The calls themselves are untouched.
  expect(after.match(/_jsxs?\(/g)?.length).toBe(before.match(/_jsxs?\(/g)?.length);
  expect(after.match(/_jsxs?\(/g)?.length).toBeGreaterThan(10);
});

test('a page renders the same with and without the plugin, a top-level element included', async () => {
  const props = {components, who: 'the integrator'};
  const plain = await render(await compile(PAGE), props);
  const rewritten = await render(await compile(PAGE, {recmaPlugins: [recmaJsxRuntimeNamespace]}), props);
  expect(rewritten.html).toBe(plain.html);
  expect(rewritten.html).toContain(
    '<aside data-kind="note">A component from the provider, with the integrator.</aside>',
  );
  expect(rewritten.html).toContain('<strong class="badge">Beta</strong>');
  expect(renderToStaticMarkup(rewritten.module.badge as React.ReactElement)).toBe(
    '<strong class="badge">Beta</strong>',
  );
});

test('the development runtime (npm start) is rewritten the same way, and renders the same', async () => {
  const code = await compile(PAGE, {development: true, recmaPlugins: [recmaJsxRuntimeNamespace]});
  expect(runtimeImports(code)).toEqual(['import * as _jsxRuntime from "react/jsx-dev-runtime";']);
  expect(code).toMatch(/const \{Fragment: _Fragment, jsxDEV: _jsxDEV\} = _jsxRuntime;/);
  const props = {components, who: 'dev'};
  expect((await render(code, props)).html).toBe((await render(await compile(PAGE, {development: true}), props)).html);
});

test("the namespace's name does not take a name the page uses", async () => {
  const page = `export const _jsxRuntime = 'mine';\nexport const _jsxRuntime2 = 'also mine';\n\n# Title {_jsxRuntime}\n`;
  const code = await compile(page, {recmaPlugins: [recmaJsxRuntimeNamespace]});
  expect(runtimeImports(code)).toEqual(['import * as _jsxRuntime3 from "react/jsx-runtime";']);
  const {html, module} = await render(code);
  expect(html).toBe('<h1>Title mine</h1>');
  expect([module._jsxRuntime, module._jsxRuntime2]).toEqual(['mine', 'also mine']);
});

const declaration = (source: string, specifiers: ImportDeclaration['specifiers']): ImportDeclaration => ({
  type: 'ImportDeclaration',
  source: {type: 'Literal', value: source},
  specifiers,
  attributes: [],
});
const id = (name: string) => ({type: 'Identifier' as const, name});

test('only imports of a JSX runtime with named specifiers are rewritten', () => {
  const taken = new Set<string>();
  const named = declaration('react/jsx-runtime', [{type: 'ImportSpecifier', imported: id('jsx'), local: id('_jsx')}]);
  expect(namespaceImport(named, taken)).toBeDefined();
  expect(namespaceImport(declaration('preact/jsx-runtime', named.specifiers), taken)).toBeDefined();
  // Another module, a default or namespace import, a bare import: left alone.
  expect(namespaceImport(declaration('react', named.specifiers), taken)).toBeUndefined();
  expect(namespaceImport(declaration('my-jsx-runtime-helpers', named.specifiers), taken)).toBeUndefined();
  expect(
    namespaceImport(declaration('react/jsx-runtime', [{type: 'ImportDefaultSpecifier', local: id('rt')}]), taken),
  ).toBeUndefined();
  expect(
    namespaceImport(declaration('react/jsx-runtime', [{type: 'ImportNamespaceSpecifier', local: id('rt')}]), taken),
  ).toBeUndefined();
  expect(namespaceImport(declaration('react/jsx-runtime', []), taken)).toBeUndefined();
  // A program without a runtime import is left as it was.
  const program = {
    type: 'Program' as const,
    sourceType: 'module' as const,
    body: [declaration('react', named.specifiers)],
  };
  const copy = structuredClone(program);
  bindJsxRuntimeOnce(program);
  expect(program).toEqual(copy);
});
