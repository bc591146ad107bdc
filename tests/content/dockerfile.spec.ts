/**
 * The repository's Dockerfile (Docker is not available here): it passes the dockerfile-utils validator that
 * also checks the pages' Dockerfile examples (code-examples.spec.ts), and it builds and serves the site the
 * way the nginx tests check: Chromium for the diagrams, the build, precompression, the generated
 * configuration, Debian's nginx with the Brotli module, and nothing it copies is left out of the context.
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {validate} from 'dockerfile-utils';
import {SYSTEM_CHROMIUM} from '../../src/lib/chromium.mjs';
import {ROOT} from '../support/files';

const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
const dockerignore = fs.readFileSync(path.join(ROOT, '.dockerignore'), 'utf8');

/** Validator findings at warning and error severity (hints left out), as in code-examples.spec.ts. */
function problems(text: string): string[] {
  return validate(text)
    .filter((d) => d.severity !== undefined && d.severity <= 2)
    .map((d) => `line ${d.range.start.line + 1}: ${d.message}`);
}

/** Instructions with continuation lines joined, comments dropped, by stage. */
function stages(text: string): {from: string; instructions: string[]}[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const out: {from: string; instructions: string[]}[] = [];
  for (const line of lines) {
    if (/^FROM\s/i.test(line)) out.push({from: line, instructions: []});
    else out.at(-1)?.instructions.push(line.replace(/\s+/g, ' '));
  }
  return out;
}

test('the Dockerfile passes the Dockerfile validator', () => {
  expect(problems(dockerfile)).toEqual([]);
});

test('the validator finds a planted defect in a copy of the Dockerfile', () => {
  expect(problems(dockerfile.replace('EXPOSE 80', 'EXPOSE http'))).toEqual([
    expect.stringMatching(/Invalid containerPort: http/),
  ]);
  expect(problems(dockerfile.replace('COPY --from=build', 'COPY --fromm=build')).length).toBeGreaterThan(0);
});

test('two stages: a Node 22 bookworm build with Chromium, then Debian nginx with the Brotli module', () => {
  const [build, serve, ...rest] = stages(dockerfile);
  expect(rest).toEqual([]);
  expect(build!.from).toMatch(/^FROM node:22-bookworm AS build$/);
  const b = build!.instructions.join('\n');
  expect(b).toMatch(/apt-get install .*\bchromium\b/);
  // Chromium is found in one place (src/lib/chromium.mjs), which looks where Debian's package puts it.
  expect(b).not.toContain('CHROME_PATH');
  expect(SYSTEM_CHROMIUM.some((p) => p.startsWith('/usr/bin/'))).toBe(true);
  expect(b).toMatch(/\bnpm ci\b/);
  // Build, then precompress, then the configuration from the precompressed build.
  const run = build!.instructions.find((i) => i.includes('npm run build'))!;
  expect(run).toBeTruthy();
  const order = ['npm run build', 'node scripts/precompress.mjs build', 'node scripts/nginx-config.mjs --root build'];
  const at = order.map((s) => run.indexOf(s));
  expect(at.every((i) => i >= 0)).toBe(true);
  expect([...at].sort((x, y) => x - y)).toEqual(at);
  expect(run).toContain('--serve-root /var/www/lykta');

  expect(serve!.from).toMatch(/^FROM debian:bookworm(-slim)? AS serve$/);
  const s = serve!.instructions.join('\n');
  expect(s).toMatch(/apt-get install .*\bnginx\b.*\blibnginx-mod-http-brotli-static\b/);
  expect(s).toContain('COPY --from=build /site/build /var/www/lykta');
  expect(s).toMatch(/COPY --from=build \S+ \/etc\/nginx\/conf\.d\/\S+\.conf/);
  expect(s).toContain('rm -f /etc/nginx/sites-enabled/default');
  expect(s).toMatch(/^RUN nginx -t$/m);
  expect(s).toMatch(/^CMD \["nginx", "-g", "daemon off;"\]$/m);
});

test('what the build copies and runs exists, and .dockerignore leaves it in the context', () => {
  const ignored = dockerignore
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  for (const needed of [
    'package.json',
    'package-lock.json',
    'patches',
    'scripts/precompress.mjs',
    'scripts/nginx-config.mjs',
    'deploy/nginx/site.conf.template',
    'src/lib/chromium.mjs',
    'docusaurus.config.ts',
    'static/robots.txt',
  ]) {
    expect(fs.existsSync(path.join(ROOT, needed)), needed).toBe(true);
    const top = needed.split('/')[0]!;
    expect(ignored, `${needed} must reach the build`).not.toContain(top);
    expect(ignored, `${needed} must reach the build`).not.toContain(needed);
  }
  // Local builds and dependencies never enter the image from the host.
  for (const local of ['node_modules', 'build', 'build-*', '.docusaurus']) expect(ignored).toContain(local);
  // Every plain COPY source is in the repository.
  for (const {instructions} of stages(dockerfile))
    for (const i of instructions.filter((x) => /^COPY (?!--from)/.test(x))) {
      const sources = i.split(' ').slice(1, -1);
      for (const src of sources.filter((x) => x !== '.')) expect(fs.existsSync(path.join(ROOT, src)), i).toBe(true);
    }
});
