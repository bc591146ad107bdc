/**
 * The two production builds the `nginx` project serves with the real nginx and deploy/nginx's configuration
 * (tests/support/nginx-server.mjs, started by playwright.config.ts): copies of `build/` and
 * `build-variant/`, precompressed. LYKTA_NGINX_BUILD and LYKTA_NGINX_BUILD_VARIANT name other build dirs.
 */
import path from 'node:path';
import {PLANTED_DIR, PORT_OFFSET, WORK_DIR} from './nginx-paths.mjs';

export const NGINX_SERVERS = {
  /** Default settings, no analytics. */
  main: {
    build: process.env.LYKTA_NGINX_BUILD || 'build',
    port: 3410 + PORT_OFFSET,
    url: `http://127.0.0.1:${3410 + PORT_OFFSET}/`,
  },
  /** Analytics configured (tracker http://tracker.lykta.example/, site 7), colour mode follows the system. */
  variant: {
    build: process.env.LYKTA_NGINX_BUILD_VARIANT || 'build-variant',
    port: 3411 + PORT_OFFSET,
    url: `http://127.0.0.1:${3411 + PORT_OFFSET}/`,
  },
} as const;

export type NginxServerName = keyof typeof NGINX_SERVERS;

/** The directory nginx serves for a server (a precompressed copy of its build). */
export function servedRoot(name: NginxServerName): string {
  return path.join(WORK_DIR, name, 'root');
}

/** Where tests may add pages to the served copy; emptied each time the server starts. */
export function plantedDir(name: NginxServerName): string {
  return path.join(servedRoot(name), PLANTED_DIR);
}
