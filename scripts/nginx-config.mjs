// Usage: node scripts/nginx-config.mjs --root <dir> --out <file> [--port N] [--serve-root <path>]
//   [--mime-types <file>] [--template <file>]
// Renders deploy/nginx/site.conf.template for the built site in <dir>: nginx serves <dir> (or --serve-root,
// where the files will be on the server) on port N (default 80). The Content-Security-Policy allows scripts
// from the site itself and every inline script of the build by its sha256 hash, read from the build's HTML
// files (the colour-mode script, the page-start script, the base-URL banner, an analytics snippet, whatever
// the build emits), so no 'unsafe-inline' or 'unsafe-eval' is needed; the analytics tracker's origin, when
// the build has one, is added to connect-src and img-src. Fails on an inline event handler or a
// javascript: URL in the HTML, which no hash can allow.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Relative to the repository root (no import.meta here: Playwright's loader imports this file). */
export const DEFAULT_TEMPLATE = path.join('deploy', 'nginx', 'site.conf.template');

/** Types of <script> a browser runs (HTML's JavaScript MIME types, modules) or that CSP checks (import maps, speculation rules). */
const JS_TYPES = new Set([
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
  'module',
  'importmap',
  'speculationrules',
]);

/** Reads a tag's attributes from `html` at `i` (just after the tag name) up to its `>`; returns them and the end. */
function readAttributes(html, i) {
  const attrs = new Map();
  const n = html.length;
  while (i < n) {
    while (i < n && /[\s/]/.test(html[i])) i++;
    if (i >= n || html[i] === '>') return {attrs, end: i + 1};
    let name = '';
    while (i < n && !/[\s/>=]/.test(html[i])) name += html[i++];
    while (i < n && /\s/.test(html[i])) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < n && /\s/.test(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        value = html.slice(i + 1, close === -1 ? n : close);
        i = close === -1 ? n : close + 1;
      } else {
        while (i < n && !/[\s>]/.test(html[i])) value += html[i++];
      }
    }
    if (name && !attrs.has(name.toLowerCase())) attrs.set(name.toLowerCase(), value);
  }
  return {attrs, end: n};
}

/** True when a <script> with these attributes is run by the browser (and so checked by script-src). */
export function isExecutable(attrs) {
  if (attrs.has('src')) return false; // external: allowed by its origin, not by a hash
  const type = (attrs.get('type') ?? '').trim().toLowerCase();
  if (type === '')
    return (
      !attrs.has('language') || /^(javascript|jscript|ecmascript|livescript)[\d.]*$/i.test(attrs.get('language') ?? '')
    );
  return JS_TYPES.has(type.split(';')[0].trim());
}

/**
 * The elements of an HTML document that CSP checks: every inline <script> the browser would run (its text,
 * exactly as the browser hashes it), inline event handler attributes and javascript: URLs. Data blocks such as
 * `application/ld+json` are not scripts. Comments are skipped, script text is raw text up to `</script`.
 */
export function inlineScripts(html) {
  // The HTML parser turns CR LF and lone CR into LF before anything else; the hash is of that text.
  html = html.replace(/\r\n?/g, '\n');
  const scripts = [];
  const handlers = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      i = close === -1 ? html.length : close + 3;
      continue;
    }
    const m = /^<([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(lt, lt + 64));
    if (!m) {
      i = lt + 1;
      continue;
    }
    const tag = m[1].toLowerCase();
    const {attrs, end} = readAttributes(html, lt + m[0].length);
    for (const [name, value] of attrs) {
      if (/^on[a-z]+$/.test(name)) handlers.push(`<${tag} ${name}="${value.slice(0, 60)}">`);
      else if (['href', 'src', 'action', 'formaction'].includes(name) && /^\s*javascript:/i.test(value))
        handlers.push(`<${tag} ${name}="${value.slice(0, 60)}">`);
    }
    i = end;
    if (tag === 'script' || tag === 'style' || tag === 'textarea' || tag === 'title') {
      // Raw or escapable raw text: runs to the matching end tag whatever it contains.
      const closeRe = new RegExp(`</${tag}[\\s/>]`, 'ig');
      closeRe.lastIndex = end;
      const close = closeRe.exec(html);
      const textEnd = close ? close.index : html.length;
      if (tag === 'script' && isExecutable(attrs)) scripts.push(html.slice(end, textEnd));
      i = close ? html.indexOf('>', close.index) + 1 : html.length;
    }
  }
  return {scripts, handlers};
}

