import fs from 'node:fs';
import path from 'node:path';
import {test, expect} from '@playwright/test';
import {themes} from 'prism-react-renderer';
import {blend, contrastRatio, ensureContrast, parseColor, toHex} from '../../src/lib/contrast';
import {accessibleTheme, darkCodeTheme, HIGHLIGHTED_LINE_BG, lightCodeTheme} from '../../src/lib/codeThemes';

test('parseColor reads hex, rgb(a) and hsl(a)', () => {
  expect(parseColor('#fff')).toEqual({r: 255, g: 255, b: 255, a: 1});
  expect(parseColor('#1E1E1E')).toEqual({r: 30, g: 30, b: 30, a: 1});
  expect(parseColor('rgba(11, 92, 173, 0.12)')).toEqual({r: 11, g: 92, b: 173, a: 0.12});
  expect(toHex(parseColor('hsl(0, 100%, 50%)'))).toBe('#ff0000');
  expect(() => parseColor('tomato')).toThrow(/unsupported/);
});

test('contrastRatio matches the WCAG reference values', () => {
  expect(contrastRatio(parseColor('#000'), parseColor('#fff'))).toBeCloseTo(21, 5);
  expect(contrastRatio(parseColor('#777'), parseColor('#fff'))).toBeCloseTo(4.48, 2);
  expect(toHex(blend(parseColor('rgba(0, 0, 0, 0.5)'), parseColor('#ffffff')))).toBe('#808080');
});

test('ensureContrast keeps passing colours and moves failing ones just enough', () => {
  expect(ensureContrast('#000000', ['#ffffff'])).toBe('#000000');
  const fixed = ensureContrast('#4078f2', ['#fafafa']);
  expect(contrastRatio(parseColor(fixed), parseColor('#fafafa'))).toBeGreaterThanOrEqual(4.5);
  expect(contrastRatio(parseColor(fixed), parseColor('#fafafa'))).toBeLessThan(5.2);
  const lighter = ensureContrast('rgb(0, 0, 128)', ['#1e1e1e']);
  expect(contrastRatio(parseColor(lighter), parseColor('#1e1e1e'))).toBeGreaterThanOrEqual(4.5);
});

test('the stock themes fail, so the adjustment is needed', () => {
  const failing = themes.palenight.styles.filter(
    (s) => s.style.color && contrastRatio(parseColor(s.style.color), parseColor('#292d3e')) < 4.5,
  );
  expect(failing.length).toBeGreaterThan(0);
});

test('code blocks are dark, editor-style, in both colour modes (spec §9)', () => {
  expect(lightCodeTheme.plain.backgroundColor).toBe(themes.palenight.plain.backgroundColor);
  expect(darkCodeTheme.plain.backgroundColor).toBe(themes.vsDark.plain.backgroundColor);
  for (const theme of [lightCodeTheme, darkCodeTheme]) {
    // Light text on a dark block: the block is far darker than a white page.
    expect(contrastRatio(parseColor(theme.plain.backgroundColor!), parseColor('#ffffff'))).toBeGreaterThan(10);
  }
});

test('every code token colour reaches 4.5:1 on the block and on a highlighted line, in both modes', () => {
  for (const [theme, highlight] of [
    [lightCodeTheme, HIGHLIGHTED_LINE_BG.light],
    [darkCodeTheme, HIGHLIGHTED_LINE_BG.dark],
  ] as const) {
    const bg = parseColor(theme.plain.backgroundColor!);
    const highlighted = blend(parseColor(highlight), bg);
    for (const color of [theme.plain.color, ...theme.styles.map((s) => s.style.color)].filter(Boolean)) {
      expect(contrastRatio(parseColor(color!), bg), color).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(parseColor(color!), highlighted), color).toBeGreaterThanOrEqual(4.5);
    }
  }
  expect(accessibleTheme(themes.vsDark, HIGHLIGHTED_LINE_BG.dark).plain.backgroundColor).toBe('#1E1E1E');
});

test('the highlighted-line colours match the CSS variables in custom.css', () => {
  const css = fs.readFileSync(path.resolve(__dirname, '../../src/css/custom.css'), 'utf8');
  const values = [...css.matchAll(/--docusaurus-highlighted-code-line-bg:\s*([^;]+);/g)].map((m) => m[1]!.trim());
  expect(values).toEqual([HIGHLIGHTED_LINE_BG.light, HIGHLIGHTED_LINE_BG.dark]);
});

test("dark mode's code-block colours in custom.css are the dark code theme's, so a block is right before hydration", () => {
  const css = fs.readFileSync(path.resolve(__dirname, '../../src/css/custom.css'), 'utf8');
  const rule = /\[data-theme='dark'\] \.theme-code-block \{([^}]*)\}/.exec(css)?.[1];
  expect(rule).toBeDefined();
  const value = (name: string) => new RegExp(`${name}:\\s*([^;]+?)\\s*!important;`).exec(rule!)?.[1]?.toLowerCase();
  expect(value('--prism-color')).toBe(darkCodeTheme.plain.color!.toLowerCase());
  expect(value('--prism-background-color')).toBe(darkCodeTheme.plain.backgroundColor!.toLowerCase());
});
