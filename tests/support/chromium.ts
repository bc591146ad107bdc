/**
 * Finds a Chromium for Playwright (src/lib/chromium.mjs: CHROME_PATH, Playwright's own browser, Debian's),
 * installing Debian's `chromium` package first when there is none and this runs as root on a machine
 * with apt-get. Throws with a clear message otherwise.
 */
import {execSync} from 'node:child_process';
import fs from 'node:fs';
import {chromiumExecutable} from '../../src/lib/chromium.mjs';

export {CHROMIUM_ARGS} from '../../src/lib/chromium.mjs';

export function findChromium(): string {
  const found = chromiumExecutable();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log('Chromium not found: installing Debian package "chromium" with apt-get ...');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
    const installed = chromiumExecutable();
    if (installed) return installed;
  }
  throw new Error(
    'No Chromium found. Install Debian\'s "chromium" package (apt-get install chromium) or set CHROME_PATH.',
  );
}
