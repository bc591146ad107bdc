// Wrapper: the closed mobile sidebar (every navbar item and the page's doc sidebar) is mounted when the page is idle or the reader reaches for its toggle, not in the render that follows hydration on a phone, where it was most of a long task.
import {startTransition, useEffect, useLayoutEffect, useState, type ReactNode} from 'react';
import {flushSync} from 'react-dom';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import usePerformanceSettings from '@site/src/lib/usePerformanceSettings';
import {whenIdle} from '@site/src/lib/idle';
import {onToggleIntent} from '@site/src/lib/mobileSidebarIntent';

export default function MobileSidebarWrapper(): ReactNode {
  const deferred = usePerformanceSettings().deferredMobileSidebar;
  const {shown} = useNavbarMobileSidebar();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!deferred || wanted) return undefined;
    // When idle: rendered in slices that yield to the reader. On the reader's intent: at once, inside
    // the event, so that it exists (closed) before the click that opens it, however quick the tap.
    const stopIdle = whenIdle(() => startTransition(() => setWanted(true)));
    const stopIntent = onToggleIntent(() => flushSync(() => setWanted(true)));
    return () => {
      stopIdle();
      stopIntent();
    };
  }, [deferred, wanted]);
  // Mounted closed, its closed style is computed at once, so that opening it slides it in as the
  // theme's does. Once mounted it stays.
  useLayoutEffect(() => {
    if (wanted && !shown) void getComputedStyle(document.querySelector('.navbar-sidebar') ?? document.body).transform;
  }, [wanted, shown]);
  return !deferred || wanted || shown ? <MobileSidebar /> : null;
}
