import fs from 'node:fs';
import {fencedBlocks} from './files';

/**
 * The `lyk` command-line reference (docs/references/command-line-interface.md) read as
 * data, and the `lyk` invocations of any page checked against it.
 *
 * The reference gives, per command, a `### lyk <command>` heading, a `text` block with
 * its synopsis and a table of its own flags; the "Global flags" table applies to every
 * command. A flag whose description says "LyktaOS 12 and later" is missing from the
 * reference of the older LEAP versions (3 and 4), whose devices run LyktaOS 10 and 11.
 */

export interface LykFlag {
  /** Spellings: `--lines`, `-n`. */
  names: string[];
  /** Whether the flag takes a value (`--lines <n>`). */
  takesValue: boolean;
  /** Allowed values when the description lists them (`table`, `json` or `yaml`). */
  choices?: string[];
  /** The flag exists only on devices with LyktaOS 12 and later. */
  lyktaOS12?: boolean;
}

export interface LykReference {
  /** Command name (`app logs`) → its own flags. */
  commands: Map<string, LykFlag[]>;
  global: LykFlag[];
}

/** Which reference a page is held to: the current one, or the one of LEAP 4 and 3 (LyktaOS 10 and 11). */
export type ReferenceScope = 'current' | 'lyktaos-10-11';

const FLAG_CELL = /^\|\s*(`-[^|]*?)\s*\|[^|]*\|\s*(.*?)\s*\|\s*$/;

function parseFlagRow(line: string): LykFlag | undefined {
  const m = FLAG_CELL.exec(line);
  if (!m) return undefined;
  const spellings = [...m[1]!.matchAll(/`([^`]+)`/g)].map((s) => s[1]!);
  const names = spellings.map((s) => s.split(/[\s=]/)[0]!).filter((n) => n.startsWith('-'));
  if (names.length === 0) return undefined;
  const description = m[2]!;
  const list = /:\s*((?:`[^`]+`(?:, | or ))+`[^`]+`)/.exec(description)?.[1];
  return {
    names,
    takesValue: spellings.some((s) => /\s<[^>]+>/.test(s)),
    choices: list ? [...list.matchAll(/`([^`]+)`/g)].map((c) => c[1]!) : undefined,
    lyktaOS12: /LyktaOS 12 and later/.test(description) || undefined,
  };
}

/** Command words of a synopsis line: `lyk cert import --id <id>` → `cert import`. */
function synopsisCommand(line: string): string | undefined {
  const words = line.trim().split(/\s+/);
  if (words[0] !== 'lyk') return undefined;
  const cmd: string[] = [];
  for (const w of words.slice(1)) {
    if (!/^[a-z][a-z-]*$/.test(w)) break;
    cmd.push(w);
  }
  return cmd.length ? cmd.join(' ') : undefined;
}

/** Reads the reference page. Throws when it does not look like one, so a changed layout cannot pass silently. */
export function parseReference(file: string): LykReference {
  const text = fs.readFileSync(file, 'utf8');
  const sections = text.split(/^(?=## |### )/m);
  const global = sections
    .filter((s) => s.startsWith('## Global flags'))
    .flatMap((s) => s.split('\n').flatMap((l) => parseFlagRow(l) ?? []));
  const commands = new Map<string, LykFlag[]>();
  for (const section of sections.filter((s) => /^### lyk /.test(s))) {
    const flags = section.split('\n').flatMap((l) => parseFlagRow(l) ?? []);
    const synopses = [...section.matchAll(/^```text\n([\s\S]*?)^```/gm)][0]?.[1] ?? '';
    const names = synopses.split('\n').flatMap((l) => synopsisCommand(l) ?? []);
    for (const name of names) {
      // Flags named only in the synopsis (none today) still count as the command's.
      const inSynopsis = synopses
        .split('\n')
        .filter((l) => synopsisCommand(l) === name)
        .flatMap((l) => [...l.matchAll(/(?<![\w-])(--?[a-z][a-z0-9-]*)( <)?/g)])
        .filter((f) => !flags.some((g) => g.names.includes(f[1]!)))
        .map((f) => ({names: [f[1]!], takesValue: Boolean(f[2])}));
      commands.set(name, [...(commands.get(name) ?? []), ...flags, ...inSynopsis]);
    }
  }
  if (global.length < 10 || commands.size < 20)
    throw new Error(`${file}: found ${global.length} global flags and ${commands.size} commands`);
  return {commands, global};
}

/** Splits a shell command line into words, honouring quotes; `$(...)` and the like stay in one word. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let cur = '';
  let quote: string | undefined;
  let started = false;
  for (const ch of line) {
    if (quote) {
      if (ch === quote) quote = undefined;
      else cur += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      started = true;
    } else if (/\s/.test(ch)) {
      if (started || cur) words.push(cur);
      cur = '';
      started = false;
    } else cur += ch;
  }
  if (started || cur) words.push(cur);
  return words;
}

/** Words that may precede the command name in a shell segment. */
const PREFIX_WORDS = new Set([
  'sudo',
  'time',
  'exec',
  'command',
  'then',
  'do',
  'else',
  'if',
  'while',
  'until',
  '!',
  '{',
  'run:',
  '-',
]);

/** Index of the `)` that closes the `(` at `open`, skipping quoted text. */
function closingParen(line: string, open: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = open; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return line.length;
}

/**
 * The simple commands of one shell line: split at `|`, `||`, `&&`, `;`, `&` and subshell
 * parentheses outside quotes; the commands inside `$(...)`, `<(...)` and backquotes are
 * returned as well (their place in the outer command becomes one word). Comments are dropped.
 */
export function simpleCommands(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote: string | undefined;
  const flush = () => {
    if (cur.trim()) out.push(cur.trim());
    cur = '';
  };
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote === "'") {
      cur += c;
      if (c === "'") quote = undefined;
    } else if ((c === '$' || c === '<') && line[i + 1] === '(') {
      const end = closingParen(line, i + 1);
      out.push(...simpleCommands(line.slice(i + 2, end)));
      cur += 'SUBSTITUTION';
      i = end;
    } else if (c === '`') {
      const end = line.indexOf('`', i + 1) < 0 ? line.length : line.indexOf('`', i + 1);
      out.push(...simpleCommands(line.slice(i + 1, end)));
      cur += 'SUBSTITUTION';
      i = end;
    } else if (quote === '"') {
      cur += c;
      if (c === '"') quote = undefined;
    } else if (c === "'" || c === '"') {
      quote = c;
      cur += c;
    } else if (c === '#' && (cur === '' || /\s$/.test(cur))) break;
    else if ('|;&()'.includes(c)) flush();
    else cur += c;
  }
  flush();
  return out;
}

