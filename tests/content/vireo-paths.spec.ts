/**
 * Every VIREO path a page mentions (prose, inline code, code blocks; docs, LEAP of every version,
 * blog) exists in an OpenAPI document: its API and major version are a document's server URL
 * (`https://{device}/vireo/<api>/v<major>`), and the rest of the path matches one of that
 * document's paths, where a `{parameter}` of the document stands for one segment and so does a
 * page's placeholder (`<name>`, `{name}`, `:name`). A mention that ends in `/` (the text names what
 * follows) must be the start of a path. Every API serves its own document at `openapi.json`
 * (world.md). The few endpoints no OpenAPI document can hold are listed below with their reason;
 * the list is checked too (each entry still mentioned, none in a document).
 */
import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import YAML from 'yaml';
import {contentPages, filesUnder, ROOT} from '../support/files';

type Api = {document: string; paths: RegExp[]};

/** Endpoints that pages describe but that no OpenAPI document holds, with the reason. */
export const NOT_IN_OPENAPI: Record<string, string> = {
  '/vireo/media/v1/stream': 'the RTSP live stream (RTSP, not HTTP): video-streaming.mdx',
  '/vireo/replay/v1/stream': 'the RTSP replay stream (RTSP, not HTTP): onvif-replay-extension.mdx',
  '/vireo/events/v1/stream': 'the WebSocket event stream (an upgraded connection): event-streaming-over-websocket.mdx',
  '/vireo/oidc/v1/login': 'a browser redirect of the OpenID Connect sign-in: openid-connect-setup.mdx',
  '/vireo/oidc/v1/callback': 'the OpenID Connect redirect URI the identity provider calls: openid-connect-setup.mdx',
  '/vireo/network-settings/v1/settings':
    'Network settings v1, deprecated since LyktaOS 12.4; its one resource is named where pages explain the move to v2',
  '/vireo/network-settings/v1/openapi.json': 'the deprecated v1 in the discovery example (see above)',
};

/** Each API base (`/vireo/time/v1`) with the path patterns of its document(s). */
export function apiIndex(openapiDir: string): Map<string, Api[]> {
  const index = new Map<string, Api[]>();
  for (const file of filesUnder(openapiDir, /\.ya?ml$/)) {
    const doc = YAML.parse(fs.readFileSync(file, 'utf8')) as {
      servers?: {url: string}[];
      paths?: Record<string, unknown>;
    };
    if (!doc?.paths) continue;
    const paths = Object.keys(doc.paths).map(
      (p) => new RegExp(`^${p.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}/]+\}/g, '[^/]+')}/?$`),
    );
    for (const server of doc.servers ?? []) {
      const base = /\/vireo\/[a-z0-9-]+\/v\d+$/.exec(server.url.replace(/\/$/, ''))?.[0];
      if (!base) continue;
      index.set(base, [...(index.get(base) ?? []), {document: path.relative(openapiDir, file), paths}]);
    }
  }
  return index;
}

/** The VIREO paths in a text, without query, fragment and trailing punctuation. */
export function vireoPaths(text: string): string[] {
  return [...text.matchAll(/\/vireo\/[a-z0-9-]+\/v\d+(?:\/[^\s`'"()[\]|,;?#*]*)?/g)].map((m) =>
    m[0].replace(/[.:>]+$/, (tail) => (tail.endsWith('>') && /<[^/>]*>$/.test(m[0]) ? tail : '')),
  );
}

/** Why a mentioned path does not exist, or undefined when it does. */
export function checkPath(mention: string, index: Map<string, Api[]>): string | undefined {
  const [, base, rest = ''] = /^(\/vireo\/[a-z0-9-]+\/v\d+)(\/.*)?$/.exec(mention) ?? [];
  if (!base) return 'not a VIREO path';
  if (NOT_IN_OPENAPI[mention]) return undefined;
  const apis = index.get(base);
  if (!apis) return `no OpenAPI document serves ${base}`;
  if (rest === '' || rest === '/' || rest === '/openapi.json') return undefined;
  // A page's placeholders stand for one segment, as the document's parameters do; a trailing slash
  // is followed by one.
  const concrete = rest.replace(/<[^/>]+>|\{[^/}]+\}|:[A-Za-z]\w*/g, 'x').replace(/\/$/, '/x');
  if (apis.some((a) => a.paths.some((p) => p.test(concrete)))) return undefined;
  return `no path ${rest} in ${apis.map((a) => a.document).join(', ')}`;
}

test('every VIREO path a page mentions is in an OpenAPI document', () => {
  const index = apiIndex(path.join(ROOT, 'static/openapi'));
  expect(index.size).toBeGreaterThan(100);
  const failures: string[] = [];
  let count = 0;
  for (const file of contentPages()) {
    const relative = path.relative(ROOT, file);
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, n) => {
        for (const mention of vireoPaths(line)) {
          count++;
          const problem = checkPath(mention, index);
          if (problem) failures.push(`${relative}:${n + 1}: ${mention}: ${problem}`);
        }
      });
  }
  expect(count, 'VIREO paths found').toBeGreaterThan(800);
  expect(failures).toEqual([]);
});

test('every endpoint listed as not in OpenAPI is still mentioned, and is in no OpenAPI document', () => {
  const index = apiIndex(path.join(ROOT, 'static/openapi'));
  const text = contentPages()
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n');
  for (const endpoint of Object.keys(NOT_IN_OPENAPI)) {
    expect(text.includes(endpoint), `${endpoint} is mentioned`).toBe(true);
    const [, base, rest] = /^(\/vireo\/[a-z0-9-]+\/v\d+)(\/.*)$/.exec(endpoint)!;
    const documented = (index.get(base!) ?? []).some((a) => a.paths.some((p) => p.test(rest!)));
    expect(documented, `${endpoint} is in an OpenAPI document now: remove it from the list`).toBe(false);
  }
});

test('the path check can fail', () => {
  const index = apiIndex(path.join(ROOT, 'static/openapi'));
  expect(checkPath('/vireo/time/v1/time-zone', index)).toBeUndefined();
  expect(checkPath('/vireo/time/v1/', index)).toBeUndefined();
  expect(checkPath('/vireo/time/v1/timezone', index)).toMatch(/no path \/timezone/);
  expect(checkPath('/vireo/time/v9/time-zone', index)).toMatch(/no OpenAPI document serves/);
  expect(checkPath('/vireo/applications/v1/apps/<name>/start', index)).toBeUndefined();
  expect(checkPath('/vireo/best-snapshot/v1/snapshots/', index)).toBeUndefined();
  expect(checkPath('/vireo/time/v1/openapi.json', index)).toBeUndefined();
  expect(checkPath('/vireo/media/v1/streams', index)).toMatch(/no path/);
  expect(checkPath('/vireo/network-settings/v1/config', index)).toMatch(/no OpenAPI document serves/);
  expect(vireoPaths('Call `GET /vireo/time/v1/time-zone`.')).toEqual(['/vireo/time/v1/time-zone']);
  expect(vireoPaths('see /vireo/param/v1/parameters?group=Network')).toEqual(['/vireo/param/v1/parameters']);
});
