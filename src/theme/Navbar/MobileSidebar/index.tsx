// Wrapper: the closed mobile sidebar (every navbar item and the page's doc sidebar) is mounted when the reader reaches for its toggle, not in the render that follows hydration on a phone, where it was most of a long task.
import {useEffect, useState, type ReactNode} from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import usePerformanceSettings from '@site/src/lib/usePerformanceSettings';
import {onToggleIntent} from '@site/src/lib/mobileSidebarIntent';

export default function MobileSidebarWrapper(): ReactNode {
  const deferred = usePerformanceSettings().deferredMobileSidebar;
  const {shown} = useNavbarMobileSidebar();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!deferred || wanted) return undefined;
    return onToggleIntent(() => setWanted(true));
  }, [deferred, wanted]);
  // Once mounted it stays, so that it slides in and out as the theme's does.
  return !deferred || wanted || shown ? <MobileSidebar /> : null;
}
