/**
 * src/plugins/server-process: with LYKTA_BUNDLE_ONLY a build process runs one of Docusaurus's two
 * compilers, and the MDX pages the client process compiled are handed to the server process. The
 * hand-off loader is checked with real Rspack builds (a client build that writes, a server build that
 * reads with the page loader made to fail if it runs); what the plugin relies on in Docusaurus is read
 * from the installed packages, so an upgrade that changes it fails here.
 */
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import type {Compiler, Configuration} from '@rspack/core';
import serverProcess, {
  applyServerProcess,
  bundleOnly,
  insertHandoff,
  HANDOFF_LOADER,
  MDX_LOADER,
  type BundlerConfig,
} from '../../src/plugins/server-process';
import {inTempProject, runRspack} from '../support/rspack';

// The module Rspack loads as the loader (Node's require cache), so its counts are the builds' counts.
const {handoffFile, SUMMARY_FILE, writeSummaries} = createRequire(HANDOFF_LOADER)(HANDOFF_LOADER) as {
  handoffFile: (dir: string, resource: string) => string;
  SUMMARY_FILE: string;
  writeSummaries: () => void;
};

const only = (side: 'client' | 'server') => ({side, handoffDir: '/tmp/handoff'}) as const;

/** A config shaped as Docusaurus hands it to configureWebpack: a docs rule and the blog's two-loader rule. */
function docusaurusLikeConfig(name: string): BundlerConfig {
  const cache = new Map();
  return {
    name,
    mode: 'production',
    entry: {main: './clientEntry.js'},
    plugins: [{apply() {}}],
    cache: true,
    experiments: {cache: {type: 'persistent', version: 'v'}, incremental: false},
    module: {
      rules: [
        {test: /\.css$/, use: ['css-loader']},
        {
          test: /\.mdx?$/,
          include: ['/site/docs/'],
          use: [{loader: MDX_LOADER, options: {crossCompilerCache: cache, siteDir: '/site'}}],
        },
        {
          include: ['/site/blog/'],
          oneOf: [
            {
              test: /\.mdx?$/,
              use: [
                {loader: MDX_LOADER, options: {crossCompilerCache: cache, truncate: true}},
                {loader: '/blog/markdownLoader.js'},
              ],
            },
          ],
        },
      ],
    },
  };
}

test('LYKTA_BUNDLE_ONLY and LYKTA_MDX_HANDOFF: both compilers when unset, a clear error when wrong', () => {
  expect(bundleOnly({})).toBeUndefined();
  expect(bundleOnly({LYKTA_BUNDLE_ONLY: ''})).toBeUndefined();
  expect(bundleOnly({LYKTA_BUNDLE_ONLY: 'server', LYKTA_MDX_HANDOFF: '/h'})).toEqual({
    side: 'server',
    handoffDir: '/h',
  });
  expect(() => bundleOnly({LYKTA_BUNDLE_ONLY: 'both', LYKTA_MDX_HANDOFF: '/h'})).toThrow(/takes "client" or "server"/);
  expect(() => bundleOnly({LYKTA_BUNDLE_ONLY: 'client'})).toThrow(/needs LYKTA_MDX_HANDOFF/);
  expect(() => bundleOnly({LYKTA_MDX_HANDOFF: '/h'})).toThrow(/without LYKTA_BUNDLE_ONLY/);
});

test('the compiler a process does not run builds nothing and keeps no cache', () => {
  const server = docusaurusLikeConfig('server');
  applyServerProcess(server, true, only('client'));
  expect(server.entry).toEqual({});
  expect(server.plugins).toEqual([]);
  expect(server.cache).toBe(false);
  expect(server.experiments).toEqual({cache: false, incremental: false});
  const client = docusaurusLikeConfig('client');
  applyServerProcess(client, false, only('server'));
  expect(client.entry).toEqual({});
  expect(client.plugins).toEqual([]);
});

test('the compiler a process runs gets the hand-off loader outermost on every MDX page, without the cross-compiler cache', () => {
  for (const [name, side, mode] of [
    ['client', 'client', 'write'],
    ['server', 'server', 'read'],
  ] as const) {
    const config = docusaurusLikeConfig(name);
    applyServerProcess(config, side === 'server', only(side));
    expect(config.entry).toEqual({main: './clientEntry.js'});
    const handoff = {loader: HANDOFF_LOADER, options: {mode, dir: '/tmp/handoff'}};
    const [docsPost, blogPost, css, docs, blog] = config.module!.rules as {
      use?: unknown[];
      oneOf?: {use: unknown[]}[];
    }[];
    // `post` rules first of all, with the conditions of the MDX rules (the blog's nested in its parent's).
    expect(docsPost).toEqual({test: /\.mdx?$/, include: ['/site/docs/'], enforce: 'post', use: [handoff]});
    expect(blogPost).toEqual({include: ['/site/blog/'], rules: [{test: /\.mdx?$/, enforce: 'post', use: [handoff]}]});
    expect(css.use).toEqual(['css-loader']);
    expect(docs.use).toEqual([{loader: MDX_LOADER, options: {siteDir: '/site'}}]);
    expect(blog.oneOf![0].use).toEqual([
      {loader: MDX_LOADER, options: {truncate: true}},
      {loader: '/blog/markdownLoader.js'},
    ]);
  }
  // A rules list both configs share gets the loader once.
  const rules: unknown[] = [{test: /\.md$/, use: [{loader: MDX_LOADER}]}];
  expect(insertHandoff(rules, 'write', '/h')).toBe(1);
  expect(insertHandoff(rules, 'write', '/h')).toBe(1);
  expect(rules).toHaveLength(2);
});

