// The pure parts of the cost curve (scripts/scale-content.mjs): which factors to build, how many
// synthetic pages each adds, reading GNU time's report and the process tree's memory, the growth per
// 1,000 pages, the budgets of the largest factor and the Markdown table. Unit-tested in
// tests/unit/scaleCurve.spec.ts.

import fs from 'node:fs';

/** Issue 13 item 5: at ten times the content the build stays under 5 minutes and 4 GB on this machine. */
export const SCALE_BUDGETS = {factor: 10, buildSeconds: 300, peakMemoryMB: 4096};

/**
 * `--factors=1,2,5,10` as sorted, distinct integers. Factor 1 (the site as it is) is always built,
 * first, unless the site's page count is given: it gives that count, which the other factors multiply.
 * @param {string} text
 * @param {boolean} pageCountGiven
 * @returns {number[]}
 */
export function parseFactors(text, pageCountGiven = false) {
  const factors = text.split(',').map((s) => s.trim());
  for (const f of factors)
    if (!/^\d+$/.test(f) || Number(f) < 1) throw new Error(`--factors: "${f}" is not a whole number of at least 1`);
  return [...new Set([...(pageCountGiven ? [] : [1]), ...factors.map(Number)])].sort((a, b) => a - b);
}

/**
 * Synthetic pages that make `factor` times the site: (factor − 1) × the site's page count.
 * @param {number} factor
 * @param {number} sitePages
 */
export function syntheticPagesFor(factor, sitePages) {
  if (!Number.isInteger(sitePages) || sitePages < 1) throw new Error(`the site's page count is ${sitePages}`);
  return (factor - 1) * sitePages;
}

/**
 * What GNU time's `-v` report says: the largest resident set of any one process it waited for (it is
 * the maximum over the processes, not their sum), CPU seconds and the exit status.
 * @param {string} stderr
 */
export function parseGnuTime(stderr) {
  const num = (re) => {
    const m = re.exec(stderr);
    if (!m) throw new Error(`GNU time's report has no ${re.source.split(' \\(')[0]}`);
    return Number(m[1]);
  };
  return {
    maxRssMB: Math.round(num(/Maximum resident set size \(kbytes\): (\d+)/) / 1024),
    cpuSeconds:
      Math.round((num(/User time \(seconds\): ([\d.]+)/) + num(/System time \(seconds\): ([\d.]+)/)) * 10) / 10,
    exitStatus: num(/Exit status: (\d+)/),
  };
}

/**
 * A process's parent and resident set from the text of `/proc/<pid>/stat`: the command name is in
 * parentheses and may hold spaces and parentheses itself, so fields are counted after its last `)`.
 * RSS is field 24, in pages.
 * @param {string} stat
 * @param {number} pageBytes
 */
export function parseProcStat(stat, pageBytes = 4096) {
  const close = stat.lastIndexOf(')');
  const pid = Number(stat.slice(0, stat.indexOf(' ')));
  const fields = stat.slice(close + 2).split(' ');
  // fields[0] is field 3 (state): field n is fields[n - 3].
  return {
    pid,
    name: stat.slice(stat.indexOf('(') + 1, close),
    ppid: Number(fields[1]),
    rssBytes: Number(fields[21]) * pageBytes,
  };
}

/** Every process on the machine, read from /proc (processes that end while being read are skipped). */
export function readProcesses() {
  const list = [];
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      list.push(parseProcStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')));
    } catch {
      // Gone already.
    }
  }
  return list;
}

/**
 * The resident memory of `root` and every process below it, and of the largest one.
 * @param {{pid: number, ppid: number, name: string, rssBytes: number}[]} processes
 * @param {number} root
 */
export function treeMemory(processes, root) {
  const children = new Map();
  for (const p of processes) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  let totalBytes = 0;
  let largest = {name: '', rssBytes: 0};
  const self = processes.find((p) => p.pid === root);
  const queue = self ? [self] : [];
  for (const p of queue) {
    totalBytes += p.rssBytes;
    if (p.rssBytes > largest.rssBytes) largest = p;
    queue.push(...(children.get(p.pid) ?? []));
  }
  return {totalBytes, processes: queue.length, largest: {name: largest.name, rssBytes: largest.rssBytes}};
}

