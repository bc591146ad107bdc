/**
 * scripts/nginx-config.mjs (the inline-script hashes of the CSP, the tracker origin, the template) and
 * scripts/precompress.mjs, on small sites written here. The nginx project (tests/nginx/) runs them on the
 * real builds with the real nginx.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import {test, expect} from '@playwright/test';
import {
  contentSecurityPolicy,
  inlineScripts,
  nginxConfig,
  renderTemplate,
  scanBuild,
  scriptHash,
  trackerOrigins,
} from '../../scripts/nginx-config.mjs';
import {MIN_BYTES, precompress} from '../../scripts/precompress.mjs';

function tempSite(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lykta-site-'));
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), {recursive: true});
    fs.writeFileSync(path.join(dir, rel), content);
  }
  return dir;
}

test.describe('inline scripts', () => {
  test('the hash is the CSP one: sha256 of the UTF-8 text, base64', () => {
    // The example of the CSP specification and MDN.
    expect(scriptHash("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
    const utf8 = crypto.createHash('sha256').update(Buffer.from('c3a9', 'hex')).digest('base64');
    expect(scriptHash('é')).toBe(`'sha256-${utf8}'`);
  });

  test('finds every script the browser runs, exactly as written, and no data block', () => {
    const html = [
      '<!doctype html><html><head>',
      '<script>one()</script>',
      '<script data-rh=true>two()</script>',
      '<script type=module>three()</script>',
      '<script type="text/javascript">four()</script>',
      '<script type=importmap>{"imports":{}}</script>',
      '<script data-rh=true type=application/ld+json>{"@context":"https://schema.org"}</script>',
      '<script type="application/json">{"a":1}</script>',
      '<script src=/assets/js/main.js></script>',
      '<script src="/a.js" defer>ignored()</script>',
      '<!-- <script>commented()</script> -->',
      '<title>a <script>not()</script></title>',
      '<script data-x="a>b">five("</scrip")</SCRIPT >',
      "<script>\n  const s = '<div>';\n</script>",
      '</head><body><pre>&lt;script&gt;text()&lt;/script&gt;</pre></body></html>',
    ].join('');
    const {scripts, handlers} = inlineScripts(html);
    expect(scripts).toEqual([
      'one()',
      'two()',
      'three()',
      'four()',
      '{"imports":{}}',
      'five("</scrip")',
      "\n  const s = '<div>';\n",
    ]);
    expect(handlers).toEqual([]);
  });

  test('hashes the text as the browser does: CR LF and lone CR become LF', () => {
    expect(inlineScripts('<script>a()\r\nb()\rc()</script>').scripts).toEqual(['a()\nb()\nc()']);
  });

  test('reports inline event handlers and javascript: URLs, which no hash allows', () => {
    const {handlers} = inlineScripts(
      '<button onclick="go()">x</button><a href="javascript:void 0">y</a><img src=x.png onerror=f()><a href="/javascript:ok/">z</a>',
    );
    expect(handlers).toHaveLength(3);
    expect(handlers.join('\n')).toMatch(/onclick/);
    expect(handlers.join('\n')).toMatch(/javascript:void/);
    expect(handlers.join('\n')).toMatch(/onerror/);
  });
});

test.describe('the build scan and the policy', () => {
  const page = (body: string) =>
    `<!doctype html><html><head><script>colour()</script></head><body>${body}</body></html>`;

  test('one hash per distinct inline script across all pages; the tracker origin from the plugin data', () => {
    const root = tempSite({
      'index.html': page('<script>banner()</script>'),
      'a/index.html': page(''),
      'b/index.html': page('<script type=application/ld+json>{}</script>'),
      'assets/js/main.1234abcd.js':
        'e.exports=JSON.parse(\'{"page-view-analytics":{"default":{"trackerUrl":"https://stats.lykta.example/m/","siteId":"7"}}}\')',
    });
    const scan = scanBuild(root);
    expect(scan.pages).toBe(3);
    expect([...scan.hashes.keys()].sort()).toEqual([scriptHash('banner()'), scriptHash('colour()')].sort());
    expect(scan.hashes.get(scriptHash('colour()'))?.count).toBe(3);
    expect(scan.trackers).toEqual(['https://stats.lykta.example']);
    const csp = contentSecurityPolicy(scan);
    expect(csp).toContain(`script-src 'self' ${[...scan.hashes.keys()].sort().join(' ')};`);
    expect(csp).toContain("connect-src 'self' https://stats.lykta.example;");
    expect(csp).toContain("img-src 'self' data: https://stats.lykta.example;");
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp.match(/'unsafe-inline'/g)).toHaveLength(1); // style-src only
    expect(csp).toMatch(/style-src 'self' 'unsafe-inline';/);
    for (const d of ["frame-ancestors 'none'", "base-uri 'self'", "object-src 'none'", "default-src 'self'"])
      expect(csp).toContain(d);
  });

  test('no tracker when analytics is not configured (empty plugin data)', () => {
    const root = tempSite({
      'index.html': page(''),
      'assets/js/main.1234abcd.js': 'JSON.parse(\'{"page-view-analytics":{"default":{}}}\')',
    });
    expect(scanBuild(root).trackers).toEqual([]);
    const csp = contentSecurityPolicy(scanBuild(root));
    expect(csp).toContain("connect-src 'self';");
  });

  test('a tracker named by an inline snippet is found too', () => {
    expect(trackerOrigins(['window.lykta={trackerUrl:"http://tracker.lykta.example/",siteId:"7"}'])).toEqual([
      'http://tracker.lykta.example',
    ]);
    expect(trackerOrigins(['{\\"trackerUrl\\":\\"https://t.example:8443/p/\\"}'])).toEqual(['https://t.example:8443']);
  });

  test('a new inline script on any page changes the policy (planted); an event handler fails the render', () => {
    const root = tempSite({'index.html': page(''), 'a/index.html': page('')});
    const before = nginxConfig({root, port: 8080}).csp;
    fs.writeFileSync(path.join(root, 'a', 'index.html'), page('<script>planted()</script>'));
    const after = nginxConfig({root, port: 8080}).csp;
    expect(before).not.toContain(scriptHash('planted()'));
    expect(after).toContain(scriptHash('planted()'));
    fs.writeFileSync(path.join(root, 'a', 'index.html'), page('<a onclick="x()">x</a>'));
    expect(() => nginxConfig({root})).toThrow(/inline event handlers/);
  });

  test('the rendered configuration: port, root, policy and no placeholder left', () => {
    const root = tempSite({'index.html': page('')});
    const {config, csp} = nginxConfig({root, port: 3999, serveRoot: '/var/www/lykta'});
    expect(config).toMatch(/^\s*listen 3999 default_server;$/m);
    expect(config).toMatch(/^\s*root \/var\/www\/lykta;$/m);
    expect(config).toContain(`add_header Content-Security-Policy "${csp}" always;`);
    expect(config).toMatch(/^\s*absolute_redirect off;$/m);
    expect(config).toMatch(/^\s*gzip_static on;$/m);
    expect(config).toMatch(/^\s*brotli_static on;$/m);
    expect(config).not.toMatch(/\{\{\w+\}\}/);
    // Every add_header is at server level with 'always' (a location's own add_header would drop them).
    const headers = config.split('\n').filter((l: string) => /^\s*add_header /.test(l));
    expect(headers.length).toBeGreaterThanOrEqual(8);
    for (const h of headers) expect(h).toMatch(/^ {4}add_header .* always;$/);
    expect(() => nginxConfig({root, serveRoot: '/var/www/a b'})).toThrow(/cannot be written/);
    expect(() => nginxConfig({root, port: 0})).toThrow(/invalid port/);
  });

  test('the template renderer refuses a missing value and an unused one', () => {
    expect(renderTemplate('listen {{port}};', {port: 80})).toBe('listen 80;');
    expect(() => renderTemplate('listen {{port}};', {})).toThrow(/\{\{port\}\} has no value/);
    expect(() => renderTemplate('listen 80;', {port: 80})).toThrow(/no placeholder for port/);
  });
});

test.describe('precompress', () => {
  test('gzip and Brotli beside each text file of 1 KB or more that shrinks; nothing else', async () => {
    const html = `<!doctype html><title>x</title>${'<p>Lykta developer documentation</p>\n'.repeat(100)}`;
    const root = tempSite({
      'index.html': html,
      'small.css': 'body{margin:0}',
      'assets/js/main.abc12345.js': 'console.log("hi");'.repeat(200),
      'img/photo.png': Buffer.alloc(8192, 7),
      // A .txt that does not shrink (random bytes), with a variant left from an earlier run.
      'noise.txt': crypto.randomBytes(2048),
      'noise.txt.br': 'stale',
      'stale.json': 'x',
      'stale.json.gz': 'left from a larger version',
    });
    const totals = await precompress(root, {concurrency: 2});
    const exists = (rel: string) => fs.existsSync(path.join(root, rel));
    for (const rel of ['index.html', 'assets/js/main.abc12345.js']) {
      expect(exists(`${rel}.gz`) && exists(`${rel}.br`), rel).toBe(true);
      const original = fs.readFileSync(path.join(root, rel));
      expect(zlib.gunzipSync(fs.readFileSync(path.join(root, `${rel}.gz`))).equals(original)).toBe(true);
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(root, `${rel}.br`))).equals(original)).toBe(true);
      // Same modification time as the original, to the second nginx uses (ETag and Last-Modified agree).
      const seconds = (f: string) => Math.floor(fs.statSync(path.join(root, f)).mtimeMs / 1000);
      expect(seconds(`${rel}.br`)).toBe(seconds(rel));
      expect(seconds(`${rel}.gz`)).toBe(seconds(rel));
    }
    expect(fs.statSync(path.join(root, 'small.css')).size).toBeLessThan(MIN_BYTES);
    for (const rel of ['small.css', 'img/photo.png', 'noise.txt']) {
      expect(exists(`${rel}.gz`), rel).toBe(false);
      expect(exists(`${rel}.br`), rel).toBe(false);
    }
    expect(exists('stale.json.gz')).toBe(false);
    expect(totals.compressed).toBe(2);
    // Level 9 and quality 11: no smaller than zlib's own maximum settings give.
    const original = fs.readFileSync(path.join(root, 'index.html'));
    expect(fs.statSync(path.join(root, 'index.html.gz')).size).toBe(zlib.gzipSync(original, {level: 9}).length);
    expect(fs.statSync(path.join(root, 'index.html.br')).size).toBeLessThanOrEqual(
      zlib.brotliCompressSync(original, {params: {[zlib.constants.BROTLI_PARAM_QUALITY]: 11}}).length,
    );
  });
});
