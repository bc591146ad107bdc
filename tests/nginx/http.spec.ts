/**
 * The nginx configuration (deploy/nginx, rendered by scripts/nginx-config.mjs) on a precompressed copy of the
 * default build, checked at the HTTP level with plain requests (no redirects followed, no decompression):
 * status codes and Location of the URL rules (site spec 2.1), the Not Found page, cache headers per file
 * kind, precompressed Brotli and gzip, the security headers on 200, 301 and 404, and robots.txt.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import {test, expect} from '@playwright/test';
import {NGINX_SERVERS, servedRoot} from '../support/nginx';
import {PLANTED_DIR} from '../support/nginx-paths.mjs';

type Answer = {status: number; headers: http.IncomingHttpHeaders; body: Buffer};

/** One request exactly as written (path not normalised), body as sent on the wire. */
function get(pathAndQuery: string, headers: Record<string, string> = {}, port: number = NGINX_SERVERS.main.port) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      path: pathAndQuery,
      headers: {host: 'docs.example.test', ...headers},
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks)}));
    });
    req.on('error', reject);
    req.end();
  });
}

const root = servedRoot('main');
const text = (a: Answer) => a.body.toString('utf8');
const notFoundPage = () => fs.readFileSync(path.join(root, '404.html'), 'utf8');
/** A file of the served build, found by pattern (hashed names change with every build). */
function servedFile(dir: string, pattern: RegExp): string {
  const name = fs.readdirSync(path.join(root, dir)).find((f) => pattern.test(f));
  if (!name) throw new Error(`no file matching ${pattern} in ${dir}`);
  return `/${dir}/${name}`;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

test.describe('URL rules', () => {
  for (const p of [
    '/no-such-page',
    '/no-such-page/',
    '/no/such/deep/page/',
    '/vireo/device-configuration/no-such-api/',
    '/no-such-page.html',
    '/vireo/no-such-page/index.html',
    '/leap/3/no/such.html',
    '/assets/js/no-such-chunk.js',
    '/img/',
    '/openapi/',
    '/assets/',
    '/.env',
  ]) {
    test(`${p} is a real 404 with the Not Found page`, async () => {
      const a = await get(p);
      expect(a.status).toBe(404);
      expect(a.headers['content-type']).toMatch(/^text\/html/);
      expect(text(a)).toBe(notFoundPage());
      expect(text(a)).toContain('Page Not Found');
      expect(a.headers['cache-control']).toBe('no-cache');
    });
  }

  for (const [from, to] of [
    ['/vireo', '/vireo/'],
    ['/leap/3', '/leap/3/'],
    ['/blog/2024/11/13/vireo', '/blog/2024/11/13/vireo/'],
    ['/vireo.html', '/vireo/'],
    ['/vireo/device-configuration/time-api.html', '/vireo/device-configuration/time-api/'],
    ['/vireo/index.html', '/vireo/'],
    ['/leap/4/api/index.html', '/leap/4/api/'],
    ['/index.html', '/'],
    ['/vireo?utm_source=x&b=%2F', '/vireo/?utm_source=x&b=%2F'],
    ['/vireo.html?q=1', '/vireo/?q=1'],
    ['/vireo/index.html?q=a+b', '/vireo/?q=a+b'],
    // Merged slashes and an encoded slash name the same page; the Location has one leading slash.
    ['//vireo', '/vireo/'],
    ['//vireo//index.html', '/vireo/'],
    ['/%2Fvireo', '/vireo/'],
  ] as const) {
    test(`${from} → 301 ${to}`, async () => {
      const a = await get(from);
      expect(a.status).toBe(301);
      expect(a.headers.location).toBe(to);
      expect(a.headers['cache-control']).toBe('no-cache');
    });
  }

  test('a redirect is relative: it keeps the host (and scheme) the client used', async () => {
    for (const host of ['developer.lykta.example', 'localhost:8443', 'evil.example']) {
      const a = await get('/analytics', {host});
      expect(a.status).toBe(301);
      expect(a.headers.location).toBe('/analytics/');
    }
  });

  test('no open redirect: paths that would name another host get a 404, never a Location off the site', async () => {
    for (const p of [
      '//evil.example',
      '//evil.example/',
      '///evil.example',
      '//evil.example/index.html',
      '//evil.example.html',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '/%5C%5Cevil.example',
      '/\\evil.example',
      '/%09/evil.example',
      '/vireo%0d%0aSet-Cookie:%20a=1',
      '/vireo%20',
    ]) {
      const a = await get(p);
      const location = a.headers.location;
      if (location !== undefined) {
        // Only ever a path on this site.
        expect(location, p).toMatch(/^\/(?![/\\])/);
        expect(location, p).not.toMatch(/[\s\\]/);
      }
      expect([301, 404], p).toContain(a.status);
      expect(a.headers['set-cookie'], p).toBeUndefined();
    }
    // A page directory that exists, asked for with two leading slashes, still lands on this site.
    expect((await get('//vireo')).headers.location).toBe('/vireo/');
  });

  for (const p of [
    '/openapi/bundled/vireo.yaml',
    '/openapi/bundled/vireo.json',
    '/blog/rss.xml',
    '/blog/atom.xml',
    '/sitemap.xml',
    '/404.html',
    '/robots.txt',
    '/img/logo-light.svg',
    '/leap/include/12/lykevent.h',
  ]) {
    test(`the real file ${p} is served as is`, async () => {
      const a = await get(p);
      expect(a.status).toBe(200);
      expect(a.headers.location).toBeUndefined();
      expect(a.body.equals(fs.readFileSync(path.join(root, p)))).toBe(true);
    });
  }

  test('pages are served from their index.html at /x/', async () => {
    for (const p of ['/', '/analytics/', '/leap/3/', '/vireo/device-configuration/time-api/', '/search/']) {
      const a = await get(p);
      expect(a.status, p).toBe(200);
      expect(a.headers['content-type'], p).toBe('text/html; charset=utf-8');
      expect(text(a), p).toBe(fs.readFileSync(path.join(root, p, 'index.html'), 'utf8'));
    }
  });

  test('content types: YAML, JSON, XML, C headers and SVG', async () => {
    const type = async (p: string) => (await get(p)).headers['content-type'];
    expect(await type('/openapi/bundled/vireo.yaml')).toBe('application/yaml; charset=utf-8');
    expect(await type('/openapi/bundled/vireo.json')).toBe('application/json; charset=utf-8');
    expect(await type('/sitemap.xml')).toMatch(/^(text|application)\/xml; charset=utf-8$/);
    expect(await type('/leap/include/12/lykevent.h')).toBe('text/plain; charset=utf-8');
    expect(await type('/img/logo-light.svg')).toBe('image/svg+xml; charset=utf-8');
    expect(await type('/robots.txt')).toBe('text/plain; charset=utf-8');
  });
});

test.describe('Markdown versions and llms.txt', () => {
  const markdownFiles = [
    '/index.md',
    '/analytics/index.md',
    '/vireo/device-configuration/time-api/index.md',
    '/leap/3/index.md',
    '/blog/2024/11/13/vireo/index.md',
  ];

  test("a page's Markdown is text/markdown in UTF-8, revalidated like the page, and precompressed", async () => {
    for (const p of markdownFiles) {
      const a = await get(p);
      expect(a.status, p).toBe(200);
      expect(a.headers['content-type'], p).toBe('text/markdown; charset=utf-8');
      expect(a.headers['cache-control'], p).toBe('no-cache');
      expect(a.headers.etag ?? a.headers['last-modified'], p).toBeTruthy();
      expect(a.headers['x-content-type-options'], p).toBe('nosniff');
      expect(text(a), p).toBe(fs.readFileSync(path.join(root, p), 'utf8'));
    }
    const big = await get('/vireo/device-configuration/time-api/index.md', {'accept-encoding': 'br, gzip'});
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.brotliDecompressSync(big.body).toString('utf8')).toBe(
      fs.readFileSync(path.join(root, 'vireo/device-configuration/time-api/index.md'), 'utf8'),
    );
  });

  test('llms.txt and the full-text files are text/plain in UTF-8 and revalidated', async () => {
    const files = [
      '/llms.txt',
      ...fs
        .readdirSync(root)
        .filter((f) => /^llms-full-.*\.txt$/.test(f))
        .map((f) => `/${f}`),
    ];
    expect(files.length).toBeGreaterThan(5);
    for (const p of files) {
      const a = await get(p);
      expect(a.status, p).toBe(200);
      expect(a.headers['content-type'], p).toBe('text/plain; charset=utf-8');
      expect(a.headers['cache-control'], p).toBe('no-cache');
    }
  });

  test('/x/index.md is the file, not a redirect to a page; a page without Markdown has none', async () => {
    expect((await get('/analytics/index.md')).headers.location).toBeUndefined();
    expect((await get('/search/index.md')).status).toBe(404);
    expect((await get('/no-such-page/index.md')).status).toBe(404);
  });
});