test('a one-process production build passes pages through the same loaders; npm start is left alone; a renamed compiler or no MDX rule fails the build', () => {
  const json = (config: BundlerConfig) =>
    JSON.stringify(config, (_k, v: unknown) => (v instanceof RegExp ? String(v) : v));
  const one = docusaurusLikeConfig('client');
  const cache = (one.module!.rules![1] as {use: {options: {crossCompilerCache: unknown}}[]}).use[0]!.options
    .crossCompilerCache;
  applyServerProcess(one, false, undefined);
  const [docsPost, , , docs, blog] = one.module!.rules as {
    use?: {loader: string; options: Record<string, unknown>}[];
    oneOf?: {use: unknown[]}[];
  }[];
  expect(docsPost.use).toEqual([{loader: HANDOFF_LOADER, options: {mode: 'pass'}}]);
  // Docusaurus's cache stays: the two compilers of the one process share it.
  expect(docs.use!.map((u) => u.loader)).toEqual([MDX_LOADER]);
  expect(docs.use![0]!.options.crossCompilerCache).toBe(cache);
  expect(blog.oneOf![0]!.use).toHaveLength(2);
  const dev = {...docusaurusLikeConfig('client'), mode: 'development'};
  const before = json(dev);
  applyServerProcess(dev, false, only('client'));
  expect(json(dev)).toBe(before);
  expect(() => applyServerProcess(docusaurusLikeConfig('Server'), true, undefined)).toThrow(
    /named its server compiler "Server"/,
  );
  expect(() =>
    applyServerProcess({name: 'server', mode: 'production', module: {rules: []}}, true, only('server')),
  ).toThrow(/no rule of the server config uses/);
  // The Docusaurus plugin reads the variables when it is created.
  const saved = process.env.LYKTA_BUNDLE_ONLY;
  process.env.LYKTA_BUNDLE_ONLY = 'neither';
  try {
    expect(() => serverProcess()).toThrow(/takes "client" or "server"/);
  } finally {
    if (saved === undefined) delete process.env.LYKTA_BUNDLE_ONLY;
    else process.env.LYKTA_BUNDLE_ONLY = saved;
  }
});

