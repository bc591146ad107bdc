import {test, expect} from '@playwright/test';
import {
  SCALE_BUDGETS,
  growthPer1000Pages,
  parseFactors,
  parseGnuTime,
  parseProcStat,
  scaleBudgetOverruns,
  scaleTable,
  stepOf,
  syntheticPagesFor,
  treeMemory,
  readProcesses,
} from '../../scripts/scale-curve.mjs';

// The tail of GNU time's `-v` report, as /usr/bin/time prints it.
const gnuTime = [
  '\tCommand being timed: "npx docusaurus build"',
  '\tUser time (seconds): 301.52',
  '\tSystem time (seconds): 24.08',
  '\tPercent of CPU this job got: 147%',
  '\tElapsed (wall clock) time (h:mm:ss or m:ss): 3:41.07',
  '\tMaximum resident set size (kbytes): 8703180',
  '\tExit status: 0',
].join('\n');

test('factors: sorted, distinct, factor 1 always first; anything else is refused', () => {
  expect(parseFactors('1,2,5,10')).toEqual([1, 2, 5, 10]);
  expect(parseFactors('10,2')).toEqual([1, 2, 10]);
  expect(parseFactors('2, 2,1')).toEqual([1, 2]);
  // With the site's page count given, only the factors asked for.
  expect(parseFactors('10', true)).toEqual([10]);
  for (const bad of ['0', '1.5', 'ten', '2,,5', '-3']) expect(() => parseFactors(bad)).toThrow(/--factors/);
});

test('factor k adds (k − 1) × the site’s page count; factor 1 adds none', () => {
  expect(syntheticPagesFor(1, 444)).toBe(0);
  expect(syntheticPagesFor(2, 444)).toBe(444);
  expect(syntheticPagesFor(10, 444)).toBe(3996);
  expect(() => syntheticPagesFor(10, 0)).toThrow(/page count/);
  expect(() => syntheticPagesFor(10, Number.NaN)).toThrow(/page count/);
});

test('GNU time: max RSS in MB, CPU seconds, exit status; a report without them fails', () => {
  expect(parseGnuTime(gnuTime)).toEqual({maxRssMB: 8499, cpuSeconds: 325.6, exitStatus: 0});
  expect(() => parseGnuTime('Command exited with non-zero status 1')).toThrow(/Maximum resident set size/);
});

test('/proc/<pid>/stat: parent and resident set, with a command name holding spaces and parentheses', () => {
  const fields = (pid: number, name: string, ppid: number, rssPages: number) =>
    `${pid} (${name}) S ${ppid} ${Array.from({length: 19}, (_, i) => i + 100).join(' ')} ${rssPages} 18446744073709551615 1 1 0 0`;
  expect(parseProcStat(fields(4242, 'node', 4200, 1000))).toEqual({
    pid: 4242,
    name: 'node',
    ppid: 4200,
    rssBytes: 4096000,
  });
  expect(parseProcStat(fields(7, 'chrome (gpu) x', 6, 2))).toMatchObject({
    pid: 7,
    name: 'chrome (gpu) x',
    ppid: 6,
    rssBytes: 8192,
  });
});

test('process tree: the root and every descendant summed, nothing outside it, the largest named', () => {
  const mb = 1024 * 1024;
  const list = [
    {pid: 1, ppid: 0, name: 'init', rssBytes: 5 * mb},
    {pid: 10, ppid: 1, name: 'time', rssBytes: 1 * mb},
    {pid: 11, ppid: 10, name: 'npm exec', rssBytes: 50 * mb},
    {pid: 12, ppid: 11, name: 'node', rssBytes: 3000 * mb},
    {pid: 13, ppid: 12, name: 'chrome', rssBytes: 400 * mb},
    {pid: 14, ppid: 13, name: 'chrome', rssBytes: 200 * mb},
    {pid: 20, ppid: 1, name: 'other', rssBytes: 9000 * mb},
  ];
  expect(treeMemory(list, 10)).toEqual({
    totalBytes: 3651 * mb,
    processes: 5,
    largest: {name: 'node', rssBytes: 3000 * mb},
  });
  expect(treeMemory(list, 99)).toEqual({totalBytes: 0, processes: 0, largest: {name: '', rssBytes: 0}});
});

