import fs from 'node:fs';
import {test, expect} from '@playwright/test';
import {DESKTOP_BREAKPOINT, isPhoneWidth} from '../../src/lib/desktopOnly';
import {INTENT_EVENTS, onToggleIntent, TOGGLE_SELECTOR} from '../../src/lib/mobileSidebarIntent';
import {packageFile} from '../support/packageFile';

// The theme parts the page-start customisations depend on: src/components/DesktopOnly and
// src/theme/Navbar/MobileSidebar. A change in the theme that breaks an assumption fails here.

test("the desktop breakpoint is the theme's, in its hook and in the CSS that hides the desktop parts", () => {
  const hook = fs.readFileSync(packageFile('@docusaurus/theme-common', 'lib/hooks/useWindowSize.js'), 'utf8');
  expect(hook).toContain(`const DesktopBreakpoint = ${DESKTOP_BREAKPOINT};`);
  expect(hook).toContain('window.innerWidth > desktopBreakpoint');
  const css = (file: string) => fs.readFileSync(packageFile('@docusaurus/theme-classic', `lib/theme/${file}`), 'utf8');
  // The doc sidebar shows from 997 px, the table of contents hides up to 996 px.
  expect(css('DocRoot/Layout/Sidebar/styles.module.css')).toMatch(/\.docSidebarContainer \{\s*display: none;/);
  expect(css('DocRoot/Layout/Sidebar/styles.module.css')).toContain(`@media (min-width: ${DESKTOP_BREAKPOINT + 1}px)`);
  expect(css('TOC/styles.module.css')).toMatch(
    new RegExp(`@media \\(max-width: ${DESKTOP_BREAKPOINT}px\\) \\{\\s*\\.tableOfContents \\{\\s*display: none;`),
  );
  expect([996, 995, 320].map((w) => isPhoneWidth({innerWidth: w}))).toEqual([true, true, true]);
  expect([997, 1280].map((w) => isPhoneWidth({innerWidth: w}))).toEqual([false, false]);
});

test('the theme unmounts the desktop sidebar and table of contents on phones, and renders the mobile sidebar only there', () => {
  const theme = (file: string) =>
    fs.readFileSync(packageFile('@docusaurus/theme-classic', `lib/theme/${file}`), 'utf8');
  expect(theme('DocSidebar/index.js')).toContain("windowSize === 'desktop' || windowSize === 'ssr'");
  expect(theme('DocItem/Layout/index.js')).toMatch(
    /\(windowSize === 'desktop' \|\| windowSize === 'ssr'\) \? \(\s*<DocItemTOCDesktop \/>/,
  );
  expect(theme('Navbar/MobileSidebar/index.js')).toContain('if (!mobileSidebar.shouldRender) {');
  const toggle = theme('Navbar/MobileSidebar/Toggle/index.js');
  expect(toggle).toContain('className="navbar__toggle clean-btn"');
  expect(TOGGLE_SELECTOR).toBe('button.navbar__toggle');
  expect(toggle).toMatch(/<button\b/);
});

function fakeDocument() {
  const listeners = new Map<string, (e: Event) => void>();
  return {
    listeners,
    addEventListener: (type: string, fn: (e: Event) => void) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
  };
}
const on = (matches: boolean) =>
  ({target: {closest: (s: string) => (matches && s === TOGGLE_SELECTOR ? {} : null)}}) as unknown as Event;

test('the mobile sidebar is wanted on the first intent event on its toggle, once, and not for other targets', () => {
  const doc = fakeDocument();
  let calls = 0;
  onToggleIntent(() => calls++, doc as unknown as Document);
  expect([...doc.listeners.keys()].sort()).toEqual([...INTENT_EVENTS].sort());
  doc.listeners.get('pointerover')!(on(false));
  doc.listeners.get('focusin')!({target: null} as unknown as Event);
  expect(calls).toBe(0);
  doc.listeners.get('touchstart')!(on(true));
  expect(calls).toBe(1);
  expect(doc.listeners.size).toBe(0);
});

test('stopping removes every listener', () => {
  const doc = fakeDocument();
  const stop = onToggleIntent(() => undefined, doc as unknown as Document);
  stop();
  expect(doc.listeners.size).toBe(0);
});
