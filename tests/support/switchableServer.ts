/**
 * A static server for the offline tests: serves a build as production does (`/x/` is `x/index.html`,
 * unknown paths the Not Found page with 404, `/assets/` cached as immutable, everything else
 * revalidated), and can switch to another build while it runs, which is what a deployment looks like to
 * a browser that keeps the site's service worker.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {PORT_OFFSET} from './nginx-paths.mjs';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

export type SwitchableServer = {url: string; serve(dir: string): void; close(): Promise<void>};

/** Serves `dir` on 127.0.0.1 at `port` (moved by LYKTA_TEST_PORT_OFFSET). */
export function serveBuild(dir: string, port: number): Promise<SwitchableServer> {
  let root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    const rel = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(root, rel);
    if (!file.startsWith(root)) return void res.writeHead(400).end();
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    let status = 200;
    if (!fs.existsSync(file)) [file, status] = [path.join(root, '404.html'), 404];
    res.writeHead(status, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': rel.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(fs.readFileSync(file));
  });
  const actualPort = port + PORT_OFFSET;
  return new Promise((resolve) =>
    server.listen(actualPort, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${actualPort}`,
        serve: (d) => {
          root = path.resolve(d);
        },
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      }),
    ),
  );
}
