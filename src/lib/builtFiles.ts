/**
 * Rewrites of built files by plugins whose postBuild hooks run at the same time (Docusaurus runs them
 * in parallel): each file's rewrites run one after another, so two plugins adding to the same page
 * (the search manifest, the Markdown link) never lose each other's change.
 */
import fs from 'node:fs/promises';

const queues = new Map<string, Promise<unknown>>();

/** Reads `file`, transforms its text and writes it back, after any rewrite of it already queued. */
export function rewriteBuiltFile(file: string, transform: (text: string) => string): Promise<void> {
  const previous = queues.get(file) ?? Promise.resolve();
  const next = previous.then(async () => {
    await fs.writeFile(file, transform(await fs.readFile(file, 'utf8')));
  });
  queues.set(
    file,
    next.catch(() => undefined),
  );
  return next;
}
