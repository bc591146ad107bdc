// Where the nginx test servers keep their copies of the builds (tests/support/nginx-server.mjs); plain
// JavaScript so both that script and the Playwright tests import the one definition.
export const WORK_DIR = '/tmp/lykta-nginx';
/** Pages the tests add to a served copy (a planted defect); removed before the configuration is made. */
export const PLANTED_DIR = 'csp-planted';
