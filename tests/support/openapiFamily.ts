/**
 * Checks that need the whole VIREO family at once, which a per-document linter cannot make:
 * operationIds unique across every document (generated clients of the family bundle would
 * otherwise clash), and each page's newest version-history
 * row equal to its document's `info.version`.
 */
import {HTTP_METHODS} from '../../src/lib/openapi';
import {isObject, type JsonObject} from '../../src/lib/jsonSchema';

export interface FamilyDocument {
  name: string;
  document: JsonObject;
}

export function duplicateOperationIds(docs: FamilyDocument[]): string[] {
  const owners = new Map<string, string[]>();
  for (const {name, document} of docs)
    for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {}))
      for (const method of HTTP_METHODS) {
        const op = isObject(item) ? item[method] : undefined;
        if (isObject(op) && typeof op.operationId === 'string')
          owners.set(op.operationId, [
            ...(owners.get(op.operationId) ?? []),
            `${name} ${method.toUpperCase()} ${path}`,
          ]);
      }
  return [...owners].filter(([, where]) => where.length > 1).map(([id, where]) => `${id}: ${where.join(', ')}`);
}

/** The newest version in a page's "Version history" table (its first row with a version number). */
export function newestHistoryVersion(markdown: string): string | undefined {
  const section = /^## Version history\s*$([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(markdown)?.[1];
  if (!section) return undefined;
  const rows = section.split('\n').filter((line) => /^\|/.test(line.trim()));
  // Rows without a version number (a removal, "—") say what happened after the last release.
  const versions = rows.slice(2).map((row) => row.split('|')[1]?.trim().replace(/^`|`$/g, '') ?? '');
  return versions.find((v) => /^\d+\.\d+\.\d+$/.test(v));
}
