/**
 * Docusaurus prefetches a linked page's code when the link first shows on screen; every link that
 * shows in the same frame is handled in one task (one IntersectionObserver delivery), and each
 * prefetch walks the whole route table. On a page with many links in view this made a long task of
 * its own while the page was still starting (about 80 ms on the phone profile). Here the prefetches
 * are queued and run one per task, at background priority.
 */

/** Runs a function in a later task. */
export type Schedule = (task: () => void) => void;

type Prefetch<R> = (routePath: string) => R;

/**
 * `prefetch`, with each call run in a task of its own (one at a time, in the order asked, a path
 * asked twice while waiting run once). The promise it returns settles with what `prefetch` returned.
 */
export function spreadPrefetches<R>(prefetch: Prefetch<R>, schedule: Schedule): Prefetch<Promise<R>> {
  const queue: {path: string; done: ((result: R) => void)[]; failed: ((error: unknown) => void)[]}[] = [];
  let scheduled = false;
  const run = () => {
    scheduled = false;
    const next = queue.shift();
    if (next) {
      try {
        const result = prefetch(next.path);
        for (const done of next.done) done(result);
      } catch (error) {
        for (const failed of next.failed) failed(error);
      }
    }
    if (queue.length > 0) {
      scheduled = true;
      schedule(run);
    }
  };
  return (path) =>
    new Promise<R>((resolve, reject) => {
      const waiting = queue.find((q) => q.path === path);
      if (waiting) {
        waiting.done.push(resolve);
        waiting.failed.push(reject);
      } else queue.push({path, done: [resolve], failed: [reject]});
      if (!scheduled) {
        scheduled = true;
        schedule(run);
      }
    });
}

type TaskScheduler = {postTask?: (task: () => void, options: {priority: 'background'}) => Promise<unknown>};

/** A later task at background priority where the browser has scheduler.postTask, else a zero timeout. */
export function backgroundTask(win: {
  scheduler?: TaskScheduler;
  setTimeout: (cb: () => void, ms: number) => unknown;
}): Schedule {
  const postTask = win.scheduler?.postTask?.bind(win.scheduler);
  if (postTask) return (task) => void postTask(task, {priority: 'background'}).catch(() => undefined);
  return (task) => void win.setTimeout(task, 0);
}
