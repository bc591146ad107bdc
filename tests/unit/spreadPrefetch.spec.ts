import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import {test, expect} from '@playwright/test';
import {backgroundTask, spreadPrefetches} from '../../src/plugins/spread-prefetch/queue';

/** A schedule that keeps tasks until the test runs them, one at a time. */
function manualSchedule() {
  const tasks: (() => void)[] = [];
  return {schedule: (task: () => void) => void tasks.push(task), tasks, runOne: () => tasks.shift()!()};
}

test('each prefetch runs in a task of its own, in order, and a path asked twice while waiting runs once', async () => {
  const ran: string[] = [];
  const {schedule, tasks, runOne} = manualSchedule();
  const prefetch = spreadPrefetches((p) => (ran.push(p), `done ${p}`), schedule);
  const a = prefetch('/a/');
  const b = prefetch('/b/');
  const again = prefetch('/a/');
  expect(ran).toEqual([]); // nothing in the caller's task
  expect(tasks).toHaveLength(1); // one task waits at a time
  runOne();
  expect(ran).toEqual(['/a/']);
  expect(tasks).toHaveLength(1);
  runOne();
  expect(ran).toEqual(['/a/', '/b/']);
  expect(tasks).toHaveLength(0);
  expect(await a).toBe('done /a/');
  expect(await again).toBe('done /a/');
  expect(await b).toBe('done /b/');
  // After the queue ran dry, a new call schedules again.
  void prefetch('/c/');
  expect(tasks).toHaveLength(1);
});

test('a prefetch that throws rejects its own promise and the queue goes on', async () => {
  const {schedule, runOne} = manualSchedule();
  const prefetch = spreadPrefetches((p) => {
    if (p === '/bad/') throw new Error('boom');
    return p;
  }, schedule);
  const bad = prefetch('/bad/');
  const good = prefetch('/good/');
  runOne();
  await expect(bad).rejects.toThrow('boom');
  runOne();
  expect(await good).toBe('/good/');
});

test('backgroundTask uses scheduler.postTask at background priority, else a zero timeout', () => {
  const posted: unknown[] = [];
  const withPostTask = backgroundTask({
    scheduler: {postTask: (task, options) => (posted.push(options), task(), Promise.resolve())},
    setTimeout: () => {
      throw new Error('not used');
    },
  });
  let ran = 0;
  withPostTask(() => ran++);
  expect(posted).toEqual([{priority: 'background'}]);
  expect(ran).toBe(1);
  const timeouts: number[] = [];
  backgroundTask({setTimeout: (cb, ms) => (timeouts.push(ms), cb())})(() => ran++);
  expect(timeouts).toEqual([0]);
  expect(ran).toBe(2);
});

test("Docusaurus's Link prefetches through window.docusaurus, which the client entry sets before the app renders", () => {
  // The client module replaces window.docusaurus when the app first renders (onRouteUpdate): this
  // depends on Link reading the global at call time and on the entry setting it before rendering.
  const req = createRequire(path.resolve('package.json'));
  const link = fs.readFileSync(req.resolve('@docusaurus/core/lib/client/exports/Link.js'), 'utf8');
  expect(link).toMatch(/window\.docusaurus\.prefetch\(targetLink\)/);
  expect(link).not.toMatch(/import .*prefetch/);
  const entry = fs.readFileSync(req.resolve('@docusaurus/core/lib/client/clientEntry.js'), 'utf8');
  expect(entry.indexOf('window.docusaurus = docusaurus')).toBeGreaterThan(-1);
  expect(entry.indexOf('window.docusaurus = docusaurus')).toBeLessThan(entry.indexOf('renderApp'));
  const docusaurus = fs.readFileSync(req.resolve('@docusaurus/core/lib/client/docusaurus.js'), 'utf8');
  expect(docusaurus).toMatch(/const docusaurus = \{\s*prefetch,\s*preload,\s*\};/);
});
