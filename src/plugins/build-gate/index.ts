/**
 * Docusaurus plugin (part of the `bundlerProcess` customisation): lets scripts/build.mjs start each process
 * of the production build before the one ahead of it has finished. A process started with
 * LYKTA_BUILD_GATE=<file> waits while its plugins are being created, until the script creates that file:
 * by then it has started Node, read the site's config, loaded the context (Git history included) and
 * created every other plugin, about 2.5 s a process at today's size, done while the process ahead works.
 *
 * Waiting there is safe because nothing before it writes: Docusaurus loads plugin content, writes its
 * generated files (`.docusaurus/`) and empties the output directory only once every plugin is created
 * (it awaits them together), and the site's plugins write nothing when created. With
 * LYKTA_BUILD_LOADED=<file> the process creates that file once it has loaded the site (when its bundler
 * configs are made): the script starts the next process only then, so the next one's start does not
 * slow this one's loading, and no two processes read the config at once (its transpiled files are
 * cached on disk, written without a lock). The process writes `<gate>.waiting` when it starts to wait,
 * which the script checks afterwards, so a process that did not wait fails the build. It gives up when
 * the script that started it is gone. Without either variable (`npm start`, a one-process build) it
 * does nothing.
 */
import fs from 'node:fs';
import {PerfLogger} from '@docusaurus/logger';
import type {Plugin} from '@docusaurus/types';
import {GATE_ENV, LOADED_ENV, WAIT_LABEL, waitAtGate} from './gate';

export default async function buildGate(): Promise<Plugin> {
  const gate = process.env[GATE_ENV];
  if (gate) {
    const parent = process.ppid;
    await PerfLogger.async(WAIT_LABEL, () => waitAtGate(gate, () => process.ppid !== parent));
  }
  const loaded = process.env[LOADED_ENV];
  return {
    name: 'build-gate',
    configureWebpack() {
      if (loaded && !fs.existsSync(loaded)) fs.writeFileSync(loaded, String(process.pid));
      return {};
    },
  };
}