test('the build step a line of output ends: PerfLogger steps below the locale, the plugins’ own lines', () => {
  const Y = '\u001b[33m';
  const R = '\u001b[39m';
  expect(
    stepOf(`${Y}[PERF]${R} Build > en > Bundling with Rspack - 31.50 seconds! - (Heap 1mb -> 2mb / Total 3mb)`),
  ).toBe('Bundling with Rspack');
  expect(stepOf('[PERF] Build > en > SSG > Thread pool - 9.00 seconds! - (Heap 1mb)')).toBe('SSG > Thread pool');
  expect(stepOf('[PERF] Build - 61.00 seconds! - (Heap 1mb)')).toBe('Build');
  expect(stepOf('[markdown-pages] 4440 pages as Markdown, llms.txt with 4400 (20.1 s)')).toBe(
    'markdown-pages: 4440 pages as Markdown, llms.txt with 4400',
  );
  expect(stepOf('[search-local] vireo: 180 files (3.2 s)')).toBe('search-local: vireo: 180 files');
  expect(stepOf('[INFO] [en] Creating an optimized production build...')).toBeUndefined();
  expect(stepOf('Client compiled successfully')).toBeUndefined();
});

test('growth per 1,000 pages: the least-squares slope over the rows that have the figure', () => {
  const rows = [
    {pages: 444, buildSeconds: 60},
    {pages: 888, buildSeconds: 80},
    {pages: 2220, buildSeconds: 140},
    {pages: 4440, buildSeconds: 240, peakMemoryMB: 5000},
  ];
  // Exactly linear: 20 s more per 444 pages.
  expect(growthPer1000Pages(rows, (r) => r.buildSeconds)).toBe(45);
  // One point is no slope.
  expect(growthPer1000Pages(rows, (r) => r.peakMemoryMB)).toBeUndefined();
});

test('budgets: the 10× row under 300 s and 4096 MB passes; each figure over is listed', () => {
  const row = {factor: 10, buildSeconds: 221, peakMemoryMB: 3900, peakTreeMemoryMB: 4000};
  expect(SCALE_BUDGETS).toEqual({factor: 10, buildSeconds: 300, peakMemoryMB: 4096});
  expect(scaleBudgetOverruns([{factor: 1, buildSeconds: 900, peakMemoryMB: 9000}, row])).toEqual([]);
  expect(scaleBudgetOverruns([{...row, buildSeconds: 300}])).toEqual(['10× build 300 s ≥ 300 s']);
  expect(scaleBudgetOverruns([{...row, peakMemoryMB: 8499, peakTreeMemoryMB: 9100}])).toEqual([
    '10× peak memory 8499 MB ≥ 4096 MB',
    '10× process-tree peak memory 9100 MB ≥ 4096 MB',
  ]);
  // A figure that was not measured is not a pass, and neither is a curve without its 10× row.
  expect(scaleBudgetOverruns([{...row, buildSeconds: Number.NaN}])).toHaveLength(1);
  expect(scaleBudgetOverruns([{factor: 5, buildSeconds: 1, peakMemoryMB: 1}])).toEqual(['no 10× row to check']);
});

test('the table: one row per factor with every figure, a dash for one not measured', () => {
  const table = scaleTable([
    {
      factor: 10,
      pages: 4440,
      buildSeconds: 221.4,
      peakMemoryMB: 3900,
      peakTreeMemoryMB: 4010,
      peakTreeStep: 'SSG',
      outputMB: 812.3,
      textGzipMB: 101.2,
      largestPage: {path: '/vireo/x/', bytes: 2048000},
      largestSearchFile: {file: 'main-index-abc.json', gzipKB: 15.5},
      search: [
        {firstResultsMs: 1490, allResultsMs: 3180},
        {firstResultsMs: 1300, allResultsMs: 3240},
        {firstResultsMs: 1720, allResultsMs: 3190},
      ],
    },
    {factor: 1, pages: 444},
  ]);
  const lines = table.split('\n');
  expect(lines).toHaveLength(4);
  expect(lines[2]).toBe(
    '| 10× | 4,440 | 221.4 | 3,900 | 4,010 (after SSG) | 812.3 (101.2) | 2,000 KB `/vireo/x/` | 15.5 `main-index-abc.json` | 1,490 | 3,190 |',
  );
  expect(lines[3]).toBe('| 1× | 444 | – | – | – | – (–) | – | – | – | – |');
});

test('the processes read from /proc include this one, under its parent, with its memory', () => {
  const list = readProcesses();
  const self = list.find((p) => p.pid === process.pid);
  expect(self?.ppid).toBe(process.ppid);
  expect(self!.rssBytes).toBeGreaterThan(process.memoryUsage().heapUsed / 2);
  expect(treeMemory(list, process.pid).totalBytes).toBeGreaterThanOrEqual(self!.rssBytes);
});
