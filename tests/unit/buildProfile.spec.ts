import {test, expect} from '@playwright/test';
import {buildPhases, parseBuildProfile, WAIT_STEP} from '../../scripts/build-profile.mjs';
import {WAIT_LABEL} from '../../src/plugins/build-gate/gate';

// Lines as @docusaurus/logger's PerfLogger prints them (colours included).
const Y = '\u001b[33m';
const R = '\u001b[39m';
const output = [
  '[INFO] [en] Creating an optimized production build...',
  `${Y}[PERF]${R} Build > en > Load site > Load plugins - ${Y}812.40 ms${R} - \u001b[2m(Heap 100mb -> 300mb / Total 400mb)\u001b[22m`,
  `${Y}[PERF]${R} Build > en > Load site - ${'\u001b[31m'}4.21 seconds!${R} - (Heap 100mb -> 300mb / Total 400mb)`,
  `${Y}[PERF]${R} Build > en > Bundling with Rspack - 31.50 seconds! - (Heap 300mb -> 500mb / Total 900mb)`,
  `${Y}[PERF]${R} Build > en > SSG > Load App renderer - 40.10 ms - (Heap 1mb -> 2mb / Total 3mb)`,
  `${Y}[PERF]${R}[KO] Build > en > postBuild() - 12.00 seconds! - (Heap 1mb -> 2mb / Total 3mb)`,
  `${Y}[PERF]${R} Build > en > SSG - 9.00 seconds! - (Heap 1mb -> 2mb / Total 3mb)`,
  `${Y}[PERF]${R} Build > en - 60.00 seconds! - (Heap 1mb -> 2mb / Total 3mb)`,
  `${Y}[PERF]${R} Build - 61.00 seconds! - (Heap 1mb -> 2mb / Total 3mb)`,
  `${Y}[PERF]${R} Memory after build - (Heap 1mb / Total 3mb)`,
  '[SUCCESS] Generated static files in "build".',
].join('\n');

test('reads every timed step of the logger, in milliseconds, with its parents', () => {
  const steps = parseBuildProfile(output);
  expect(steps).toHaveLength(8);
  expect(steps[0]).toEqual({path: ['Build', 'en', 'Load site', 'Load plugins'], ms: 812});
  expect(steps[1]).toEqual({path: ['Build', 'en', 'Load site'], ms: 4210});
  expect(steps[4]).toEqual({path: ['Build', 'en', 'postBuild()'], ms: 12000});
});

test('the phases below the locale, two levels deep and long enough to list', () => {
  expect(buildPhases(parseBuildProfile(output))).toEqual([
    {phase: 'Load site > Load plugins', ms: 812},
    {phase: 'Load site', ms: 4210},
    {phase: 'Bundling with Rspack', ms: 31500},
    {phase: 'postBuild()', ms: 12000},
    {phase: 'SSG', ms: 9000},
  ]);
});

test('a [PERF] line with a duration it cannot read fails instead of giving an empty profile', () => {
  expect(() => parseBuildProfile('[PERF] Build > en > SSG - 9,00 s - (Heap)')).toThrow(/cannot read/);
  expect(parseBuildProfile('no profile here')).toEqual([]);
});

test("the build processes' waits for the process ahead are taken out of the steps that hold them", () => {
  expect(WAIT_STEP).toBe(WAIT_LABEL);
  const line = (path: string, duration: string) => `[PERF] ${path} - ${duration} - (Heap 1mb -> 2mb / Total 3mb)`;
  const twoProcesses = [
    line('Build > en > Load site > Load plugins > Init plugins', '700.00 ms'),
    line('Build > en > Load site', '1.50 seconds!'),
    line('Build > en > Bundling with rspack', '14.00 seconds!'),
    // The second process waited 14.2 s while the first bundled.
    line(`Build > en > Load site > Load plugins > Init plugins > ${WAIT_STEP}`, '14.20 seconds!'),
    line('Build > en > Load site > Load plugins > Init plugins', '14.60 seconds!'),
    line('Build > en > Load site > Load plugins', '14.90 seconds!'),
    line('Build > en > Load site', '15.30 seconds!'),
    line('Build > en > SSG', '8.00 seconds!'),
    line('Build > en', '30.00 seconds!'),
    line('Build', '30.10 seconds!'),
  ].join('\n');
  const steps = parseBuildProfile(twoProcesses);
  expect(steps.map((s) => s.path.at(-1))).not.toContain(WAIT_STEP);
  expect(steps.filter((s) => s.path.join(' > ') === 'Build > en > Load site').map((s) => s.ms)).toEqual([1500, 1100]);
  expect(steps.find((s) => s.path.join(' > ') === 'Build > en > Load site > Load plugins')?.ms).toBe(700);
  expect(steps.at(-1)).toEqual({path: ['Build'], ms: 15900});
});
