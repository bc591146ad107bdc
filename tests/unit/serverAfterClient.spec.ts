/**
 * src/plugins/server-after-client: the server compiler waits for the client compiler. The names it
 * depends on are checked against Docusaurus's configs, and the ordering against Rspack itself (a
 * MultiCompiler of two small configs, as Docusaurus builds them), so an upgrade of either that
 * changes what the plugin relies on fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import type {Compiler, Configuration} from '@rspack/core';
import serverAfterClient, {compilerOrder} from '../../src/plugins/server-after-client';
import {inTempProject, runRspack} from '../support/rspack';

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
  const events: string[] = [];
  await inTempProject({'entry.js': 'export const answer = 42;\n'}, async (dir) => {
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
    await runRspack([
      {...config('server'), ...compilerOrder('server', true)},
      {...config('client'), ...compilerOrder('client', false)},
    ]);
  });
  expect(events).toEqual(['client starts', 'client done', 'server starts', 'server done']);
});
