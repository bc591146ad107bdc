import {defineConfig, devices} from '@playwright/test';
import {CHROMIUM_ARGS, findChromium} from './tests/support/chromium';
import {E2E_VIA_NGINX, SERVERS} from './tests/support/servers';
import {NGINX_SERVERS} from './tests/support/nginx';

/**
 * Unit tests (pure logic, no browser) and end-to-end tests against the production
 * builds served locally: `build/` (default settings) and `build-variant/` (colour mode
 * follows the system, analytics configured). `npm test` builds both first.
 */
const chosenProjects = process.argv.filter((a) => a.startsWith('--project='));
/** Only the e2e project needs a browser and the servers; unit tests are plain Node. */
const needsBrowser = chosenProjects.length === 0 || chosenProjects.includes('--project=e2e');
/** The nginx project serves copies of the builds with the real nginx (deploy/nginx), on its own ports. */
const needsNginx =
  chosenProjects.length === 0 || chosenProjects.includes('--project=nginx') || (needsBrowser && E2E_VIA_NGINX);

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 45_000,
  expect: {timeout: 10_000},
  use: {
    baseURL: SERVERS.main.url,
    trace: 'retain-on-failure',
    launchOptions: needsBrowser ? {executablePath: findChromium(), args: CHROMIUM_ARGS} : undefined,
  },
  projects: [
    {name: 'unit', testDir: './tests/unit'},
    {name: 'content', testDir: './tests/content'},
    {name: 'e2e', testDir: './tests/e2e', use: {...devices['Desktop Chrome']}},
    {
      name: 'nginx',
      testDir: './tests/nginx',
      use: {
        ...devices['Desktop Chrome'],
        baseURL: NGINX_SERVERS.main.url,
        launchOptions: needsNginx ? {executablePath: findChromium(), args: CHROMIUM_ARGS} : undefined,
      },
    },
    // Builds the site again after editing sources; run alone, after the others (npm run test:build).
    {name: 'build', testDir: './tests/build', timeout: 900_000},
  ],
  webServer: [
    ...(needsBrowser
      ? Object.values(SERVERS)
          .filter((s) => s.server === 'docusaurus')
          .map((s) => ({
            command: `npx docusaurus serve --dir ${s.dir} --port ${s.port} --no-open`,
            url: s.url,
            reuseExistingServer: !process.env.CI,
            timeout: 60_000,
          }))
      : []),
    // The first start copies and precompresses each build (Brotli 11): minutes, not seconds. Never reused:
    // a server left from another checkout would be tested with another configuration.
    ...(needsNginx
      ? Object.entries(NGINX_SERVERS).map(([name, s]) => ({
          command: `node tests/support/nginx-server.mjs ${name} ${s.build} ${s.port}`,
          url: s.url,
          reuseExistingServer: false,
          timeout: 600_000,
          stdout: 'pipe' as const,
        }))
      : []),
  ],
});