test.describe('cache headers', () => {
  test('the service worker, the offline lists and the web app manifest are revalidated, never immutable', async () => {
    // A browser checks the service worker byte for byte on each visit; the lists name every kept file by
    // revision. Cached for long, either would keep an offline reader on an old deployment.
    const lists = fs.readdirSync(path.join(root, 'offline')).filter((f) => f.endsWith('.json'));
    expect(lists.length, 'offline lists').toBeGreaterThan(5);
    const files = ['/sw.js', '/manifest.json', '/offline/notice.html', ...lists.map((f) => `/offline/${f}`)];
    for (const p of files) {
      const a = await get(p);
      expect(a.status, p).toBe(200);
      expect(a.headers['cache-control'], p).toBe('no-cache');
      expect(a.headers.etag, p).toBeTruthy();
    }
    expect((await get('/sw.js')).headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect((await get('/offline/index.json')).headers['content-type']).toMatch(/^application\/json/);
    expect((await get('/manifest.json')).headers['content-type']).toMatch(/^application\/(manifest\+)?json/);
  });

  test('every file under /assets/ has a content hash in its name', () => {
    const unhashed: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, {withFileTypes: true})) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full);
        else if (!/[.-][0-9a-f]{8,}\.[a-z0-9]+(\.gz|\.br)?$/.test(e.name)) unhashed.push(full);
      }
    };
    walk(path.join(root, 'assets'));
    expect(unhashed).toEqual([]);
  });

  test('content-hashed files (code, styles, search index and shards) are immutable for a year', async () => {
    const files = [
      servedFile('assets/js', /^main\.[0-9a-f]+\.js$/),
      servedFile('assets/js', /^runtime~main\.[0-9a-f]+\.js$/),
      servedFile('assets/css', /\.css$/),
      servedFile('assets/search', /^search-doc-[0-9a-f]+\.json$/),
      servedFile('assets/search', /^main-index-[0-9a-f]+\.json$/),
      servedFile('assets/search', /-terms-[0-9a-f]+\.json$/),
    ];
    for (const f of files) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const a = await get(f, {'accept-encoding': encoding});
        expect(a.status, f).toBe(200);
        expect(a.headers['cache-control'], `${f} (${encoding})`).toBe(IMMUTABLE);
      }
    }
  });

  test('pages, the Not Found page, redirects and files named without a hash are revalidated', async () => {
    const paths = [
      '/',
      '/analytics/',
      '/blog/',
      '/404.html',
      '/sitemap.xml',
      '/blog/rss.xml',
      '/blog/atom.xml',
      '/robots.txt',
      '/openapi/bundled/vireo.yaml',
      '/openapi/common.yaml',
      '/schemas/leap/manifest-v1.0.schema.json',
      '/leap/include/12/lykevent.h',
      '/img/logo-light.svg',
      '/img/social-card.png',
      ...(fs.existsSync(path.join(root, 'asyncapi/vireo-events.yaml')) ? ['/asyncapi/vireo-events.yaml'] : []),
    ];
    for (const p of paths) {
      const a = await get(p, {'accept-encoding': 'br, gzip'});
      expect(a.status, p).toBe(200);
      expect(a.headers['cache-control'], p).toBe('no-cache');
      // Revalidation needs a validator.
      expect(a.headers.etag ?? a.headers['last-modified'], p).toBeTruthy();
    }
    const etag = (await get('/analytics/')).headers.etag!;
    expect((await get('/analytics/', {'if-none-match': etag})).status).toBe(304);
  });
});

