// Wrapper: renders a Mermaid diagram only once it comes near the viewport, so a page does not download and run Mermaid for diagrams the reader never scrolls to.
import {useEffect, useRef, useState, type ReactNode} from 'react';
import Mermaid from '@theme-original/Mermaid';
import type MermaidType from '@theme/Mermaid';
import type {WrapperProps} from '@docusaurus/types';
import {startWhenNear} from '@site/src/lib/nearViewport';
import usePerformanceSettings from '@site/src/lib/usePerformanceSettings';

type Props = WrapperProps<typeof MermaidType>;

export default function MermaidWrapper(props: Props): ReactNode {
  const placeholder = useRef<HTMLDivElement>(null);
  const lazy = usePerformanceSettings().lazyBrowserDiagrams;
  const [near, setNear] = useState(!lazy);
  useEffect(() => {
    if (!placeholder.current || !lazy) return undefined;
    return startWhenNear(placeholder.current, () => setNear(true));
  }, [lazy]);
  if (near) return <Mermaid {...props} />;
  return <div ref={placeholder} className="mermaid-pending" />;
}
