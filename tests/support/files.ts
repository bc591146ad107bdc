import fs from 'node:fs';
import path from 'node:path';

/** The repository root. */
export const ROOT = path.resolve(__dirname, '../..');

/** Every file below `dir` whose name matches `name`, depth first; none when `dir` is missing. */
export function filesUnder(dir: string, name: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p, name) : name.test(e.name) ? [p] : [];
  });
}

export interface CodeBlock {
  /** Language of the fence, e.g. `json`. */
  lang: string;
  /** The rest of the fence line: `title="…" schema="…"`. */
  meta: string;
  body: string;
  /** 1-based line of the opening fence. */
  line: number;
}

/** Every fenced code block of a Markdown file that names its language. */
export function codeBlocks(file: string): CodeBlock[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/^(```+)(\w+)([^\n]*)\n([\s\S]*?)^\1\s*$/gm)].map((m) => ({
    lang: m[2]!,
    meta: m[3]!,
    body: m[4]!,
    line: text.slice(0, m.index).split('\n').length,
  }));
}
