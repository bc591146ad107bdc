// Usage: node tests/support/nginx-server.mjs <name> <build-dir> <port> — serves a copy of a production build
// with the real nginx and the configuration of deploy/nginx, as the `nginx` Playwright project's web server.
// The copy, precompressed by scripts/precompress.mjs, lives in /tmp/lykta-nginx/<name>/root and is reused
// while the build is unchanged; the rendered configuration, pid file, logs and temp dirs are beside it.
// nginx runs in the foreground as the current user; this process ends when nginx does and stops it on
// SIGINT/SIGTERM (Playwright stops it after the run).
import {spawn, spawnSync} from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {precompress} from '../../scripts/precompress.mjs';
import {DEFAULT_TEMPLATE, nginxConfig} from '../../scripts/nginx-config.mjs';
import {PLANTED_DIR, WORK_DIR} from './nginx-paths.mjs';

const NGINX = '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Identifies a build's content: every file's path, size and modification time, and the precompress script. */
function signature(dir) {
  const hash = crypto.createHash('sha256');
  hash.update(fs.readFileSync(path.join(REPO, 'scripts', 'precompress.mjs')));
  const walk = (d) => {
    for (const e of fs.readdirSync(d, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else {
        const s = fs.statSync(full);
        hash.update(`${path.relative(dir, full)}\0${s.size}\0${s.mtimeMs}\n`);
      }
    }
  };
  walk(dir);
  return hash.digest('hex');
}

function stopLeftover(work) {
  const pidFile = path.join(work, 'nginx.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  try {
    // Only our own nginx from an interrupted run: its command line names this work dir.
    if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(work)) return;
    process.kill(pid, 'SIGTERM');
    console.log(`nginx-server: stopped the nginx left by an earlier run (pid ${pid})`);
  } catch {
    // not running
  }
  fs.rmSync(pidFile, {force: true});
}

async function main() {
  const [name, build, portArg] = process.argv.slice(2);
  const port = Number(portArg);
  if (!name || !build || !port) {
    console.error('Usage: node tests/support/nginx-server.mjs <name> <build-dir> <port>');
    process.exit(2);
  }
  for (const [file, hint] of [
    [NGINX, 'apt-get install nginx'],
    [BROTLI_MODULE, 'apt-get install libnginx-mod-http-brotli-static'],
  ]) {
    if (!fs.existsSync(file)) throw new Error(`${file} not found: ${hint}`);
  }
  const source = path.resolve(REPO, build);
  if (!fs.existsSync(path.join(source, 'index.html'))) throw new Error(`${source} holds no build: run the build first`);

  const work = path.join(WORK_DIR, name);
  const root = path.join(work, 'root');
  const stampFile = path.join(work, 'stamp');
  stopLeftover(work);
  const stamp = signature(source);
  if (!fs.existsSync(stampFile) || fs.readFileSync(stampFile, 'utf8') !== stamp) {
    const started = Date.now();
    fs.rmSync(work, {recursive: true, force: true});
    fs.mkdirSync(work, {recursive: true});
    fs.cpSync(source, root, {recursive: true});
    const t = await precompress(root);
    fs.writeFileSync(stampFile, stamp);
    console.log(
      `nginx-server: ${name}: copied and precompressed ${build} (${t.compressed} files) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  fs.rmSync(path.join(root, PLANTED_DIR), {recursive: true, force: true});

  const conf = path.join(work, 'conf');
  const logs = path.join(work, 'logs');
  fs.mkdirSync(conf, {recursive: true});
  fs.mkdirSync(logs, {recursive: true});
  const site = nginxConfig({root, port, template: path.join(REPO, DEFAULT_TEMPLATE)});
  fs.writeFileSync(path.join(conf, 'site.conf'), site.config);
  const temp = (kind) => `${kind}_temp_path ${path.join(work, `tmp-${kind}`)};`;
  // The main configuration a host's nginx.conf gives (Debian's: modules, mime types), with everything
  // writable in the work dir so nginx runs as an ordinary user.
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  fs.writeFileSync(
    path.join(conf, 'nginx.conf'),
    [
      `load_module ${BROTLI_MODULE};`,
      isRoot ? `user ${os.userInfo().username};` : '',
      'worker_processes 2;',
      `pid ${path.join(work, 'nginx.pid')};`,
      `error_log ${path.join(logs, 'error.log')} warn;`,
      'events { worker_connections 512; }',
      'http {',
      `  access_log ${path.join(logs, 'access.log')};`,
      `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
      '  default_type application/octet-stream;',
      '  sendfile on;',
      `  include ${path.join(conf, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  // -e: the error log from the start, before the configuration is read (not /var/log/nginx).
  const args = ['-p', work, '-e', path.join(logs, 'error.log'), '-c', path.join(conf, 'nginx.conf')];
  const check = spawnSync(NGINX, [...args, '-t'], {encoding: 'utf8'});
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  console.log(`nginx-server: ${name}: nginx on http://127.0.0.1:${port}/ serving ${root}`);
  const child = spawn(NGINX, [...args, '-g', 'daemon off;'], {stdio: 'inherit'});
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((error) => {
    console.error(`nginx-server: ${error.message}`);
    process.exit(1);
  });
}
