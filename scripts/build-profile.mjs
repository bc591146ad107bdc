// The phases of a Docusaurus build, read from its output with DOCUSAURUS_PERF_LOGGER=true (the
// logger of @docusaurus/logger prints `[PERF] <parent> > <label> - <duration> - (Heap …)` when a
// timed step ends). Used by scripts/bench.mjs for the build profile it reports.

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
const LINE = /^\[PERF\](?:\[KO\])? (.+) - (\d+(?:\.\d+)?) (ms|seconds!)(?: - .*)?$/;

/**
 * The step a process of scripts/build.mjs logs while it waits for the process ahead (src/plugins/build-gate,
 * its WAIT_LABEL; tests/unit/buildProfile.spec.ts checks they agree). It is idle time, not the build's work:
 * parseBuildProfile takes it out of the steps around it and leaves it out.
 */
export const WAIT_STEP = 'Waiting for the build process ahead';

/**
 * Every timed step of a build's output, in the order they ended: its label path (parents first) and
 * milliseconds, without the waits of scripts/build.mjs's processes (WAIT_STEP, subtracted from the steps
 * that hold it, in the order they end). Lines that are not the logger's are skipped; a `[PERF]` line it
 * cannot read throws, so a changed logger is noticed rather than giving an empty profile.
 * @param {string} output
 * @returns {{path: string[], ms: number}[]}
 */
export function parseBuildProfile(output) {
  const steps = [];
  // Per parent path, the waits still to take out of the next step of that path to end.
  const waits = new Map();
  for (const raw of output.split('\n')) {
    const line = raw.replace(ANSI, '').trim();
    if (!line.startsWith('[PERF]')) continue;
    const m = LINE.exec(line);
    if (!m) {
      // Memory snapshots (`PerfLogger.log`) have no duration.
      if (/^\[PERF\] .+ - \(Heap [^)]*\)$/.test(line)) continue;
      throw new Error(`build profile: cannot read the logger's line: ${line}`);
    }
    const ms = Math.round(Number(m[2]) * (m[3] === 'ms' ? 1 : 1000));
    const path = m[1].split(' > ');
    if (path.at(-1) === WAIT_STEP) {
      for (let i = 1; i < path.length; i++) {
        const parent = path.slice(0, i).join(' > ');
        waits.set(parent, [...(waits.get(parent) ?? []), ms]);
      }
      continue;
    }
    const pending = waits.get(path.join(' > '));
    const waited = pending?.shift() ?? 0;
    steps.push({path, ms: Math.max(0, ms - waited)});
  }
  return steps;
}

/**
 * The steps at most `depth` levels below the locale's build (`Build > <locale> > …`), the locale's
 * own prefix dropped, each at least `minMs` long: what the README's profile table lists.
 * @param {{path: string[], ms: number}[]} steps
 */
export function buildPhases(steps, depth = 2, minMs = 300) {
  return steps
    .filter((s) => s.path[0] === 'Build' && s.path.length >= 3 && s.path.length <= 2 + depth && s.ms >= minMs)
    .map((s) => ({phase: s.path.slice(2).join(' > '), ms: s.ms}));
}
