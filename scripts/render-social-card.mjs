// Usage: node scripts/render-social-card.mjs [out.png] — renders scripts/social-card.svg to
// static/img/social-card.png (or out.png), 1200x630, in the Chromium of src/lib/chromium.mjs.
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {chromium} from 'playwright-core';
import {CHROMIUM_ARGS, chromiumExecutable} from '../src/lib/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.resolve(process.argv[2] ?? path.join(root, 'static/img/social-card.png'));
const executablePath = chromiumExecutable();
if (!executablePath) throw new Error("No Chromium found: install Debian's chromium package or set CHROME_PATH.");
const browser = await chromium.launch({executablePath, args: CHROMIUM_ARGS});
try {
  const page = await browser.newPage({viewport: {width: 1200, height: 630}});
  await page.goto(pathToFileURL(path.join(root, 'scripts/social-card.svg')).href);
  await page.screenshot({path: out});
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
} finally {
  await browser.close();
}
