// The phases of a Docusaurus build, read from its output with DOCUSAURUS_PERF_LOGGER=true (the
// logger of @docusaurus/logger prints `[PERF] <parent> > <label> - <duration> - (Heap …)` when a
// timed step ends). Used by scripts/bench.mjs for the build profile it reports.

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
const LINE = /^\[PERF\](?:\[KO\])? (.+) - (\d+(?:\.\d+)?) (ms|seconds!)(?: - .*)?$/;

/**
 * Every timed step of a build's output, in the order they ended: its label path (parents first) and
 * milliseconds. Lines that are not the logger's are skipped; a `[PERF]` line it cannot read throws,
 * so a changed logger is noticed rather than giving an empty profile.
 * @param {string} output
 * @returns {{path: string[], ms: number}[]}
 */
export function parseBuildProfile(output) {
  const steps = [];
  for (const raw of output.split('\n')) {
    const line = raw.replace(ANSI, '').trim();
    if (!line.startsWith('[PERF]')) continue;
    const m = LINE.exec(line);
    if (!m) {
      // Memory snapshots (`PerfLogger.log`) have no duration.
      if (/^\[PERF\] .+ - \(Heap [^)]*\)$/.test(line)) continue;
      throw new Error(`build profile: cannot read the logger's line: ${line}`);
    }
    const ms = Number(m[2]) * (m[3] === 'ms' ? 1 : 1000);
    steps.push({path: m[1].split(' > '), ms: Math.round(ms)});
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