/** The CSP source expression of a script's text: 'sha256-<base64 of the UTF-8 bytes' SHA-256>'. */
export function scriptHash(text) {
  return `'sha256-${crypto.createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function* files(dir, ext) {
  for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full, ext);
    else if (entry.isFile() && entry.name.endsWith(ext)) yield full;
  }
}

const TRACKER_URL = /\\?["']?trackerUrl\\?["']?\s*:\s*\\?["']((?:https?:)?\/\/[^"'\\\s]+)/g;

/** Origins of the page-view tracker the build is configured with (src/plugins/page-view-analytics). */
export function trackerOrigins(texts) {
  const origins = new Set();
  for (const text of texts) {
    for (const m of text.matchAll(TRACKER_URL)) origins.add(new URL(m[1], 'https://invalid.example').origin);
  }
  return [...origins].sort();
}

/**
 * Scans a built site: the distinct inline scripts of its HTML (hash → first page and count), handler
 * problems, and the tracker origins (from the plugin's global data in the main bundle and from any inline
 * script that names a trackerUrl).
 */
export function scanBuild(root) {
  if (!fs.existsSync(path.join(root, 'index.html'))) throw new Error(`${root} is not a built site (no index.html)`);
  const hashes = new Map();
  const problems = [];
  const inline = [];
  let pages = 0;
  for (const file of files(root, '.html')) {
    pages++;
    const rel = '/' + path.relative(root, file).split(path.sep).join('/');
    const {scripts, handlers} = inlineScripts(fs.readFileSync(file, 'utf8'));
    for (const h of handlers)
      problems.push(`${rel}: ${h} (inline event handlers and javascript: URLs need 'unsafe-inline')`);
    for (const text of scripts) {
      const hash = scriptHash(text);
      const seen = hashes.get(hash);
      if (seen) seen.count++;
      else {
        hashes.set(hash, {page: rel, count: 1, start: text.slice(0, 60)});
        inline.push(text);
      }
    }
  }
  const bundles = [];
  const jsDir = path.join(root, 'assets', 'js');
  if (fs.existsSync(jsDir)) {
    for (const file of files(jsDir, '.js')) {
      const text = fs.readFileSync(file, 'utf8');
      // The plugin's global data: "page-view-analytics":{"default":{"trackerUrl":"…","siteId":"…"}}.
      for (const m of text.matchAll(/\\?"page-view-analytics\\?"\s*:\s*\{\s*\\?"default\\?"\s*:\s*\{[^{}]*\}/g))
        bundles.push(m[0]);
    }
  }
  return {pages, hashes, problems, trackers: trackerOrigins([...bundles, ...inline])};
}

/**
 * The Content-Security-Policy for a scanned build (`hashes`: the scan's Map, or the hash strings).
 * style-src keeps 'unsafe-inline': React renders style attributes, and the theme sets styles inline.
 */
export function contentSecurityPolicy({hashes, trackers}) {
  const sources = hashes instanceof Map ? [...hashes.keys()] : [...hashes];
  const tracked = trackers.length > 0 ? ` ${trackers.join(' ')}` : '';
  return [
    `default-src 'self'`,
    `script-src 'self' ${sources.sort().join(' ')}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data:${tracked}`,
    `font-src 'self' data:`,
    `connect-src 'self'${tracked}`,
    `worker-src 'self'`,
    `manifest-src 'self'`,
    `media-src 'self'`,
    `frame-src 'none'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** Fills `{{name}}` placeholders; every placeholder must have a value and every value a placeholder. */
export function renderTemplate(template, values) {
  const used = new Set();
  const out = template.replace(/\{\{(\w+)\}\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`template placeholder {{${name}}} has no value`);
    used.add(name);
    return String(values[name]);
  });
  const unused = Object.keys(values).filter((k) => !used.has(k));
  if (unused.length > 0) throw new Error(`template has no placeholder for ${unused.join(', ')}`);
  return out;
}

/** Renders the nginx configuration for the build in `root`; returns it with what the scan found. */
export function nginxConfig({
  root,
  port = 80,
  serveRoot = path.resolve(root),
  mimeTypes = '/etc/nginx/mime.types',
  template = DEFAULT_TEMPLATE,
}) {
  const scan = scanBuild(root);
  if (scan.problems.length > 0)
    throw new Error(`the build has inline code no hash can allow:\n${scan.problems.join('\n')}`);
  if (scan.hashes.size === 0) throw new Error(`no inline script found in ${root}: not a Docusaurus build?`);
  const csp = contentSecurityPolicy(scan);
  for (const [name, value] of Object.entries({root: serveRoot, mimeTypes, csp})) {
    // Each goes into nginx's syntax: no quote, semicolon-free path, no brace or newline.
    if (/["\n\r{}]/.test(value) || (name !== 'csp' && /[;\s]/.test(value)))
      throw new Error(`${name} cannot be written into the nginx configuration: ${value}`);
  }
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`invalid port ${port}`);
  const config = renderTemplate(fs.readFileSync(template, 'utf8'), {
    port,
    root: serveRoot,
    mime_types: mimeTypes,
    csp,
    permissions_policy: PERMISSIONS_POLICY,
  });
  return {config, csp, ...scan};
}

function main() {
  const args = process.argv.slice(2);
  const opt = (name) => {
    const i = args.indexOf(`--${name}`);
    return i === -1 ? undefined : args[i + 1];
  };
  const root = opt('root');
  const out = opt('out');
  if (!root || !out) {
    console.error(
      'Usage: node scripts/nginx-config.mjs --root <dir> --out <file> [--port N] [--serve-root <path>] [--mime-types <file>] [--template <file>]',
    );
    process.exit(2);
  }
  try {
    const result = nginxConfig({
      root,
      port: opt('port') ? Number(opt('port')) : undefined,
      serveRoot: opt('serve-root'),
      mimeTypes: opt('mime-types'),
      // Beside this script by default, wherever it is run from.
      template: opt('template') ?? path.resolve(path.dirname(process.argv[1]), '..', DEFAULT_TEMPLATE),
    });
    fs.mkdirSync(path.dirname(path.resolve(out)), {recursive: true});
    fs.writeFileSync(out, result.config);
    console.log(`nginx-config: ${out} for ${result.pages} pages; script hashes:`);
    for (const [hash, {page, count, start}] of result.hashes)
      console.log(`  ${hash} ×${count} (first on ${page}): ${JSON.stringify(start)}…`);
    console.log(`  tracker origins: ${result.trackers.join(' ') || 'none'}`);
  } catch (error) {
    console.error(`nginx-config: ${error.message}`);
    process.exit(1);
  }
}

if (path.basename(process.argv[1] ?? '') === 'nginx-config.mjs') main();
