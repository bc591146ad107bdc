/**
 * The three production builds the e2e tests run against. The default and variant builds are served by the
 * production nginx configuration (deploy/nginx, the servers of tests/support/nginx.ts), so the whole suite
 * runs where readers are; the build without a colour switch by `docusaurus serve`. LYKTA_E2E_SERVER=docusaurus
 * serves all three with `docusaurus serve` (a machine without nginx).
 */
import {NGINX_SERVERS} from './nginx';
import {PORT_OFFSET} from './nginx-paths.mjs';

export const E2E_VIA_NGINX = process.env.LYKTA_E2E_SERVER !== 'docusaurus';

const served = (dir: string, port: number, nginx?: {port: number; url: string}) =>
  E2E_VIA_NGINX && nginx
    ? {dir, port: nginx.port, url: nginx.url, server: 'nginx' as const}
    : {dir, port: port + PORT_OFFSET, url: `http://127.0.0.1:${port + PORT_OFFSET}/`, server: 'docusaurus' as const};

export const SERVERS = {
  /** Default settings: colour mode Reading A, no analytics. */
  main: served('build', 3210, NGINX_SERVERS.main),
  /** LYKTA_COLOR_MODE=system and a test analytics tracker (see package.json build:variant). */
  variant: served('build-variant', 3211, NGINX_SERVERS.variant),
  /** LYKTA_COLOR_SWITCH=off: no colour toggle (see package.json build:noswitch). */
  noSwitch: served(process.env.LYKTA_BUILD_NOSWITCH || 'build-noswitch', 3212),
} as const;

/** The tracker URL the variant build is configured with; tests intercept it. */
export const TEST_TRACKER_URL = 'http://tracker.lykta.example/';
export const TEST_SITE_ID = '7';
