/** The three production builds the e2e tests run against, each served by `docusaurus serve`. */
export const SERVERS = {
  /** Default settings: colour mode Reading A, no analytics. */
  main: {dir: 'build', port: 3210, url: 'http://127.0.0.1:3210/'},
  /** LYKTA_COLOR_MODE=system and a test analytics tracker (see package.json build:variant). */
  variant: {dir: 'build-variant', port: 3211, url: 'http://127.0.0.1:3211/'},
  /** LYKTA_COLOR_SWITCH=off: no colour toggle (see package.json build:noswitch). */
  noSwitch: {dir: 'build-noswitch', port: 3212, url: 'http://127.0.0.1:3212/'},
} as const;

/** The tracker URL the variant build is configured with; tests intercept it. */
export const TEST_TRACKER_URL = 'http://tracker.lykta.example/';
export const TEST_SITE_ID = '7';
