/**
 * The client bundle's highlighter (src/plugins/lazy-highlighter puts it in place of
 * src/lib/highlighter/index.ts): the highlighting component and Prism load on use, as their own chunk.
 * Code blocks of the page being loaded never need it (their server-highlighted markup is kept, see
 * src/theme/CodeBlock/Content); a block rendered in the browser (a page opened inside the app) shows
 * its code unhighlighted until the chunk has loaded, then highlighted. The chunk starts loading when
 * the reader points at or focuses a link to another page (not on 2g or with save-data on), so it is
 * usually there before it is needed.
 */
import {useEffect, useState, type ComponentProps, type ReactNode} from 'react';
import clsx from 'clsx';
import type Content from '@theme-original/CodeBlock/Content';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {onFirstNavigationIntent} from '@site/src/lib/idle';

type Highlighter = typeof Content;
let loading: Promise<Highlighter> | undefined;
let loaded: Highlighter | undefined;
/** Starts loading the highlighter chunk (once; again after a failure). */
export function preloadHighlighter(): Promise<Highlighter> {
  loading ??= import(/* webpackChunkName: "highlighter" */ './load').then(
    (m) => (loaded = m.default),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The code, not yet highlighted, in the block's place until the highlighter has loaded. */
function PlainCode({className}: {className?: string}): ReactNode {
  const {
    metadata,
    wordWrap: {codeBlockRef},
  } = useCodeBlockContext();
  return (
    <pre
      ref={codeBlockRef}
      tabIndex={0}
      className={clsx(className, 'prism-code', `language-${metadata.language ?? 'text'}`, 'thin-scrollbar')}
      data-highlighter="loading"
    >
      <code>{metadata.code}</code>
    </pre>
  );
}

let listening = false;
/** Loads the chunk ahead of need, on the first pointer or focus on a link to another page of the site. */
export function listenForNavigationIntent(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  onFirstNavigationIntent(() => void preloadHighlighter().catch(() => undefined));
}

/**
 * The block highlighted once the highlighter is there, its plain code until then. It does not suspend:
 * a page opened in the app is shown at once, not held back until the chunk arrives, and if the chunk
 * cannot be loaded the code stays readable as plain text.
 */
export default function LazyHighlighted(props: ComponentProps<typeof Content>): ReactNode {
  const [Highlighted, setHighlighted] = useState<Highlighter | undefined>(() => loaded);
  useEffect(() => {
    if (Highlighted) return undefined;
    let live = true;
    preloadHighlighter().then(
      (h) => live && setHighlighted(() => h),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [Highlighted]);
  return Highlighted ? <Highlighted {...props} /> : <PlainCode className={props.className} />;
}
