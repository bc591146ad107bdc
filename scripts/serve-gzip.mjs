// Usage: node scripts/serve-gzip.mjs <dir> <port> — serves a static build with gzip, like a production host (used by the benchmark).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml',
};

export function serveGzip(dir, port) {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    let rel = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file = path.join(root, rel);
    if (!file.startsWith(root)) return res.writeHead(400).end();
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    let status = 200;
    if (!fs.existsSync(file)) [file, status] = [path.join(root, '404.html'), 404];
    const body = fs.readFileSync(file);
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const headers = {
      'content-type': type,
      'cache-control': rel.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    if (/gzip/.test(req.headers['accept-encoding'] ?? '') && !type.startsWith('image/png')) {
      res.writeHead(status, {...headers, 'content-encoding': 'gzip', vary: 'accept-encoding'});
      return res.end(zlib.gzipSync(body));
    }
    res.writeHead(status, headers).end(body);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dir = 'build', port = '3300'] = process.argv.slice(2);
  await serveGzip(dir, Number(port));
  console.log(`serving ${dir} with gzip at http://127.0.0.1:${port}/`);
}
