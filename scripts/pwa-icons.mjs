// Usage: node scripts/pwa-icons.mjs — draws the web app icons (static/img/pwa/) from the site's mark,
// static/img/favicon.svg, with the site's Chromium (src/lib/chromium.mjs): 192 and 512 px, and a
// 512 px maskable icon (the mark inside the safe zone, on the brand colour). Run again after the mark changes.
import fs from 'node:fs';
import path from 'node:path';
import {chromium} from 'playwright-core';
import {CHROMIUM_ARGS, chromiumExecutable} from '../src/lib/chromium.mjs';

const MARK = fs.readFileSync('static/img/favicon.svg', 'utf8');
const OUT = 'static/img/pwa';
const BRAND = '#0b5cad';
const ICONS = [
  {file: 'icon-192.png', size: 192, inset: 0, background: 'transparent'},
  {file: 'icon-512.png', size: 512, inset: 0, background: 'transparent'},
  // Maskable: platforms crop to a circle or squircle of 80% of the icon; the mark stays inside.
  {file: 'icon-maskable-512.png', size: 512, inset: 0.14, background: BRAND},
];

const executablePath = chromiumExecutable();
if (!executablePath) throw new Error('No Chromium found (set CHROME_PATH)');
const browser = await chromium.launch({executablePath, args: CHROMIUM_ARGS});
try {
  fs.mkdirSync(OUT, {recursive: true});
  for (const icon of ICONS) {
    const page = await browser.newPage({viewport: {width: icon.size, height: icon.size}});
    const pad = Math.round(icon.size * icon.inset);
    const svg = MARK.replace(
      /width="32" height="32"/,
      `width="${icon.size - 2 * pad}" height="${icon.size - 2 * pad}"`,
    );
    await page.setContent(
      `<html><body style="margin:0;background:${icon.background}"><div style="padding:${pad}px;line-height:0">${svg}</div></body></html>`,
    );
    await page.screenshot({path: path.join(OUT, icon.file), omitBackground: icon.background === 'transparent'});
    await page.close();
    console.log(`${OUT}/${icon.file}`);
  }
} finally {
  await browser.close();
}
