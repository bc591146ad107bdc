/**
 * The theme's breakpoint (@docusaurus/theme-common's useWindowSize and Infima's CSS): a window wider
 * than this is a desktop, and shows the doc sidebar and the table of contents beside the page.
 * tests/unit/pageStartParts.spec.ts checks it against the theme's files.
 */
export const DESKTOP_BREAKPOINT = 996;

/** True when the theme treats the window as a phone's (useWindowSize's "mobile"). */
export function isPhoneWidth(win: {innerWidth: number}): boolean {
  return !(win.innerWidth > DESKTOP_BREAKPOINT);
}