/**
 * The build's step from a line of its output, or undefined: Docusaurus's PerfLogger (with
 * DOCUSAURUS_PERF_LOGGER=true) prints a step when it ends, and the site's postBuild plugins print a
 * line when they are done. A memory sample is labelled with the last step that ended before it.
 * @param {string} line
 */
export function stepOf(line) {
  // eslint-disable-next-line no-control-regex
  const plain = line.replace(/\u001b\[[0-9;]*m/g, '').trim();
  const perf = /^\[PERF\](?:\[KO\])? (?:Build > [^>]+ > )?(.+?) - \d/.exec(plain);
  if (perf) return perf[1];
  const plugin = /^\[([a-z-]+)\] ([^(]*)/.exec(plain);
  if (plugin) return `${plugin[1]}: ${plugin[2].trim()}`.slice(0, 80);
  return undefined;
}

/**
 * Least-squares slope of `y` over pages, per 1,000 pages, of the rows that have both.
 * @param {{pages: number}[]} rows
 * @param {(row: any) => number | undefined} y
 */
export function growthPer1000Pages(rows, y) {
  const pts = rows.map((r) => [r.pages, y(r)]).filter(([, v]) => typeof v === 'number' && Number.isFinite(v));
  if (pts.length < 2) return undefined;
  const mx = pts.reduce((s, [x]) => s + x, 0) / pts.length;
  const my = pts.reduce((s, [, v]) => s + v, 0) / pts.length;
  const sxx = pts.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  if (sxx === 0) return undefined;
  const slope = pts.reduce((s, [x, v]) => s + (x - mx) * (v - my), 0) / sxx;
  return Math.round(slope * 1000 * 10) / 10;
}

/**
 * What is over budget in the row of the budgets' factor (ten times the content): the build time, and
 * the peak memory, both GNU time's (one process) and the process tree's (all processes together).
 * A curve without that row is over budget too: the check must not pass by measuring less.
 * @param {{factor: number, buildSeconds: number, peakMemoryMB: number, peakTreeMemoryMB?: number}[]} rows
 */
export function scaleBudgetOverruns(rows, budgets = SCALE_BUDGETS) {
  const row = rows.find((r) => r.factor === budgets.factor);
  if (!row) return [`no ${budgets.factor}× row to check`];
  const over = [];
  if (!(row.buildSeconds < budgets.buildSeconds))
    over.push(`${budgets.factor}× build ${row.buildSeconds} s ≥ ${budgets.buildSeconds} s`);
  if (!(row.peakMemoryMB < budgets.peakMemoryMB))
    over.push(`${budgets.factor}× peak memory ${row.peakMemoryMB} MB ≥ ${budgets.peakMemoryMB} MB`);
  if (row.peakTreeMemoryMB !== undefined && !(row.peakTreeMemoryMB < budgets.peakMemoryMB))
    over.push(`${budgets.factor}× process-tree peak memory ${row.peakTreeMemoryMB} MB ≥ ${budgets.peakMemoryMB} MB`);
  return over;
}

const fmt = (n) => (n === undefined ? '–' : n.toLocaleString('en-GB'));

/**
 * The curve as a Markdown table, one row per factor.
 * @param {any[]} rows
 */
export function scaleTable(rows) {
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const firstResults = (r) => (r.search?.length ? median(r.search.map((s) => s.firstResultsMs)) : undefined);
  const allResults = (r) => (r.search?.length ? median(r.search.map((s) => s.allResultsMs)) : undefined);
  return [
    '| factor | pages | build s | peak MB (GNU time, one process) | peak MB (process tree) at step | output MB (HTML+JS+CSS gzip) | largest page | largest search file gzip KB | first results ms (median of pages) | all collections ms |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.factor}× | ${fmt(r.pages)} | ${fmt(r.buildSeconds)} | ${fmt(r.peakMemoryMB)} | ${fmt(r.peakTreeMemoryMB)}${r.peakTreeStep ? ` (after ${r.peakTreeStep})` : ''} | ${fmt(r.outputMB)} (${fmt(r.textGzipMB)}) | ${r.largestPage ? `${fmt(Math.round(r.largestPage.bytes / 1024))} KB \`${r.largestPage.path}\`` : '–'} | ${r.largestSearchFile ? `${fmt(r.largestSearchFile.gzipKB)} \`${r.largestSearchFile.file}\`` : '–'} | ${fmt(firstResults(r))} | ${fmt(allResults(r))} |`,
    ),
  ].join('\n');
}
