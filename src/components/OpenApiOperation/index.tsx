import type {ReactNode} from 'react';
import clsx from 'clsx';
import CodeBlock from '@theme/CodeBlock';
import Heading from '@theme/Heading';
import FieldTable, {inline, tableClassName} from '@site/src/components/FieldTable';
import {type BodyModel, type HeaderModel, type OperationModel, type SecurityModel} from '@site/src/lib/openapi';
import {type SchemaRow} from '@site/src/lib/jsonSchema';
import styles from './styles.module.css';

/** Text with `code` spans, split into paragraphs on blank lines. */
function Prose({text}: {text?: string}): ReactNode {
  if (!text) return null;
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph, i) => <p key={i}>{inline(paragraph)}</p>);
}

function SchemaTable({rows}: {rows: SchemaRow[]}): ReactNode {
  return <FieldTable nameLabel="Field" rows={rows.map((r) => ({...r, key: r.name}))} />;
}

function Body({body, label}: {body: BodyModel; label: string}): ReactNode {
  return (
    <>
      <p>
        Content type <code>{body.contentType}</code>
        {body.description ? <>. {inline(body.description)}</> : null}
      </p>
      <SchemaTable rows={body.rows} />
      {body.examples.map((example, i) => (
        <CodeBlock
          key={i}
          language={body.contentType.includes('json') ? 'json' : 'text'}
          title={example.title ? `${label}: ${example.title}` : label}
        >
          {example.value}
        </CodeBlock>
      ))}
    </>
  );
}

const isError = (status: string) => /^[45]/.test(status);

function Headers({headers}: {headers: HeaderModel[]}): ReactNode {
  if (headers.length === 0) return null;
  return <FieldTable nameLabel="Header" rows={headers.map((h) => ({...h, key: h.name, depth: 0, required: true}))} />;
}

/** How to authenticate: each accepted scheme, with the OAuth scope it needs. */
function Security({security}: {security: SecurityModel}): ReactNode {
  if (security.schemes.length === 0) return <>none</>;
  const schemes = security.schemes.map((s, i) => (
    <span key={s.name}>
      {i === 0 ? null : i === security.schemes.length - 1 ? ' or ' : ', '}
      {s.label}
      {s.scopes.length > 0 ? (
        <>
          {' '}
          (scope{' '}
          {s.scopes.map((scope, j) => (
            <span key={scope}>
              {j > 0 ? ', ' : null}
              <code>{scope}</code>
            </span>
          ))}
          )
        </>
      ) : null}
    </span>
  ));
  return security.anonymous ? <>none by default, otherwise {schemes}</> : <>{schemes}</>;
}

/**
 * One API operation from an OpenAPI document: signature, minimum role, parameters,
 * request and response schemas with examples, error responses and a curl command.
 * The operation's own heading (h3) is written into the page by the
 * openapi-operations remark plugin, so it reaches the table of contents.
 */
export default function OpenApiOperation({operation}: {operation: string}): ReactNode {
  const op = JSON.parse(operation) as OperationModel;
  const successes = op.responses.filter((r) => !isError(r.status));
  const errors = op.responses.filter((r) => isError(r.status));
  return (
    <div className={clsx(styles.operation, 'openapi-operation')}>
      <p className={clsx(styles.signature, 'openapi-operation-signature')}>
        <span className={clsx(styles.method, styles[op.method.toLowerCase()], 'openapi-operation-method')}>
          {op.method}
        </span>{' '}
        <code className={styles.path}>{op.fullPath}</code>
      </p>
      <p className={clsx(styles.meta, 'openapi-operation-meta')}>
        <span>
          Minimum role: <strong>{op.role}</strong>
        </span>
        <span>
          Operation ID: <code>{op.id}</code>
        </span>
        <span>
          Authentication: <Security security={op.security} />
        </span>
        {op.deprecated ? <span className={styles.deprecated}>Deprecated</span> : null}
      </p>
      <Prose text={op.description} />

      {op.parameters.length > 0 ? (
        <>
          <Heading as="h4" id={`${op.anchor}-parameters`}>
            Parameters
          </Heading>
          <FieldTable nameLabel="Name" rows={op.parameters.map((p) => ({...p, key: `${p.in}:${p.name}`, depth: 0}))} />
        </>
      ) : null}

      {op.requestBody ? (
        <>
          <Heading as="h4" id={`${op.anchor}-request`}>
            Request body{op.requestBody.required ? '' : ' (optional)'}
          </Heading>
          <Body body={op.requestBody} label="Request" />
        </>
      ) : null}

      <Heading as="h4" id={`${op.anchor}-responses`}>
        Responses
      </Heading>
      {successes.map((r) => (
        <div key={r.status} className={styles.response}>
          <p>
            <strong className={styles.status}>{r.status}</strong> {inline(r.description)}
          </p>
          <Headers headers={r.headers} />
          {r.body ? <Body body={r.body} label={`Response ${r.status}`} /> : null}
        </div>
      ))}
      {errors.length > 0 ? (
        <table className={tableClassName}>
          <caption className={styles.caption}>
            Errors, as <code>application/problem+json</code>
          </caption>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Code</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((r) => (
              <tr key={r.status}>
                <td>{r.status}</td>
                <td>
                  {r.codes.length > 0
                    ? r.codes.map((c, i) => (
                        <span key={c}>
                          {i > 0 ? ', ' : null}
                          <code>{c}</code>
                        </span>
                      ))
                    : '—'}
                </td>
                <td>
                  {inline(r.description)}
                  {r.headers.map((h) => (
                    <span key={h.name}>
                      {' '}
                      Header <code>{h.name}</code>
                      {h.description ? <>: {inline(h.description)}</> : null}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}

      <Heading as="h4" id={`${op.anchor}-curl`}>
        Example with curl
      </Heading>
      <CodeBlock language="bash">{op.curl}</CodeBlock>
    </div>
  );
}