/**
 * The `lyk` invocations of a shell text: logical lines (backslash continuations joined),
 * split into simple commands; a command counts when its command word, after environment
 * assignments and words like `sudo`, is `lyk`. A prompt (`$ `) before the command is dropped.
 */
export function lykInvocations(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.replace(/\\\n/g, ' ').split('\n')) {
    const line = raw.replace(/^\s*(?:\$|PS [^>]*>)\s+/, '');
    for (const command of simpleCommands(line)) {
      const words = shellWords(command);
      let i = 0;
      while (i < words.length && (PREFIX_WORDS.has(words[i]!) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!))) i++;
      if (words[i] === 'lyk' || words[i] === 'lyk.exe') out.push(words.slice(i).map(quoteWord).join(' '));
    }
  }
  return out;
}

/** Quotes a word again when it holds spaces, so that the invocation splits as it did. */
const quoteWord = (w: string) => (/[\s]/.test(w) || w === '' ? `'${w.replace(/'/g, '')}'` : w);

/** One option of an invocation, as the reference reads it. */
interface ParsedFlag {
  name: string;
  value?: string;
  /** The reference's option (the command's own or a global one), if it has one of that name. */
  flag?: LykFlag;
  /** Whether the command was known when the option came (to name it in a message). */
  afterCommand?: string;
}

interface ParsedInvocation {
  command?: string;
  flags: ParsedFlag[];
  /** Words before the command that name no command (or the start of none). */
  notCommand?: string;
  /** Positional words that start a command but do not complete one. */
  incomplete: string[];
}

/** Reads an invocation (`lyk --device x app logs app --since 15m`) word by word against the reference. */
function parseInvocation(invocation: string, ref: LykReference): ParsedInvocation {
  const words = shellWords(invocation).slice(1);
  const findFlag = (flags: LykFlag[], name: string) =>
    flags.find((f) => f.names.includes(name)) ??
    // Repeated short flags such as -vv and -vvv.
    (/^-([a-z])\1+$/.test(name) ? flags.find((f) => f.names.includes(name.slice(0, 2)) && !f.takesValue) : undefined);
  const parsed: ParsedInvocation = {flags: [], incomplete: []};
  let own: LykFlag[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (/^--?[a-zA-Z]/.test(word)) {
      const [name, inlineValue] = word.includes('=')
        ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]
        : [word];
      const flag = findFlag(own, name!) ?? findFlag(ref.global, name!);
      let value = inlineValue;
      if (flag?.takesValue && value === undefined) value = words[++i];
      parsed.flags.push({name: name!, value, flag, afterCommand: parsed.command});
      continue;
    }
    if (parsed.command !== undefined) continue;
    parsed.incomplete.push(word);
    const so = parsed.incomplete.join(' ');
    if (ref.commands.has(so)) {
      parsed.command = so;
      own = ref.commands.get(so)!;
      parsed.incomplete = [];
    } else if (![...ref.commands.keys()].some((c) => c.startsWith(`${so} `))) {
      parsed.notCommand = so;
      return parsed;
    }
  }
  return parsed;
}

