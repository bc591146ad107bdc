/**
 * Reading the site's Markdown versions (src/plugins/markdown-pages) in tests, independently of the code
 * that writes them: headings and fenced code blocks as a reader's Markdown parser sees them, and the
 * spec's route list.
 */
import fs from 'node:fs';
import path from 'node:path';
import {ROOT} from './files';

/** The spec's route list (`../shared/spec/routes.txt`; LYKTA_SPEC_DIR names another spec folder). */
export function specRoutes(): string[] {
  const file = path.join(process.env.LYKTA_SPEC_DIR ?? path.join(ROOT, '../shared/spec'), 'routes.txt');
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('/'));
}

/** A fenced code block of a Markdown file. */
export interface Fence {
  lang: string;
  meta: string;
  body: string;
}

/** Lines outside fenced code, and the fenced blocks (indented fences in list items included). */
export function parseMarkdown(markdown: string): {lines: string[]; fences: Fence[]} {
  const lines: string[] = [];
  const fences: Fence[] = [];
  let open: {marker: string; indent: number; lang: string; meta: string; body: string[]} | undefined;
  for (const line of markdown.split('\n')) {
    if (open) {
      const close = /^(\s*)(`{3,}|~{3,})\s*$/.exec(line);
      if (close && close[2]![0] === open.marker[0] && close[2]!.length >= open.marker.length) {
        fences.push({lang: open.lang, meta: open.meta, body: open.body.join('\n')});
        open = undefined;
      } else open.body.push(line.slice(Math.min(open.indent, line.length - line.trimStart().length)));
      continue;
    }
    const start = /^(\s*)(`{3,}|~{3,})(\S*)\s*(.*)$/.exec(line);
    if (start) {
      open = {marker: start[2]!, indent: start[1]!.length, lang: start[3]!, meta: start[4]!, body: []};
      continue;
    }
    lines.push(line);
  }
  return {lines, fences};
}

/** Markdown inline syntax reduced to its text: links, code spans, emphasis, escapes. */
export function inlineText(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!<>&|])/g, '$1')
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/\s+/g, ' ')
    .trim();
}

/** The ATX headings of levels 1 to `maxDepth` outside code, as `h2 Text` (a list item's too). */
export function markdownHeadings(markdown: string, maxDepth = 3): string[] {
  const out: string[] = [];
  for (const line of parseMarkdown(markdown).lines) {
    const m = /^(?:\s*[-*+] )?\s{0,3}(#{1,6}) +(.*?)(?: +#+)?\s*$/.exec(line);
    if (m && m[1]!.length <= maxDepth) out.push(`h${m[1]!.length} ${inlineText(m[2]!)}`);
  }
  return out;
}
