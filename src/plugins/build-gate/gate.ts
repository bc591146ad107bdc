/**
 * The two signals between scripts/build.mjs and the processes of the production build (the build-gate
 * plugin, index.ts, sends them from inside each process). Files, as the script and the processes share
 * nothing else.
 */
import fs from 'node:fs';

/** A file the process creates once it has loaded the site, when its bundler configs are made. */
export const LOADED_ENV = 'LYKTA_BUILD_LOADED';
/** A file the process waits for before its plugins load content; the script creates it. */
export const GATE_ENV = 'LYKTA_BUILD_GATE';
/** The label of the wait in Docusaurus's perf log, which scripts/build-profile.mjs takes out of the steps around it. */
export const WAIT_LABEL = 'Waiting for the build process ahead';

/** The file a process writes when it starts to wait at `gate`. */
export const waitingFile = (gate: string): string => `${gate}.waiting`;

/** Resolves once `file` exists; rejects when `gone()` says whoever would create it has ended. */
export async function waitForFile(file: string, gone: () => boolean, intervalMs = 25): Promise<void> {
  while (!fs.existsSync(file)) {
    if (gone()) throw new Error(`build-gate: ${file} was never created: the process that would create it ended`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Waits at `gate`, saying so first in `waitingFile(gate)`. */
export async function waitAtGate(gate: string, parentGone: () => boolean, intervalMs = 25): Promise<void> {
  fs.writeFileSync(waitingFile(gate), String(process.pid));
  await waitForFile(gate, parentGone, intervalMs);
}
