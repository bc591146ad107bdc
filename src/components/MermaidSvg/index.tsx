import type {ReactNode} from 'react';

interface Props {
  /** URLs of the drawing in each colour mode (files the build emits under /assets/images/). */
  light: string;
  dark: string;
  alt: string;
  width: string;
  height: string;
}

/**
 * A diagram drawn at build time (src/remark/mermaid-prerender) in both colour modes, as two
 * images. CSS hides the one that does not match the page's mode, and both are lazy, so the browser
 * fetches only the drawing it shows; switching mode needs no script. The width and height keep the
 * diagram's room before the image arrives.
 */
export default function MermaidSvg({light, dark, alt, width, height}: Props): ReactNode {
  const image = (mode: 'light' | 'dark', src: string) => (
    <img
      className={`mermaid-${mode}`}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
    />
  );
  return (
    <div className="docusaurus-mermaid-container mermaid-prerendered">
      {image('light', light)}
      {image('dark', dark)}
    </div>
  );
}
