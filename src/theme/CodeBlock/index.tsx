// Why: the theme's CodeBlock remounts every block once the page has hydrated (a `key` that changes with useIsBrowser), only so that Prism's inline colours follow a dark mode; tokens here carry both modes' colours (CodeBlock/Line/Token), so the remount, which highlighted and rebuilt every block a second time on page load, is dropped. No wrapper can remove a key set inside the component, so this replaces it; the rest is the theme's code.
import {Children, isValidElement, type ComponentProps, type ReactNode} from 'react';
import type CodeBlockType from '@theme/CodeBlock';
import OriginalCodeBlock from '@theme-original/CodeBlock';
import usePerformanceSettings from '@site/src/lib/usePerformanceSettings';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';

type Props = ComponentProps<typeof CodeBlockType>;

/** The theme's own rule: children with elements stay as they are, plain strings are joined. */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (Children.toArray(children).some((el) => isValidElement(el))) return children;
  return Array.isArray(children) ? children.join('') : children;
}

export default function CodeBlock(allProps: Props): ReactNode {
  // With build-time highlighting switched off (src/lib/performance.ts), the theme's own component.
  if (!usePerformanceSettings().buildTimeHighlighting) return <OriginalCodeBlock {...allProps} />;
  const {children: rawChildren, ...props} = allProps;
  const children = maybeStringifyChildren(rawChildren);
  if (typeof children === 'string') return <StringContent {...props}>{children}</StringContent>;
  return <ElementContent {...props}>{children}</ElementContent>;
}
