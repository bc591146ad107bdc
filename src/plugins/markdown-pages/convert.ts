/**
 * Built pages to Markdown, in worker threads (./worker.cjs loads this file in each): the conversion
 * (src/lib/markdown/pageToMarkdown.ts, 50–70 ms a page) is most of what the site adds after the build,
 * and on the main thread it would run alone while the search plugin's postBuild waits. Each worker
 * takes a batch of routes at a time, writes each page's `index.md` and sends back what llms.txt needs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {Worker, isMainThread, parentPort, workerData} from 'node:worker_threads';
import {pageToMarkdown, type PageMarkdown} from '../../lib/markdown/pageToMarkdown';
import {diagramSourceFromImage} from '../../lib/diagramSources';

export interface ConvertSettings {
  outDir: string;
  siteTitle: string;
  /** Where mermaid-prerender caches diagram sources; unset when diagrams are drawn in the browser. */
  mermaidCacheDirectory?: string;
}

export type ConvertedPage = PageMarkdown & {route: string};

/** Converts one built page and writes its `index.md`. Throws, naming the route, when it cannot. */
export function convertPage(settings: ConvertSettings, route: string): ConvertedPage {
  const dir = settings.mermaidCacheDirectory;
  const diagramSource = dir ? (image: string) => diagramSourceFromImage(dir, image) : undefined;
  let converted;
  try {
    converted = pageToMarkdown(fs.readFileSync(path.join(settings.outDir, route, 'index.html'), 'utf8'), {
      siteTitle: settings.siteTitle,
      diagramSource,
    });
  } catch (e) {
    throw new Error(`markdown-pages: ${route}: ${(e as Error).message}`);
  }
  if (!converted) throw new Error(`markdown-pages: ${route} has no content to convert`);
  fs.writeFileSync(path.join(settings.outDir, route, 'index.md'), converted.markdown);
  return {route, ...converted};
}

/** Routes a worker converts per message: few enough that results never pile up, enough to keep it busy. */
const BATCH = 25;

/**
 * Each worker's old generation, in MB. A page's trees take a few MB and nothing is kept between pages,
 * so the cap only makes the worker collect its garbage early, where V8's default (the main thread's
 * limit, about 4 GB here) lets it grow beside the bundler's memory. A page needing more fails the build.
 */
export const WORKER_HEAP_MB = 256;

/**
 * Converts every route in `threads` worker threads and returns the pages in the order of `routes`.
 * Fails with the first page that fails.
 */
export async function convertPages(
  settings: ConvertSettings,
  routes: string[],
  threads = Math.min(os.availableParallelism(), 4),
): Promise<ConvertedPage[]> {
  const batches: string[][] = [];
  for (let i = 0; i < routes.length; i += BATCH) batches.push(routes.slice(i, i + BATCH));
  const converted = new Map<string, ConvertedPage>();
  const workers = Array.from(
    {length: Math.max(1, Math.min(threads, batches.length))},
    () =>
      new Worker(path.join(__dirname, 'worker.cjs'), {
        workerData: settings,
        resourceLimits: {maxOldGenerationSizeMb: WORKER_HEAP_MB},
      }),
  );
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const next = () => {
              const batch = batches.shift();
              if (batch) worker.postMessage(batch);
              else resolve();
            };
            worker.on('message', (msg: {pages?: ConvertedPage[]; error?: string}) => {
              if (msg.error) return reject(new Error(msg.error));
              for (const p of msg.pages ?? []) converted.set(p.route, p);
              next();
            });
            worker.on('error', reject);
            worker.on(
              'exit',
              (code) => code !== 0 && reject(new Error(`markdown-pages: a worker exited with ${code}`)),
            );
            next();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return routes.map((r) => converted.get(r)!);
}

// In a worker: convert each batch the main thread sends.
if (!isMainThread && parentPort) {
  const port = parentPort;
  port.on('message', (routes: string[]) => {
    try {
      port.postMessage({pages: routes.map((r) => convertPage(workerData as ConvertSettings, r))});
    } catch (e) {
      port.postMessage({error: (e as Error).message});
    }
  });
}
