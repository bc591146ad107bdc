/**
 * src/plugins/bundler-memory: production bundling without Rspack's incremental passes, and the
 * JavaScript heap collected at the bundler's phase boundaries when the process exposes gc. The Rspack
 * behaviour it relies on (incremental passes on by default in production, off with `false`; the hooks
 * it collects at) is checked against the installed Rspack.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {rspack, type Compiler, type Configuration} from '@rspack/core';
import bundlerMemory, {bundlerMemoryConfig} from '../../src/plugins/bundler-memory';
import {CollectAtPhaseBoundaries, exposedGc, GC_KEY} from '../../src/plugins/bundler-memory/heap';
import {inTempProject, runRspack} from '../support/rspack';

test('production builds turn the incremental passes off and collect when gc is exposed; other modes are left alone', () => {
  const gc = () => {};
  expect(bundlerMemoryConfig('development', gc)).toEqual({});
  expect(bundlerMemoryConfig(undefined, gc)).toEqual({});
  const withoutGc = bundlerMemoryConfig('production', undefined);
  expect(withoutGc.experiments).toEqual({incremental: false});
  expect(withoutGc.plugins).toBeUndefined();
  const withGc = bundlerMemoryConfig('production', gc);
  expect(withGc.experiments).toEqual({incremental: false});
  expect(withGc.plugins).toHaveLength(1);
  expect(withGc.plugins![0]).toBeInstanceOf(CollectAtPhaseBoundaries);
  expect(exposedGc({})).toBeUndefined();
  expect(exposedGc({[GC_KEY]: gc})).toBe(gc);
  expect(exposedGc({gc} as object)).toBeUndefined();
  const configure = bundlerMemory().configureWebpack as (config: {mode?: string}) => unknown;
  expect(configure({mode: 'development'})).toEqual({});
});

test("Rspack's incremental passes are on by default in a production build and off with incremental: false", () => {
  const options = (config: Configuration) =>
    rspack({mode: 'production', context: os.tmpdir(), entry: './x.js', ...config}).options;
  const defaults = options({}).experiments.incremental;
  // If an upgrade turns them off by default, this plugin's first half does nothing and the README says otherwise.
  expect(
    defaults && typeof defaults === 'object' && Object.values(defaults).filter((v) => v === true).length,
  ).toBeGreaterThan(5);
  expect(options({experiments: {incremental: false}}).experiments.incremental).toBe(false);
});

test('the heap is collected after the make phase, at the seal and when the compiler is done, in that order', async () => {
  const events: string[] = [];
  const files = {
    'entry.js': 'export default () => import("./page.js");\n',
    'page.js': 'export const title = "A page";\n',
  };
  await inTempProject(files, async (dir) => {
    const recorder = {
      apply(compiler: Compiler) {
        compiler.hooks.finishMake.tap('test', () => void events.push('finishMake'));
        compiler.hooks.compilation.tap('test', (c) => c.hooks.seal.tap('test', () => void events.push('seal')));
        compiler.hooks.done.tap('test', () => void events.push('done'));
      },
    };
    const config = bundlerMemoryConfig('production', () => void events.push('collect'));
    await runRspack({
      mode: 'production',
      context: dir,
      entry: './entry.js',
      output: {path: path.join(dir, 'out')},
      experiments: config.experiments,
      plugins: [recorder, ...(config.plugins ?? [])],
    });
  });
  expect(events).toEqual(['finishMake', 'collect', 'seal', 'collect', 'done', 'collect']);
});

test("the bundling process's preload keeps gc for the plugin and clears the global one Docusaurus's perf logger calls", () => {
  const takeGc = path.resolve(__dirname, '../../src/plugins/bundler-memory/takeGc.cjs');
  const probe = `const k = Symbol.for('lykta.bundler-memory.gc'); console.log(JSON.stringify([typeof globalThis.gc, typeof globalThis[k]]));`;
  const run = (flags: string[]) =>
    JSON.parse(execFileSync(process.execPath, [...flags, '-e', probe], {encoding: 'utf8'})) as string[];
  expect(run(['--expose-gc', '--require', takeGc])).toEqual(['undefined', 'function']);
  expect(run(['--require', takeGc])).toEqual(['undefined', 'undefined']);
  // What the preload protects against: Docusaurus's logger collects whenever a global gc is there.
  const logger = fs.readFileSync(require.resolve('@docusaurus/logger/lib/perfLogger.js'), 'utf8');
  expect(logger).toContain('globalThis.gc?.();');
  // And the build starts the bundling process with both.
  const build = fs.readFileSync(path.resolve(__dirname, '../../scripts/build.mjs'), 'utf8');
  expect(build).toContain("['--expose-gc', '--require', TAKE_GC]");
});
