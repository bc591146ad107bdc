// Wrapper: on a phone the desktop sidebar is hidden, and the theme unmounts it once it knows the window size; it is no longer hydrated (and then torn down) in the page's start (src/components/DesktopOnly).
import type {ReactNode} from 'react';
import Desktop from '@theme-original/DocSidebar/Desktop';
import type DesktopType from '@theme/DocSidebar/Desktop';
import type {WrapperProps} from '@docusaurus/types';
import DesktopOnly from '@site/src/components/DesktopOnly';

type Props = WrapperProps<typeof DesktopType>;

export default function DesktopWrapper(props: Props): ReactNode {
  return (
    <DesktopOnly>
      <Desktop {...props} />
    </DesktopOnly>
  );
}