test.describe('precompressed Brotli and gzip', () => {
  for (const p of ['/analytics/', '/vireo/device-configuration/time-api/']) {
    test(`${p}: br, gzip or none by Accept-Encoding, always with Vary: Accept-Encoding`, async () => {
      const original = fs.readFileSync(path.join(root, p, 'index.html'));
      const br = await get(p, {'accept-encoding': 'gzip, deflate, br'});
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/Accept-Encoding/i);
      expect(zlib.brotliDecompressSync(br.body).equals(original)).toBe(true);
      // The file made at deploy time, not compressed per request.
      expect(br.body.equals(fs.readFileSync(path.join(root, p, 'index.html.br')))).toBe(true);

      const gz = await get(p, {'accept-encoding': 'gzip'});
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
      expect(zlib.gunzipSync(gz.body).equals(original)).toBe(true);
      expect(gz.body.equals(fs.readFileSync(path.join(root, p, 'index.html.gz')))).toBe(true);

      const plain = await get(p);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
      expect(plain.body.equals(original)).toBe(true);
    });
  }

  test('code, search files, the Not Found page and downloads come compressed', async () => {
    for (const p of [
      servedFile('assets/js', /^main\.[0-9a-f]+\.js$/),
      servedFile('assets/css', /\.css$/),
      servedFile('assets/search', /^search-doc-[0-9a-f]+\.json$/),
      '/openapi/bundled/vireo.yaml',
      '/sitemap.xml',
      '/no-such-page/',
    ]) {
      const a = await get(p, {'accept-encoding': 'br'});
      expect(a.headers['content-encoding'], p).toBe('br');
      expect(a.headers.vary, p).toMatch(/Accept-Encoding/i);
    }
  });

  test('binary files are not compressed', async () => {
    const a = await get('/img/social-card.png', {'accept-encoding': 'br, gzip'});
    expect(a.status).toBe(200);
    expect(a.headers['content-encoding']).toBeUndefined();
  });
});

