/**
 * src/plugins/build-gate: a build process started early waits, before its plugins load content, until
 * scripts/build.mjs opens its gate. Checked on the waiting itself and on what makes waiting there safe:
 * Docusaurus creating every plugin (awaited together) before any loads content or writes a file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import buildGate from '../../src/plugins/build-gate';
import {GATE_ENV, LOADED_ENV, waitAtGate, waitForFile, waitingFile} from '../../src/plugins/build-gate/gate';

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lykta-gate-'));

test('a process waits at its gate until the file exists, and says it waits', async () => {
  const dir = tempDir();
  const gate = path.join(dir, 'gate');
  let passed = false;
  const waiting = waitAtGate(gate, () => false, 5).then(() => void (passed = true));
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(passed).toBe(false);
  expect(fs.readFileSync(waitingFile(gate), 'utf8')).toBe(String(process.pid));
  fs.writeFileSync(gate, 'open');
  await waiting;
  expect(passed).toBe(true);
});

test('a wait ends with an error when the process that would open the gate is gone', async () => {
  const gate = path.join(tempDir(), 'gate');
  let gone = false;
  const waiting = waitAtGate(gate, () => gone, 5);
  gone = true;
  await expect(waiting).rejects.toThrow(/was never created: the process that would create it ended/);
  await expect(waitForFile(path.join(tempDir(), 'never'), () => true)).rejects.toThrow(/never created/);
});

test('the plugin waits while the gate is shut, says when the site is loaded, and does nothing without the variables', async () => {
  const dir = tempDir();
  const saved = {gate: process.env[GATE_ENV], loaded: process.env[LOADED_ENV]};
  type Configure = (config: object, isServer: boolean) => object;
  try {
    delete process.env[GATE_ENV];
    delete process.env[LOADED_ENV];
    const inert = await buildGate();
    expect((inert.configureWebpack as Configure)({}, false)).toEqual({});
    expect(fs.readdirSync(dir)).toEqual([]);

    process.env[LOADED_ENV] = path.join(dir, 'loaded');
    process.env[GATE_ENV] = path.join(dir, 'gate');
    let created = false;
    const plugin = buildGate().then((p) => ((created = true), p));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fs.existsSync(waitingFile(path.join(dir, 'gate')))).toBe(true);
    expect(created).toBe(false);
    fs.writeFileSync(path.join(dir, 'gate'), 'open');
    const gated = await plugin;
    expect(gated.name).toBe('build-gate');
    // Docusaurus makes the bundler configs once the site is loaded: the client's, then the server's.
    expect(fs.existsSync(path.join(dir, 'loaded'))).toBe(false);
    (gated.configureWebpack as Configure)({}, false);
    expect(fs.readFileSync(path.join(dir, 'loaded'), 'utf8')).toBe(String(process.pid));
    (gated.configureWebpack as Configure)({}, true);
  } finally {
    for (const [name, value] of [
      [GATE_ENV, saved.gate],
      [LOADED_ENV, saved.loaded],
    ] as const)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  }
});

test('Docusaurus creates every plugin, awaited together, before any loads content', () => {
  const read = (request: string) => fs.readFileSync(require.resolve(request), 'utf8');
  const init = read('@docusaurus/core/lib/server/plugins/init.js');
  expect(init).toContain('const pluginInstance = await normalizedPluginConfig.plugin(context, pluginOptions);');
  expect(init).toContain('(await Promise.all(pluginConfigs.map(initializePlugin)))');
  const plugins = read('@docusaurus/core/lib/server/plugins/plugins.js');
  // The bundler configs, where the plugin says the site is loaded, are made after loading it.
  const build = read('@docusaurus/core/lib/commands/build/buildLocale.js');
  expect(build.indexOf('getBuildClientConfig({')).toBeGreaterThan(build.indexOf('(0, site_1.loadSite)('));
  const created = plugins.indexOf("PerfLogger.async('Init plugins'");
  const loaded = plugins.indexOf('executeAllPluginsContentLoading');
  expect(created).toBeGreaterThan(0);
  expect(plugins.indexOf('executeAllPluginsContentLoading', created)).toBeGreaterThan(created);
  expect(loaded).toBeGreaterThan(0);
  // The site is loaded (plugins created, content loaded, generated files written) before the build empties
  // the output directory.
  expect(build.indexOf('(0, site_1.loadSite)(')).toBeGreaterThan(0);
  expect(build.indexOf('(0, clearPath_1.default)(outDir)')).toBeGreaterThan(build.indexOf('(0, site_1.loadSite)('));
});
