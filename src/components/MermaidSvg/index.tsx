import type {ReactNode} from 'react';

interface Props {
  light: string;
  dark: string;
}

/**
 * A diagram drawn at build time (src/plugins/mermaid-prerender) in both colour modes;
 * CSS shows the one that matches the page's mode, so switching needs no script.
 */
export default function MermaidSvg({light, dark}: Props): ReactNode {
  return (
    <div className="docusaurus-mermaid-container mermaid-prerendered">
      <div className="mermaid-light" dangerouslySetInnerHTML={{__html: light}} />
      <div className="mermaid-dark" dangerouslySetInnerHTML={{__html: dark}} />
    </div>
  );
}
