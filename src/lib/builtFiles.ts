/**
 * Rewrites of built files by plugins whose postBuild hooks run at the same time (Docusaurus runs them
 * in parallel): each file's rewrites run one after another, so two plugins adding to the same page
 * (the search manifest, the Markdown link) never lose each other's change, and only a few files are
 * in memory at once.
 */
import fs from 'node:fs/promises';

const queues = new Map<string, Promise<unknown>>();

/**
 * Rewrites in progress at once, over all files. The plugins queue every page of the site at once; without
 * a bound each page's text, read and transformed, would wait in memory for its write (at ten times the
 * content, thousands of pages at the same time).
 */
export const MAX_REWRITES_AT_ONCE = 8;
let running = 0;
const waiting: (() => void)[] = [];
const acquire = (): Promise<void> => {
  if (running < MAX_REWRITES_AT_ONCE) {
    running++;
    return Promise.resolve();
  }
  return new Promise((resolve) => waiting.push(resolve));
};
// A finished rewrite hands its place to the next one waiting.
const release = () => {
  const next = waiting.shift();
  if (next) next();
  else running--;
};

let written = 0;

/** How many rewrites are in progress now (for the tests). */
export const rewritesInProgress = () => running;

/** Reads `file`, transforms its text and writes it back, after any rewrite of it already queued. */
export function rewriteBuiltFile(file: string, transform: (text: string) => string): Promise<void> {
  const previous = queues.get(file) ?? Promise.resolve();
  const next = previous.then(async () => {
    await acquire();
    try {
      // Written beside it and renamed over it: a reader in another thread (the Markdown conversion
      // workers) sees the page before or after the rewrite, never half written.
      const temporary = `${file}.${process.pid}.${++written}.tmp`;
      await fs.writeFile(temporary, transform(await fs.readFile(file, 'utf8')));
      await fs.rename(temporary, file);
    } finally {
      release();
    }
  });
  queues.set(
    file,
    next.catch(() => undefined),
  );
  return next;
}

const rewriters: Promise<unknown>[] = [];

/**
 * Runs a postBuild hook that rewrites built files, and records it so that `afterBuiltFileRewrites`
 * waits for it. Call it first thing in the hook, before any `await`: Docusaurus starts every plugin's
 * postBuild in the same tick, so by the time another hook awaits, each rewriter has been recorded.
 */
export function rewritingPostBuild(work: () => Promise<void>): Promise<void> {
  const done = work();
  rewriters.push(done.catch(() => undefined));
  return done;
}

/**
 * Resolves once every recorded rewriting postBuild has finished, with all its rewrites: for a hook that
 * reads the final built pages (the offline lists hash them). Await it before anything else in the hook.
 */
export async function afterBuiltFileRewrites(): Promise<void> {
  // Let the hooks started after this one in the same tick record themselves first.
  await Promise.resolve();
  await Promise.all(rewriters);
  await Promise.all(queues.values());
}
