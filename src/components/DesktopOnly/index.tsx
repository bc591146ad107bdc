import type {ReactNode} from 'react';
import usePerformanceSettings from '@site/src/lib/usePerformanceSettings';
import {isPhoneWidth} from '@site/src/lib/desktopOnly';

/**
 * Around a part of a page that only desktops show: hidden by CSS on narrower windows, and unmounted
 * by the theme once it knows the window size (the doc sidebar, the doc's table of contents). In a
 * window that narrow the browser keeps the server's HTML of it without hydrating it (React does not
 * manage an element's content given as HTML) and renders nothing new in it; in a wider window, and on
 * the server, the children render as usual. The wrapper takes no box of its own (display: contents).
 */
export default function DesktopOnly({children}: {children: ReactNode}): ReactNode {
  // Switched off (src/lib/performance.ts): the theme's markup, without the wrapper.
  if (!usePerformanceSettings().desktopOnlyOnPhones) return children;
  if (typeof window !== 'undefined' && isPhoneWidth(window))
    return <div className="lykta-desktop-only" dangerouslySetInnerHTML={{__html: ''}} suppressHydrationWarning />;
  return <div className="lykta-desktop-only">{children}</div>;
}