test('Docusaurus: compilers named client and server, MDX rules with the resolved mdx-loader, the cross-compiler cache option', () => {
  const read = (request: string) => fs.readFileSync(require.resolve(request), 'utf8');
  expect(read('@docusaurus/core/lib/webpack/base.js')).toContain("const name = isServer ? 'server' : 'client';");
  expect(read('@docusaurus/mdx-loader/lib/createMDXLoader.js')).toContain(
    "loader: require.resolve('@docusaurus/mdx-loader'),",
  );
  const loader = read('@docusaurus/mdx-loader/lib/loader.js');
  expect(loader).toContain('const { crossCompilerCache } = options;');
  expect(loader).toMatch(/if \(!crossCompilerCache\) \{\s*return loadMDX\(/);
  // The blog's MDX rule, the one with a loader behind the MDX loader.
  expect(read('@docusaurus/plugin-content-blog/lib/index.js')).toContain(
    'use: [mdxLoaderItem, createBlogMarkdownLoader()],',
  );
});

/**
 * A stand-in for the MDX loader: turns a page into a module and adds a file dependency, as the real one
 * does for partials; and records in this process's registry a file the page was "rendered from", as the
 * site's remark plugins do, for the `post` loader below to declare. With `fail` it throws, for the server
 * build.
 */
const PAGE_LOADER = `
const path = require('node:path');
module.exports = function (source) {
  if (this.getOptions().fail) throw new Error('the page loader ran in the server build');
  this.addDependency(path.join(this.rootContext, 'partial.txt'));
  const registry = (globalThis[Symbol.for('lykta.test.rendered-from')] ??= new Map());
  registry.set(this.resourcePath, [path.join(this.rootContext, 'document.yaml')]);
  const query = this.resourceQuery || '';
  return 'export default ' + JSON.stringify(source.trim() + query) + ';\\n';
};
`;

/** The site's remark-file-dependencies loader in small: a `post` loader declaring what the registry holds. */
const RENDERED_FROM_LOADER = `
module.exports = function (source) {
  const registry = globalThis[Symbol.for('lykta.test.rendered-from')];
  for (const file of (registry && registry.get(this.resourcePath)) || []) this.addDependency(file);
  return source;
};
`;

interface HandoffResult {
  client: string;
  server: string;
  serverDependencies: string[];
  /** The server build's counts, as the server process writes them when it ends. */
  summary: () => unknown;
}

async function handoffBuilds(dir: string, change?: () => void, pageLoaderInServer = false): Promise<HandoffResult> {
  const handoff = path.join(dir, 'handoff');
  fs.mkdirSync(handoff, {recursive: true});
  const serverDependencies: string[] = [];
  const pageLoader = path.join(dir, 'page-loader.cjs');
  // The rules as the plugin leaves them: the page rule, the remark-file-dependencies-like `post` rule, and
  // the hand-off loader's `post` rule put first.
  const rules = (name: 'client' | 'server') => {
    const list: unknown[] = [
      {test: /\.md$/, use: [{loader: pageLoader, options: {fail: name === 'server' && !pageLoaderInServer}}]},
      {test: /\.md$/, enforce: 'post', use: [{loader: path.join(dir, 'rendered-from-loader.cjs')}]},
    ];
    expect(insertHandoff(list, name === 'client' ? 'write' : 'read', handoff, pageLoader)).toBe(1);
    return list as NonNullable<Configuration['module']>['rules'];
  };
  const config = (name: 'client' | 'server'): Configuration => ({
    name,
    mode: 'production',
    context: dir,
    target: name === 'server' ? 'node' : 'web',
    entry: './entry.js',
    output: {path: path.join(dir, name), library: {type: 'commonjs2'}},
    optimization: {minimize: false},
    module: {rules: rules(name)},
    plugins: [
      {
        apply(compiler: Compiler) {
          if (name === 'server')
            compiler.hooks.done.tap('deps', (stats) => {
              serverDependencies.push(...stats.compilation.fileDependencies);
            });
        },
      },
    ],
  });
  await runRspack(config('client'));
  // The server process starts with an empty registry: only the hand-off can give the server build those files.
  (globalThis as Record<symbol, unknown>)[Symbol.for('lykta.test.rendered-from')] = new Map();
  change?.();
  await runRspack(config('server'));
  const run = (name: string) => {
    const exported = {} as {default?: {pages: string[]}};
    const module = {exports: exported};
    new Function('module', 'exports', 'require', fs.readFileSync(path.join(dir, name, 'main.js'), 'utf8'))(
      module,
      exported,
      require,
    );
    return JSON.stringify((module.exports as {pages: string[]}).pages);
  };
  const summary = () => {
    // The loader writes the counts when its process ends; a test's process goes on, so this writes them now.
    writeSummaries();
    return JSON.parse(fs.readFileSync(path.join(handoff, SUMMARY_FILE), 'utf8'));
  };
  return {client: run('client'), server: run('server'), serverDependencies, summary};
}

const PROJECT = {
  'entry.js':
    "import a from './a.md';\nimport b from './b.md?truncated';\nimport b2 from './b.md';\nexport const pages = [a, b, b2];\n",
  'a.md': 'Page A\n',
  'b.md': 'Page B\n',
  'partial.txt': 'shared\n',
  'document.yaml': 'openapi: 3.1.0\n',
  'page-loader.cjs': PAGE_LOADER,
  'rendered-from-loader.cjs': RENDERED_FROM_LOADER,
};

test('the server build takes each page the client build compiled, by resource, with its dependencies', async () => {
  await inTempProject(PROJECT, async (dir) => {
    const {client, server, serverDependencies, summary} = await handoffBuilds(dir);
    expect(client).toBe(JSON.stringify(['Page A', 'Page B?truncated', 'Page B']));
    expect(server).toBe(client);
    expect(serverDependencies).toContain(path.join(dir, 'partial.txt'));
    expect(serverDependencies).toContain(path.join(dir, 'a.md'));
    // Added by the `post` loader in the client build, after the MDX loader: the hand-off runs after it.
    expect(serverDependencies).toContain(path.join(dir, 'document.yaml'));
    expect(summary()).toEqual({handedOver: 3, compiledAgain: 0});
  });
});

test('a page not handed over is compiled in the server build and counted; one changed between the builds fails it', async () => {
  await inTempProject(PROJECT, async (dir) => {
    const removeA = () => fs.rmSync(handoffFile(path.join(dir, 'handoff'), path.join(dir, 'a.md')));
    const {client, server, summary} = await handoffBuilds(dir, removeA, true);
    expect(server).toBe(client);
    expect(summary()).toEqual({handedOver: 2, compiledAgain: 1});
  });
  await inTempProject(PROJECT, async (dir) => {
    const changed = handoffBuilds(dir, () => fs.writeFileSync(path.join(dir, 'a.md'), 'Page A, edited\n'));
    await expect(changed).rejects.toThrow(/a\.md changed while the site was being built; build again/);
  });
});

test('the hand-off loader refuses options it does not know', async () => {
  await inTempProject(PROJECT, async (dir) => {
    const config: Configuration = {
      mode: 'production',
      context: dir,
      entry: './a.md',
      output: {path: path.join(dir, 'out')},
      module: {rules: [{test: /\.md$/, use: [{loader: HANDOFF_LOADER, options: {mode: 'copy'}}]}]},
    };
    await expect(runRspack(config)).rejects.toThrow(/needs \{mode: 'write' \| 'read', dir\} or \{mode: 'pass'\}/);
  });
});