/**
 * Checks one invocation (`lyk --device 192.0.2.10 app logs app --since 15m`) against the
 * reference: the command exists, every flag is the command's or a global one and has its
 * value, listed values are allowed, and for the older LEAP versions no flag is newer than
 * LyktaOS 11.
 * Returns the problems found; none means the invocation is in the reference.
 */
export function checkInvocation(
  invocation: string,
  ref: LykReference,
  scope: ReferenceScope = 'current',
  {mention = false} = {},
): string[] {
  const parsed = parseInvocation(invocation, ref);
  const problems: string[] = [];
  for (const {name, value, flag, afterCommand} of parsed.flags) {
    if (!flag) {
      problems.push(
        afterCommand
          ? `option ${name} is not an option of "lyk ${afterCommand}"`
          : `option ${name} is not a global option`,
      );
      continue;
    }
    // Inline code in prose may name an option without its value (`lyk token --client-id`).
    if (flag.takesValue && value === undefined && !mention) problems.push(`option ${name} needs a value`);
    if (flag.choices && value !== undefined && /^[a-z0-9-]+$/.test(value) && !flag.choices.includes(value))
      problems.push(`option ${name} does not take "${value}" (${flag.choices.join(', ')})`);
    if (flag.lyktaOS12 && scope === 'lyktaos-10-11')
      problems.push(`option ${name} needs LyktaOS 12, which LEAP 4 and 3 devices do not run`);
  }
  if (parsed.notCommand !== undefined) return [...problems, `"lyk ${parsed.notCommand}" is not a command`];
  // `lyk app` alone names a group of commands in prose, which is fine.
  const words = shellWords(invocation).slice(1);
  if (
    parsed.command === undefined &&
    parsed.incomplete.length > 0 &&
    problems.length === 0 &&
    words.length > parsed.incomplete.length
  )
    problems.push(`"lyk ${parsed.incomplete.join(' ')}" is not a complete command`);
  return problems;
}

export interface LykUse {
  /** `file:line` of the code block or paragraph. */
  where: string;
  invocation: string;
  /** From inline code in prose, which may name an option without a value. */
  mention?: boolean;
}

/**
 * Every `lyk` invocation of a Markdown page: in code blocks (shell languages, and lines of
 * `text` blocks that start with `lyk` or `$ lyk`) and in inline code that starts with `lyk `.
 */
export function lykUses(file: string, relative: string, {textBlocks = true} = {}): LykUse[] {
  const uses: LykUse[] = [];
  const SHELL = /^(bash|sh|shell|console|zsh|powershell|ps1|yaml|yml|dockerfile|docker|makefile|toml|json|jsonc)$/;
  const text = fs.readFileSync(file, 'utf8');
  for (const {lang, body, line} of fencedBlocks(text)) {
    const shell = SHELL.test(lang)
      ? body
      : lang === 'text' && textBlocks
        ? body
            .split('\n')
            .filter((l) => /^\s*(\$ )?lyk /.test(l))
            .join('\n')
        : '';
    const source = /^(json|jsonc|toml)$/.test(lang) ? '' : shell;
    for (const invocation of lykInvocations(source)) uses.push({where: `${relative}:${line}`, invocation});
    // Commands inside TOML strings (token_command = "lyk token ...") and YAML run: lines are covered above.
    if (lang === 'toml')
      for (const m of body.matchAll(/=\s*"(lyk [^"]*)"/g)) uses.push({where: `${relative}:${line}`, invocation: m[1]!});
  }
  const prose = text.replace(/^[ \t]*(```+)[\s\S]*?^[ \t]*\1\s*$/gm, (block) => block.replace(/[^\n]/g, ' '));
  for (const m of prose.matchAll(/(?<!`)`(lyk [^`]+)`(?!`)/g)) {
    const lineNo = prose.slice(0, m.index).split('\n').length;
    uses.push({where: `${relative}:${lineNo}`, invocation: m[1]!, mention: true});
  }
  return uses;
}

/**
 * The command of an invocation (`lyk --device x -o json param get A` → `param get`) and its
 * output format (`-o`/`--output`, else undefined). Undefined command when it names none.
 */
export function commandOf(invocation: string, ref: LykReference): {command?: string; output?: string} {
  const parsed = parseInvocation(invocation, ref);
  const output = parsed.flags.find((f) => f.name === '-o' || f.name === '--output')?.value;
  return {command: parsed.command, output};
}
