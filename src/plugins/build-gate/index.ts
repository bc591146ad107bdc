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
 * LYKTA_BUILD_STARTED=<file> the process creates that file first: the script starts the next process
 * only then, so no two processes read the config at once (the config's transpiled files are cached on
 * disk, written without a lock). The process writes `<gate>.waiting` when it starts to wait, which the
 * script checks afterwards, so a process that did not wait fails the build. It gives up when the script
 * that started it is gone. Without either variable (`npm start`, a one-process build) it does nothing.
 */
import fs from 'node:fs';
import {PerfLogger} from '@docusaurus/logger';
import type {Plugin} from '@docusaurus/types';
import {GATE_ENV, STARTED_ENV, WAIT_LABEL, waitAtGate} from './gate';

export default async function buildGate(): Promise<Plugin> {
  const started = process.env[STARTED_ENV];
  if (started) fs.writeFileSync(started, String(process.pid));
  const gate = process.env[GATE_ENV];
  if (gate) {
    const parent = process.ppid;
    await PerfLogger.async(WAIT_LABEL, () => waitAtGate(gate, () => process.ppid !== parent));
  }
  return {name: 'build-gate'};
}
