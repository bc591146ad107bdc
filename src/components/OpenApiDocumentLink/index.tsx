import type {ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import styles from './styles.module.css';

interface Props {
  href: string;
  title: string;
  version: string;
  openapi: string;
  baseUrl: string;
}

/**
 * The box above an API's operations: which document they come from, its version, the
 * base URL, and the "Download OpenAPI" link to the bundled, self-contained file (YAML, and the
 * same as JSON). Plain anchors: the files are static assets, not routes.
 */
export default function OpenApiDocumentLink({href, title, version, openapi, baseUrl}: Props): ReactNode {
  const url = useBaseUrl(href);
  const jsonUrl = useBaseUrl(href.replace(/\.yaml$/, '.json'));
  const file = href.split('/').pop()!;
  const jsonFile = file.replace(/\.yaml$/, '.json');
  return (
    <aside className={styles.box} aria-label="OpenAPI document">
      <p>
        <strong>{title}</strong> {version}, described by an OpenAPI {openapi} document. Base URL <code>{baseUrl}</code>.
      </p>
      <p>
        <a className="button button--primary button--sm" href={url} download={file}>
          Download OpenAPI
        </a>{' '}
        <code>{file}</code>, or as{' '}
        <a href={jsonUrl} download={jsonFile}>
          JSON
        </a>
        . One self-contained file with every shared component, for code generators and HTTP tools.
      </p>
    </aside>
  );
}
