// Wrapper: puts "Available offline" for the page's collection (src/components/OfflineToggle) at the foot of the doc sidebar, above its collapse button; the theme has no place there.
import type {ReactNode} from 'react';
import Content from '@theme-original/DocSidebar/Desktop/Content';
import type ContentType from '@theme/DocSidebar/Desktop/Content';
import type {WrapperProps} from '@docusaurus/types';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import OfflineToggle from '@site/src/components/OfflineToggle';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  // Off in `npm start` (no service worker there) and in a build with LYKTA_OFFLINE=off.
  const offline = useDocusaurusContext().siteConfig.customFields?.offlineReading === true;
  return (
    <>
      <Content {...props} />
      {offline && process.env.NODE_ENV === 'production' && <OfflineToggle />}
    </>
  );
}
