// Wrapper: on a phone the desktop table of contents is hidden, and the theme unmounts it once it knows the window size; it is no longer hydrated (and then torn down) in the page's start (src/components/DesktopOnly).
import type {ReactNode} from 'react';
import Desktop from '@theme-original/DocItem/TOC/Desktop';
import DesktopOnly from '@site/src/components/DesktopOnly';

export default function DesktopWrapper(): ReactNode {
  return (
    <DesktopOnly>
      <Desktop />
    </DesktopOnly>
  );
}
