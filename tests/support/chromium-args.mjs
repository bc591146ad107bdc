// Flags that keep Chromium quiet on a closed network and able to run as root.
// Plain JavaScript so both the Playwright tests and scripts/bench.mjs import the one list.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
