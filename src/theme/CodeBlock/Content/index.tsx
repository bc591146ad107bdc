// Why: code is highlighted when the page is built; on page load this keeps the server's highlighted lines instead of running Prism again in the browser while React hydrates.
import {useLayoutEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';
import type ContentType from '@theme-original/CodeBlock/Content';
// The theme's highlighting component; in the client bundle it loads on use (src/plugins/lazy-highlighter).
import Content from '@site/src/lib/highlighter';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import usePerformanceSettings from '@site/src/lib/usePerformanceSettings';

type Props = ComponentProps<typeof ContentType>;

/**
 * On the server (the build) this renders the theme's highlighted code. In the browser, a code block
 * that is part of the server-rendered page is hydrated as it is: its element is left to React with
 * empty inner HTML and `suppressHydrationWarning`, which React keeps as the server wrote it, so no
 * highlighter runs on page load. Colours for both modes are in the markup (CodeBlock/Line/Token), so
 * changing mode needs no new highlighting. A block that appears later (another page opened in the
 * app) is highlighted in the browser as the theme does, and so is a block whose server markup is
 * missing (React rendered the page anew after a hydration error).
 */
export default function ContentWrapper(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  const {
    wordWrap: {codeBlockRef},
  } = useCodeBlockContext();
  const {buildTimeHighlighting} = usePerformanceSettings();
  const [keepServerMarkup, setKeepServerMarkup] = useState(
    () => buildTimeHighlighting && process.env.NODE_ENV === 'production' && typeof window !== 'undefined' && !isBrowser,
  );
  const island = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!keepServerMarkup) return;
    const pre = island.current?.querySelector('pre');
    if (pre) codeBlockRef.current = pre;
    else setKeepServerMarkup(false);
  }, [keepServerMarkup, codeBlockRef]);
  if (keepServerMarkup)
    return (
      <div
        ref={island}
        className="lykta-code"
        data-highlighted="build"
        suppressHydrationWarning
        dangerouslySetInnerHTML={{__html: ''}}
      />
    );
  if (!buildTimeHighlighting) return <Content {...props} />;
  return (
    <div className="lykta-code" data-highlighted={typeof window === 'undefined' ? 'build' : 'browser'}>
      <Content {...props} />
    </div>
  );
}
