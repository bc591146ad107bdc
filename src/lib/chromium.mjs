// The one place that says which Chromium the build, the benchmark and the tests start, and with which
// flags. Plain JavaScript so the build (src/remark/mermaid-prerender), scripts/*.mjs and the Playwright
// tests (tests/support/chromium.ts, which can also install Debian's package) all import it.
import fs from 'node:fs';
import {chromium} from 'playwright-core';

/** Flags that keep Chromium quiet on a closed network and able to run as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, where the package puts it. */
export const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * The Chromium to start: CHROME_PATH if set, else Playwright's own browser if it was installed, else
 * Debian's. Undefined when there is none.
 * @returns {string | undefined}
 */
export function chromiumExecutable() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  let own;
  try {
    own = chromium.executablePath();
  } catch {
    own = undefined;
  }
  if (own && fs.existsSync(own)) return own;
  return SYSTEM_CHROMIUM.find((p) => fs.existsSync(p));
}
