import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {inlineCodeParts} from '@site/src/lib/codeSpan';
import styles from './styles.module.css';

/** The table style of generated field lists, for other generated tables to share. */
export const tableClassName = styles.table;

/** Text with `code` spans rendered as <code>; a span named in `links` links to its URL. */
export function inline(text: string, links: Record<string, string> = {}): ReactNode[] {
  return inlineCodeParts(text).map((part, i) => {
    if (!(i % 2)) return part;
    const url = links[part];
    return url ? (
      <Link key={i} to={url}>
        <code>{part}</code>
      </Link>
    ) : (
      <code key={i}>{part}</code>
    );
  });
}

function Facts({facts, links}: {facts: string[]; links: Record<string, string>}): ReactNode {
  if (facts.length === 0) return null;
  return (
    <ul className={styles.facts}>
      {facts.map((f) => (
        <li key={f}>{inline(f, links)}</li>
      ))}
    </ul>
  );
}

export interface FieldRow {
  key: string;
  name: string;
  depth: number;
  /** Where a parameter goes (path, query, header); absent for body members. */
  in?: string;
  type: string;
  required: boolean;
  description?: string;
  facts: string[];
}

interface Props {
  /** The rows, or the same as a JSON string (how the remark plugins pass them from MDX). */
  rows: FieldRow[] | string;
  nameLabel?: string;
  /** Code spans that link somewhere (`{"liblykparam": "/leap/api/c/lykparam/"}`), or the same as a JSON string. */
  links?: Record<string, string> | string;
}

/**
 * One table layout for every field list generated from a schema: OpenAPI parameters
 * and bodies, and manifest schema fields. Nested members are indented by depth;
 * parameters add an "In" column.
 */
export default function FieldTable({rows: input, nameLabel = 'Field', links: linkInput = {}}: Props): ReactNode {
  const rows = typeof input === 'string' ? (JSON.parse(input) as FieldRow[]) : input;
  const links = typeof linkInput === 'string' ? (JSON.parse(linkInput) as Record<string, string>) : linkInput;
  if (rows.length === 0) return null;
  const withIn = rows.some((r) => r.in);
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          {[nameLabel, ...(withIn ? ['In'] : []), 'Type', 'Required', 'Description'].map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td style={{paddingLeft: `${0.75 + row.depth}rem`}}>
              <code>{row.name}</code>
            </td>
            {withIn ? <td>{row.in}</td> : null}
            <td>{row.type}</td>
            <td>{row.required ? 'yes' : 'no'}</td>
            <td>
              {row.description ? inline(row.description, links) : null}
              <Facts facts={row.facts} links={links} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
