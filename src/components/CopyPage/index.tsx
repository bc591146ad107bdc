import {useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {writeToClipboard} from './clipboard';
import styles from './styles.module.css';

type CopyState = 'idle' | 'copying' | 'copied' | 'failed';

const LABELS: Record<CopyState, string> = {
  idle: 'Copy page',
  copying: 'Copying…',
  copied: 'Copied',
  failed: 'Copy failed',
};

const ANNOUNCEMENTS: Partial<Record<CopyState, string>> = {
  copied: 'Page copied to the clipboard as Markdown.',
  failed: 'The page could not be copied. Open it with View as Markdown instead.',
};

/** Two sheets (copy), or a tick once copied; drawn in the text colour. */
function Icon({copied}: {copied: boolean}): ReactNode {
  return (
    <svg className={styles.icon} viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      {copied ? (
        <path d="M3 8.5l3.2 3.2L13 4.8" fill="none" stroke="currentColor" strokeWidth="1.8" />
      ) : (
        <>
          <rect x="5.5" y="1.5" width="9" height="10" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.3" />
          <path
            d="M3.5 4.5h-1a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h7a1 1 0 0 0 1-1v-1"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.3"
          />
        </>
      )}
    </svg>
  );
}

/**
 * "Copy page" and "View as Markdown" for a doc page: the button copies the page's Markdown version
 * (fetched on click by ./fetchMarkdown.ts, which loads then), says so on
 * the button for a few seconds and announces it to screen readers through a live region.
 */
export default function CopyPage({markdownUrl}: {markdownUrl: string}): ReactNode {
  const [state, setState] = useState<CopyState>('idle');
  const [announcement, setAnnouncement] = useState('');
  const reset = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(reset.current), []);

  const finish = (done: CopyState) => {
    setState(done);
    setAnnouncement(ANNOUNCEMENTS[done] ?? '');
    clearTimeout(reset.current);
    reset.current = setTimeout(() => {
      setState('idle');
      setAnnouncement('');
    }, 4000);
  };

  const copy = () => {
    if (state === 'copying') return;
    setState('copying');
    setAnnouncement('');
    // The clipboard write starts in the click itself (Safari requires it); the Markdown, and the code
    // that fetches it, arrive later.
    const markdown = import('./fetchMarkdown').then((m) => m.fetchMarkdown(markdownUrl));
    writeToClipboard(markdown).then(
      () => finish('copied'),
      () => finish('failed'),
    );
  };

  return (
    <div className={clsx('lykta-copy-page', styles.actions)}>
      <button
        type="button"
        className={clsx(styles.button, state === 'copied' && styles.copied)}
        onClick={copy}
        aria-busy={state === 'copying'}
      >
        <Icon copied={state === 'copied'} />
        {LABELS[state]}
      </button>
      {/* eslint-disable-next-line @docusaurus/no-html-links -- the Markdown file is not a route of the app: a plain link loads it as a file, in this tab */}
      <a className={styles.link} href={markdownUrl} type="text/markdown">
        View as Markdown
      </a>
      <span className="sr-only" role="status" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
