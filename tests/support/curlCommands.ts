/**
 * The curl commands of a page, as a reader would run them: each shell block is split into
 * statements (quotes, `$(…)`, line continuations and here-documents respected); every `curl`
 * invocation in a statement is one command to run, and the variable assignments and files the page
 * set up before it (earlier statements, blocks titled with a file name) are what it runs after.
 * Pure functions: the spec runs them.
 */

/** One statement of a shell block: a command line with its continuations, or a here-document. */
export interface Statement {
  text: string;
  /** 1-based line within the block. */
  line: number;
}

/** Splits shell text into statements at unquoted line ends outside `$(…)`, `(…)` and here-documents. */
export function statements(text: string): Statement[] {
  const out: Statement[] = [];
  let start = 0;
  let line = 1;
  let startLine = 1;
  let quote: string | null = null;
  let depth = 0;
  const heredocs: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
      if (text[i] === '\n') line++;
      continue;
    }
    if (c === '\\' && text[i + 1] === '\n') {
      i++;
      line++;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
    } else if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === '<' && text[i + 1] === '<' && text[i + 2] !== '<') {
      const m = /^<<-?\s*(['"]?)([A-Za-z_]\w*)\1/.exec(text.slice(i));
      if (m) heredocs.push(m[2]!);
    } else if (c === '\n') {
      line++;
      if (heredocs.length) {
        // The here-document's body runs to its terminator line.
        for (const word of heredocs.splice(0)) {
          const end = new RegExp(`^\\s*${word}\\s*$`, 'm');
          const rest = text.slice(i + 1);
          const m = end.exec(rest);
          const stop = m ? i + 1 + m.index + m[0].length : text.length;
          line += text.slice(i + 1, stop).split('\n').length - 1;
          i = stop;
        }
        if (text[i] === '\n') line++;
      }
      if (depth === 0) {
        const chunk = text.slice(start, i).trim();
        if (chunk && !chunk.startsWith('#')) out.push({text: chunk, line: startLine});
        start = i + 1;
        startLine = line;
      }
    }
  }
  const chunk = text.slice(start).trim();
  if (chunk && !chunk.startsWith('#')) out.push({text: chunk, line: startLine});
  return out;
}

/** The `curl …` invocations in a statement: from the word `curl` in command position to the end of that simple command. */
export function curlInvocations(statement: string, curlArrays: ReadonlySet<string> = new Set()): string[] {
  const found: string[] = [];
  let quote: string | null = null;
  for (let i = 0; i < statement.length; i++) {
    const c = statement[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
      continue;
    }
    // `curl …`, or an array that holds a curl command line: `"${VIREO[@]}" …` after `VIREO=(curl …)`.
    const array = /^"?\$\{([A-Za-z_]\w*)\[@\]\}"?/.exec(statement.slice(i));
    if ((c === "'" || c === '"') && !(array && curlArrays.has(array[1]!))) {
      quote = c;
      continue;
    }
    const word = statement.startsWith('curl', i) && /[\s'"]|$/.test(statement[i + 4] ?? '');
    if (!word && !(array && curlArrays.has(array[1]!))) continue;
    const before = statement.slice(0, i).replace(/\s+$/, '');
    if (before.endsWith('=(')) continue; // an array's first element, not a command
    if (before && !/(^|[|;&(]|\$\(|\b(?:then|do|else|time|!))$/.test(before)) continue;
    // The command runs to an unquoted |, ;, &&, ||, a closing parenthesis or the end.
    let q: string | null = null;
    let depth = 0;
    let j = i;
    for (; j < statement.length; j++) {
      const d = statement[j]!;
      if (q) {
        if (d === '\\' && q === '"') j++;
        else if (d === q) q = null;
        continue;
      }
      if (d === "'" || d === '"') q = d;
      else if (d === '\\') j++;
      else if (d === '(') depth++;
      else if (d === ')') {
        if (depth === 0) break;
        depth--;
      } else if (depth === 0 && (d === '|' || d === ';' || d === '\n' || (d === '&' && statement[j + 1] === '&')))
        break;
    }
    found.push(
      statement
        .slice(i, j)
        .replace(/(\s|\\\n)+$/, '')
        .replace(/\s*\\$/, '')
        .trim(),
    );
    i = j;
  }
  return found;
}

/** A statement that sets up what later commands use: a variable assignment, `export`, `cd`-free file writing. */
export function isSetup(statement: string): boolean {
  return (
    /^(export\s+)?[A-Za-z_][A-Za-z0-9_]*=/.test(statement) ||
    // A command whose output the page keeps in a file for a later step: `… > params.json`.
    /(^|[^>&2])>\s*[\w.-]+\.(json|ya?ml|txt|pem|xml)\s*$/.test(statement) ||
    /^(cat|tee)\b[^\n]*<<-?\s*['"]?\w+/.test(statement) ||
    /^(printf|echo)\b[^\n|]*[^2&]>\s*[\w.-]+$/.test(statement)
  );
}

export interface PageCommand {
  /** The invocation to run. */
  command: string;
  /** What runs before it: the page's setup statements so far, in order. */
  setup: string[];
  /** 1-based line in the page of the block's first statement line. */
  line: number;
}

export interface PageBlock {
  lang: string;
  meta: string;
  body: string;
  line: number;
}

export const SHELL_LANGS = new Set(['bash', 'sh', 'shell', 'console', 'zsh']);

/** Every curl command of a page's blocks, with the setup before it and the files titled blocks give. */
export function pageCommands(blocks: PageBlock[]): {commands: PageCommand[]; files: Record<string, string>} {
  const commands: PageCommand[] = [];
  const files: Record<string, string> = {};
  const setup: string[] = [];
  const curlArrays = new Set<string>();
  const loops: string[] = [];
  for (const block of blocks) {
    const title = /title="([^"]+)"/.exec(block.meta)?.[1];
    if (title && /^[\w./-]+$/.test(title) && !title.includes('..')) files[title.split('/').pop()!] = block.body;
    if (!SHELL_LANGS.has(block.lang)) continue;
    for (const s of statements(block.body)) {
      const text = s.text.replace(/^\$\s+/, '');
      const array = /^([A-Za-z_]\w*)=\(curl\b/.exec(text);
      if (array) curlArrays.add(array[1]!);
      // Inside `for x in a b c; do … done`, a command runs with the loop variable at its first value.
      const loop = /^for\s+([A-Za-z_]\w*)\s+in\s+([^;\n]+?)\s*;?\s*(?:\n\s*)?do\b/.exec(text);
      if (loop) loops.push(`${loop[1]}=${loop[2]!.trim().split(/\s+/)[0]}`);
      for (const command of curlInvocations(text, curlArrays))
        commands.push({command, setup: [...setup, ...loops], line: block.line + s.line});
      if (/(^|[;\s])done\s*$/.test(text)) loops.pop();
      if (isSetup(text)) setup.push(text);
    }
  }
  return {commands, files};
}
