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

/** Where the published Markdown pages live: docs, LEAP of every version, blog and the plain pages. */
export const CONTENT_DIRS = ['docs', 'sdk', 'sdk_versioned_docs', 'blog', 'src/pages'];

/** Every published Markdown page (absolute paths): files and folders starting with `_` are not published. */
export function contentPages(): string[] {
  return CONTENT_DIRS.flatMap((d) => filesUnder(path.join(ROOT, d), /\.mdx?$/)).filter(
    (file) =>
      !path
        .relative(ROOT, file)
        .split(path.sep)
        .some((part) => part.startsWith('_')),
  );
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

export interface Block {
  lang: string;
  /** The rest of the fence line, e.g. `title="app/main.c"`. */
  meta: string;
  body: string;
  /** 1-based line of the opening fence. */
  line: number;
}

/**
 * Fenced code blocks, including those indented inside list items (which `codeBlocks` leaves out); the indentation is removed from the body.
 */
export function fencedBlocks(text: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const l = lines[j]!;
      if (l.trim().startsWith(fence!) && l.trim().replace(/[`~]/g, '') === '') break;
      body.push(l.startsWith(indent!) ? l.slice(indent!.length) : l.trimStart());
    }
    blocks.push({lang: open[3]!, meta: open[4]!.trim(), body: body.join('\n'), line: i + 1});
    i = j;
  }
  return blocks;
}