test.describe('security headers', () => {
  const cases = [
    ['200', '/analytics/', 200],
    ['200 (asset)', '', 200],
    ['301', '/analytics', 301],
    ['404', '/no/such/page/', 404],
  ] as const;
  for (const [what, given, status] of cases) {
    test(`on a ${what} response`, async () => {
      const p = given || servedFile('assets/js', /^main\.[0-9a-f]+\.js$/);
      const a = await get(p);
      expect(a.status).toBe(status);
      expect(a.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(a.headers['x-content-type-options']).toBe('nosniff');
      expect(a.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(a.headers['x-frame-options']).toBe('DENY');
      const permissions = a.headers['permissions-policy'] as string;
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
        expect(permissions).toContain(`${feature}=()`);
      expect(a.headers.server).toBe('nginx'); // no version
      const csp = cspDirectives(a.headers['content-security-policy'] as string);
      expect(csp.get('script-src')).toContain("'self'");
      expect(csp.get('script-src')!.some((s) => s.startsWith("'sha256-"))).toBe(true);
      for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", '*', 'data:', 'http:', 'https:'])
        expect(csp.get('script-src')).not.toContain(unsafe);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      // No tracker in the default build: nothing but the site itself to connect to.
      expect(csp.get('connect-src')).toEqual(["'self'"]);
    });
  }

  test('the variant build allows its analytics tracker, and nothing else, to be reached', async () => {
    const a = await get('/analytics/', {}, NGINX_SERVERS.variant.port);
    const csp = cspDirectives(a.headers['content-security-policy'] as string);
    expect(csp.get('connect-src')).toEqual(["'self'", 'http://tracker.lykta.example']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'http://tracker.lykta.example']);
    expect(csp.get('script-src')).not.toContain('http://tracker.lykta.example');
  });

  test('the script hashes are exactly those of the inline scripts in the build', async () => {
    const a = await get('/');
    const hashes = cspDirectives(a.headers['content-security-policy'] as string)
      .get('script-src')!
      .filter((s) => s.startsWith("'sha256-"));
    // Computed here independently: every <script> without src and without a data type, on every page.
    const expected = new Set<string>();
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, {withFileTypes: true})) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) {
          if (e.name !== PLANTED_DIR) walk(full); // a page another test plants
        } else if (e.name.endsWith('.html')) {
          const html = fs.readFileSync(full, 'utf8');
          for (const m of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
            if (/\bsrc=|type="?application\/ld\+json/.test(m[1]!)) continue;
            expected.add(`'sha256-${crypto.createHash('sha256').update(m[2]!).digest('base64')}'`);
          }
        }
      }
    };
    walk(root);
    expect(expected.size).toBeGreaterThanOrEqual(3);
    expect(new Set(hashes)).toEqual(expected);
  });
});

test('robots.txt is served and names the sitemap of the production site', async () => {
  const a = await get('/robots.txt');
  expect(a.status).toBe(200);
  expect(text(a)).toMatch(/^User-agent: \*$/m);
  expect(text(a)).toMatch(/^Sitemap: https:\/\/developer\.lykta\.example\/sitemap\.xml$/m);
  expect(a.headers['cache-control']).toBe('no-cache');
  // The sitemap it names is there.
  const sitemap = await get('/sitemap.xml');
  expect(sitemap.status).toBe(200);
  expect(text(sitemap)).toContain('<loc>https://developer.lykta.example/');
});

/** Parses a CSP header into directive → sources. */
function cspDirectives(header: string): Map<string, string[]> {
  expect(header).toBeTruthy();
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}
