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
        <span aria-hidden="true" className={styles.icon}>
          {state === 'copied' ? '✓' : '⧉'}
        </span>
        {LABELS[state]}
      </button>
      <a className={styles.link} href={markdownUrl} type="text/markdown">
        View as Markdown
      </a>
      <span className="sr-only" role="status" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
