/**
 * Code spans in plain text, as CommonMark reads them: the OpenAPI and JSON Schema descriptions
 * and the facts the pages derive from them mark code with backticks, and the components and
 * remark plugins render those spans as <code>.
 */

/**
 * Splits text into plain parts and `code` spans, so the spans can render as <code>;
 * odd-indexed parts are code. As in CommonMark, a span opens with a run of backticks and
 * closes with the next run of the same length (so ``a ` b`` holds a backtick), one space
 * each side of the content is dropped when both are there, and a run that nothing closes
 * stays plain text.
 */
export function inlineCodeParts(text: string): string[] {
  const parts: string[] = [];
  let plain = '';
  let i = 0;
  while (i < text.length) {
    const tick = text.indexOf('`', i);
    if (tick === -1) {
      plain += text.slice(i);
      break;
    }
    plain += text.slice(i, tick);
    const opener = /^`+/.exec(text.slice(tick))![0];
    const closer = new RegExp(`(?<!\`)${opener}(?!\`)`, 'g');
    closer.lastIndex = tick + opener.length;
    const close = closer.exec(text);
    if (!close) {
      plain += opener;
      i = tick + opener.length;
      continue;
    }
    const code = text.slice(tick + opener.length, close.index);
    parts.push(plain, /^ .*[^ ].* $/s.test(code) ? code.slice(1, -1) : code);
    plain = '';
    i = close.index + opener.length;
  }
  parts.push(plain);
  return parts;
}

/** `text` as one code span that inlineCodeParts reads back exactly, whatever backticks it holds. */
export function codeSpan(text: string): string {
  const longestRun = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  const pad = /^[` ]|[` ]$/.test(text) && /[^ ]/.test(text) ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}
