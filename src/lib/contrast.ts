/**
 * WCAG 2 colour contrast: parse CSS colours (hex, rgb(a), hsl(a)), blend a translucent
 * colour over a background, compute the contrast ratio, and move a colour's lightness
 * until it reaches a minimum ratio against every given background.
 */

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

function rgbToHsl(r: number, g: number, b: number): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h * 60, s, l];
}

export function parseColor(css: string): Rgba {
  const c = css.trim().toLowerCase();
  let m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(c);
  if (m) {
    const hex = m[1]!.length === 3 ? [...m[1]!].map((x) => x + x).join('') : m[1]!;
    return {r: parseInt(hex.slice(0, 2), 16), g: parseInt(hex.slice(2, 4), 16), b: parseInt(hex.slice(4, 6), 16), a: 1};
  }
  m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+))?\s*\)$/.exec(c);
  if (m) return {r: Number(m[1]), g: Number(m[2]), b: Number(m[3]), a: m[4] === undefined ? 1 : Number(m[4])};
  m = /^hsla?\(\s*([\d.]+)(?:deg)?[\s,]+([\d.]+)%[\s,]+([\d.]+)%(?:[\s,/]+([\d.]+))?\s*\)$/.exec(c);
  if (m) {
    const [r, g, b] = hslToRgb(Number(m[1]), Number(m[2]) / 100, Number(m[3]) / 100);
    return {r, g, b, a: m[4] === undefined ? 1 : Number(m[4])};
  }
  throw new Error(`unsupported colour: ${css}`);
}

/** The opaque colour seen when `top` (possibly translucent) is painted over `bottom`. */
export function blend(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return {r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1};
}

function luminance({r, g, b}: Rgba): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export function toHex({r, g, b}: Rgba): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The colour itself if it already reaches `min` against every background; otherwise the
 * same hue and saturation with the lightness moved (darker on light backgrounds, lighter
 * on dark ones) just far enough.
 */
export function ensureContrast(color: string, backgrounds: string[], min = 4.5): string {
  const bgs = backgrounds.map(parseColor);
  const fg = parseColor(color);
  const passes = (c: Rgba) => bgs.every((bg) => contrastRatio(c, bg) >= min);
  if (passes(fg)) return color;
  const [h, s, l] = rgbToHsl(fg.r, fg.g, fg.b);
  const darkBackground = luminance(bgs[0]!) < 0.2;
  for (let step = 1; step <= 100; step++) {
    const nl = darkBackground ? Math.min(1, l + step / 100) : Math.max(0, l - step / 100);
    const [r, g, b] = hslToRgb(h, s, nl);
    const candidate = {r, g, b, a: 1};
    if (passes(candidate)) return toHex(candidate);
  }
  throw new Error(`no lightness of ${color} reaches ${min}:1`);
}
