/**
 * Finds a Chromium for Playwright: Playwright's own browser if it was installed,
 * otherwise Debian's /usr/bin/chromium, installing the `chromium` package first
 * when running as root on a machine with apt-get. Throws with a clear message otherwise.
 */
import {execSync} from 'node:child_process';
import fs from 'node:fs';
import {chromium} from '@playwright/test';

const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export {CHROMIUM_ARGS} from './chromium-args.mjs';

function playwrightOwnChromium(): string | undefined {
  try {
    const p = chromium.executablePath();
    return p && fs.existsSync(p) ? p : undefined;
  } catch {
    return undefined;
  }
}

function systemChromium(): string | undefined {
  return SYSTEM_CHROMIUM.find((p) => fs.existsSync(p));
}

export function findChromium(): string {
  const found = process.env.CHROME_PATH || playwrightOwnChromium() || systemChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = fs.existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log('Chromium not found: installing Debian package "chromium" with apt-get ...');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
      stdio: 'inherit',
    });
    const installed = systemChromium();
    if (installed) return installed;
  }
  throw new Error(
    'No Chromium found. Install Debian\'s "chromium" package (apt-get install chromium) or set CHROME_PATH.',
  );
}
