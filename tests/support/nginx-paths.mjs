// Where the nginx test servers keep their copies of the builds (tests/support/nginx-server.mjs); plain
// JavaScript so both that script and the Playwright tests import the one definition.
// LYKTA_TEST_PORT_OFFSET moves every test server to other ports and this folder to
// /tmp/lykta-nginx-<offset>, so two checkouts on one machine can run their tests at the same time.
export const PORT_OFFSET = Number(process.env.LYKTA_TEST_PORT_OFFSET ?? 0) || 0;
export const WORK_DIR = PORT_OFFSET ? `/tmp/lykta-nginx-${PORT_OFFSET}` : '/tmp/lykta-nginx';
/** Pages the tests add to a served copy (a planted defect); removed before the configuration is made. */
export const PLANTED_DIR = 'csp-planted';
