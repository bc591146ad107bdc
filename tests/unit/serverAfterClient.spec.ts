/**
 * src/plugins/server-after-client: the server compiler waits for the client compiler. The names it
 * depends on are checked against Docusaurus's configs, and the ordering against Rspack itself (a
 * MultiCompiler of two small configs, as Docusaurus builds them), so an upgrade of either that
 * changes what the plugin relies on fails here.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {rspack, type Compiler, type Configuration} from '@rspack/core';
import serverAfterClient, {compilerOrder} from '../../src/plugins/server-after-client';

test('the server compiler depends on the client compiler; other names fail the build', () => {
  expect(compilerOrder('server', true)).toEqual({dependencies: ['client']});
  expect(compilerOrder('client', false)).toEqual({});
  expect(() => compilerOrder('Server', true)).toThrow(/named its server compiler "Server"/);
  expect(() => compilerOrder(undefined, false)).toThrow(/named its client compiler undefined/);
  const plugin = serverAfterClient();
  const configure = plugin.configureWebpack as (config: {name?: string}, isServer: boolean) => unknown;
  expect(configure({name: 'server'}, true)).toEqual({dependencies: ['client']});
});

test("Docusaurus names its compilers 'client' and 'server'", () => {
  // The names come from @docusaurus/core's base config; its loaders accept no others.
  const base = fs.readFileSync(require.resolve('@docusaurus/core/lib/webpack/base.js'), 'utf8');
  expect(base).toContain("const name = isServer ? 'server' : 'client';");
});

test('Rspack runs a compiler after the compilers it depends on', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-after-client-'));
  try {
    fs.writeFileSync(path.join(dir, 'entry.js'), 'export const answer = 42;\n');
    const events: string[] = [];
    const config = (name: string): Configuration => ({
      name,
      mode: 'production',
      context: dir,
      entry: './entry.js',
      output: {path: path.join(dir, name)},
      plugins: [
        {
          apply(compiler: Compiler) {
            compiler.hooks.run.tap('order', () => void events.push(`${name} starts`));
            compiler.hooks.done.tap('order', () => void events.push(`${name} done`));
          },
        },
      ],
    });
    // Listed server first, as nothing but the dependency puts the client before it.
    const server = {...config('server'), ...compilerOrder('server', true)};
    const client = {...config('client'), ...compilerOrder('client', false)};
    await new Promise<void>((resolve, reject) => {
      const compiler = rspack([server, client]);
      compiler.run((error, stats) => {
        if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
        else compiler.close(() => resolve());
      });
    });
    expect(events).toEqual(['client starts', 'client done', 'server starts', 'server done']);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
});
