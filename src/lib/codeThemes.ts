/**
 * The code-block colour themes. Spec §9: the default code theme is a dark, editor-style one,
 * so code blocks are dark in both colour modes: Palenight (the theme Docusaurus itself uses
 * by default) while the page is light, VS Dark while it is dark. Every token colour is
 * adjusted to at least 4.5:1 contrast (WCAG AA) against the block background and against a
 * highlighted line. The highlighted-line colours must match
 * `--docusaurus-highlighted-code-line-bg` in src/css/custom.css (a unit test checks both).
 */
import {themes, type PrismTheme} from 'prism-react-renderer';
import {blend, ensureContrast, parseColor, toHex} from './contrast';

export const HIGHLIGHTED_LINE_BG = {
  light: 'rgba(124, 192, 255, 0.12)',
  dark: 'rgba(124, 192, 255, 0.18)',
} as const;

export function accessibleTheme(theme: PrismTheme, highlightedLine: string, min = 4.5): PrismTheme {
  const background = theme.plain.backgroundColor ?? '#ffffff';
  const backgrounds = [background, toHex(blend(parseColor(highlightedLine), parseColor(background)))];
  const fix = (color: string | undefined) => (color ? ensureContrast(color, backgrounds, min) : color);
  return {
    plain: {...theme.plain, color: fix(theme.plain.color)},
    styles: theme.styles.map((s) => ({...s, style: {...s.style, color: fix(s.style.color)}})),
  };
}

export const lightCodeTheme = accessibleTheme(themes.palenight, HIGHLIGHTED_LINE_BG.light);
export const darkCodeTheme = accessibleTheme(themes.vsDark, HIGHLIGHTED_LINE_BG.dark);
