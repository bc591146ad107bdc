/** The Copy page button's clipboard write, small enough to ship with the button (it must run in the click). */

/**
 * Writes text that is still arriving to the clipboard: as a ClipboardItem holding the promise where the
 * browser supports it (the write then belongs to the click, as Safari requires), else once it is in.
 */
export async function writeToClipboard(text: Promise<string>): Promise<void> {
  const clipboard = navigator.clipboard;
  if (!clipboard) throw new Error('no clipboard');
  if (typeof ClipboardItem !== 'undefined' && clipboard.write) {
    try {
      const blob = text.then((t) => new Blob([t], {type: 'text/plain'}));
      await clipboard.write([new ClipboardItem({'text/plain': blob})]);
      return;
    } catch (e) {
      // A failed fetch is final; a browser without promised clipboard items tries the plain write.
      await text;
      if (!(e instanceof TypeError)) throw e;
    }
  }
  await clipboard.writeText(await text);
}
