import {test, expect} from '@playwright/test';
import {createElement, type CSSProperties} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {Highlight, Prism, type PrismTheme} from 'prism-react-renderer';
import {darkCodeTheme, lightCodeTheme} from '../../src/lib/codeThemes';
import {DARK_PROPERTIES, dualModeStyle, sameStyle, themeDictionary, tokenStyle} from '../../src/lib/codeTokenStyle';

/** Every token of `code` with the style prism-react-renderer itself gives it under `theme`. */
function libraryStyles(theme: PrismTheme, language: string, code: string) {
  const out: {types: string[]; empty?: boolean; style: CSSProperties | undefined}[] = [];
  renderToStaticMarkup(
    createElement(Highlight, {
      theme,
      language,
      code,
      children: ({tokens, getTokenProps}) => {
        for (const line of tokens)
          for (const token of line) out.push({...token, style: getTokenProps({token}).style as CSSProperties});
        return null;
      },
    }),
  );
  return out;
}

const SAMPLES: Record<string, string> = {
  json: '{"topic": "lykta:video/motion", "active": true, "n": 3, "x": null}\n\n',
  yaml: 'name: leap\nports: [80, 443] # comment\nflag: "on"\n',
  python: 'import json\n\ndef f(x: int) -> str:\n    """doc"""\n    return f"{x!r}"  # c\n',
  c: '#include <stdio.h>\nint main(void) { const char *s = "a"; return 0; /* c */ }\n',
  cpp: 'template <typename T> struct A { static constexpr int n = 1; };\n',
  javascript: 'const a = async () => { await fetch(`/x/${id}`); }; // c\n',
  typescript: 'interface P { a?: string }\nexport function f(p: P): void {}\n',
  markup: '<svg xmlns="http://www.w3.org/2000/svg"><!-- c --><g id="a">&amp;</g></svg>\n',
  go: 'package main\nfunc main() { fmt.Println("x") }\n',
  rust: 'fn main() { let x: u8 = 1; println!("{}", x); }\n',
  markdown: '# Title\n\n- item `code`\n',
  sql: 'SELECT a FROM t WHERE b = 1;\n',
};

test('token styles are computed as prism-react-renderer computes them, in both code themes', () => {
  let tokens = 0;
  for (const [language, code] of Object.entries(SAMPLES)) {
    expect(Prism.languages[language], `Prism knows ${language}`).toBeTruthy();
    for (const theme of [lightCodeTheme, darkCodeTheme]) {
      const dict = themeDictionary(theme, language);
      for (const t of libraryStyles(theme, language, code)) {
        tokens++;
        expect(sameStyle(tokenStyle(dict, t), t.style), `${language} ${t.types.join(' ')}`).toBe(true);
      }
    }
  }
  expect(tokens).toBeGreaterThan(300);
});

test('a theme entry limited to some languages applies to those only (markup here)', () => {
  const theme: PrismTheme = {
    plain: {color: '#111111', backgroundColor: '#eeeeee'},
    styles: [
      {types: ['tag'], style: {color: '#aa0000'}},
      {types: ['tag'], languages: ['markup'], style: {color: '#00aa00', fontStyle: 'italic'}},
    ],
  };
  expect(tokenStyle(themeDictionary(theme, 'markup'), {types: ['tag']})).toEqual({
    color: '#00aa00',
    fontStyle: 'italic',
  });
  expect(tokenStyle(themeDictionary(theme, 'jsx'), {types: ['tag']})).toEqual({color: '#aa0000'});
  for (const language of ['markup', 'jsx'])
    for (const t of libraryStyles(theme, language, '<a href="x">y</a>'))
      expect(sameStyle(tokenStyle(themeDictionary(theme, language), t), t.style)).toBe(true);
});

test('a token carries the light style inline and the dark one as custom properties', () => {
  expect(dualModeStyle({color: '#fff', fontStyle: 'italic'}, {color: '#000'})).toEqual({
    color: '#fff',
    fontStyle: 'italic',
    [DARK_PROPERTIES.color]: '#000',
  });
  expect(dualModeStyle(undefined, {display: 'inline-block'})).toEqual({});
  // A property the dark-mode CSS does not carry fails loudly instead of showing the wrong mode.
  expect(() => dualModeStyle({color: '#fff'}, {textDecorationLine: 'underline'})).toThrow(/textDecorationLine/);
  expect(() => dualModeStyle({opacity: 0.7}, {})).toThrow(/opacity/);
  // A planted difference is seen.
  expect(sameStyle({color: '#fff'}, {color: '#ffe'})).toBe(false);
  expect(sameStyle({color: '#fff', fontStyle: undefined}, {color: '#fff'})).toBe(true);
});
