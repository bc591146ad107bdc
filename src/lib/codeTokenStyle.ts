/**
 * The colours of a highlighted token in both colour modes, so that code highlighted when the page
 * is built (src/theme/CodeBlock/Content) can change mode with CSS alone instead of being
 * highlighted again in the browser.
 *
 * prism-react-renderer computes a token's inline style from the theme in use; these functions do
 * the same for any theme. It is the library's own rule (its `themeToDict` and `getTokenProps`,
 * which it does not export), so `src/theme/CodeBlock/Line/Token` compares the result with the
 * library's style for the mode being drawn and fails the build when they differ, and a unit test
 * compares both on every language the site highlights.
 */
import type {CSSProperties} from 'react';
import type {PrismTheme} from 'prism-react-renderer';

export type ThemeDictionary = Record<string, CSSProperties | undefined>;

/** The theme's style per token type for one language (prism-react-renderer's themeToDict). */
export function themeDictionary(theme: PrismTheme, language: string): ThemeDictionary {
  const dict: ThemeDictionary = {};
  for (const entry of theme.styles) {
    if (entry.languages && !entry.languages.includes(language as never)) continue;
    for (const type of entry.types) dict[type] = {...dict[type], ...(entry.style as CSSProperties)};
  }
  dict.root = theme.plain as CSSProperties;
  dict.plain = {...(theme.plain as CSSProperties), backgroundColor: undefined};
  return dict;
}

const dictionaries = new WeakMap<PrismTheme, Map<string, ThemeDictionary>>();
/** {@link themeDictionary}, computed once per theme and language. */
export function cachedThemeDictionary(theme: PrismTheme, language: string): ThemeDictionary {
  let byLanguage = dictionaries.get(theme);
  if (!byLanguage) dictionaries.set(theme, (byLanguage = new Map()));
  let dict = byLanguage.get(language);
  if (!dict) byLanguage.set(language, (dict = themeDictionary(theme, language)));
  return dict;
}

/** A token's inline style under a theme (prism-react-renderer's getTokenProps). */
export function tokenStyle(
  dict: ThemeDictionary,
  token: {types: string[]; empty?: boolean},
): CSSProperties | undefined {
  const {types, empty} = token;
  if (types.length === 1 && types[0] === 'plain') return empty != null ? {display: 'inline-block'} : undefined;
  if (types.length === 1 && empty != null) return dict[types[0]!];
  return Object.assign(empty != null ? {display: 'inline-block'} : {}, ...types.map((type) => dict[type]));
}

/** The token style properties the dark mode overrides, and the custom property carrying each. */
export const DARK_PROPERTIES = {color: '--lykta-dark-color', fontStyle: '--lykta-dark-font-style'} as const;

/**
 * The inline style of a token drawn for both modes: the light theme's style as is, and the dark
 * theme's colour and font style as custom properties that src/css/custom.css applies in dark mode.
 * Throws when a theme styles a property that the dark-mode rule does not carry.
 */
export function dualModeStyle(light: CSSProperties | undefined, dark: CSSProperties | undefined): CSSProperties {
  const style: Record<string, unknown> = {...light};
  for (const [property, value] of Object.entries(dark ?? {})) {
    if (value === undefined || property === 'display') continue;
    const custom = DARK_PROPERTIES[property as keyof typeof DARK_PROPERTIES];
    if (!custom) throw new Error(`the dark code theme styles "${property}", which the dark-mode CSS does not carry`);
    style[custom] = value;
  }
  for (const property of Object.keys(light ?? {}))
    if (property !== 'display' && !(property in DARK_PROPERTIES))
      throw new Error(`the light code theme styles "${property}", which the dark-mode CSS does not reset`);
  return style as CSSProperties;
}

/** Whether two inline styles are the same (undefined members ignored). */
export function sameStyle(a: CSSProperties | undefined, b: CSSProperties | undefined): boolean {
  const defined = (s: CSSProperties | undefined) =>
    Object.entries(s ?? {})
      .filter(([, v]) => v !== undefined)
      .sort(([x], [y]) => x.localeCompare(y));
  return JSON.stringify(defined(a)) === JSON.stringify(defined(b));
}
