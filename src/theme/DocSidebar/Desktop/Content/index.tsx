// Wrapper: puts "Available offline" for the page's collection (src/components/OfflineToggle) at the foot of the doc sidebar, above its collapse button; the theme has no place there.
import type {ReactNode} from 'react';
import Content from '@theme-original/DocSidebar/Desktop/Content';
import type ContentType from '@theme/DocSidebar/Desktop/Content';
import type {WrapperProps} from '@docusaurus/types';
import OfflineToggle from '@site/src/components/OfflineToggle';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <Content {...props} />
      {process.env.NODE_ENV === 'production' && <OfflineToggle />}
    </>
  );
}
