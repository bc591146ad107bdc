import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
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
 * same as JSON). The files are static assets, not routes: `pathname://` makes Link write a plain
 * anchor (with the base URL) that the client router leaves alone.
 */
export default function OpenApiDocumentLink({href, title, version, openapi, baseUrl}: Props): ReactNode {
  const jsonHref = href.replace(/\.yaml$/, '.json');
  const file = href.split('/').pop()!;
  const jsonFile = file.replace(/\.yaml$/, '.json');
  return (
    <aside className={styles.box} aria-label="OpenAPI document">
      <p>
        <strong>{title}</strong> {version}, described by an OpenAPI {openapi} document. Base URL <code>{baseUrl}</code>.
      </p>
      <p>
        <Link className="button button--primary button--sm" to={`pathname://${href}`} download={file}>
          Download OpenAPI
        </Link>{' '}
        <code>{file}</code>, or as{' '}
        <Link to={`pathname://${jsonHref}`} download={jsonFile}>
          JSON
        </Link>
        . One self-contained file with every shared component, for code generators and HTTP tools.
      </p>
    </aside>
  );
}
