import path from 'node:path';
import {documentUses as pageDocumentUses, pageRoute} from '../../src/remark/openapi-operations/errorCodes';
import {ROOT} from './files';
const DOCS_DIR = path.join(ROOT, 'docs');

/** `<OpenApiOperations document="…"/>` uses of every VIREO page, keyed by path relative to docs/. */
export function documentUses(): Map<string, string[]> {
  const uses = pageDocumentUses(path.join(DOCS_DIR, 'vireo'));
  return new Map([...uses].map(([page, names]) => [path.join('vireo', page), names]));
}

/** The route of a main-collection page: `vireo/a/index.mdx` → `/vireo/a/`, `vireo/a/b.mdx` → `/vireo/a/b/`. */
export const routeOf = (page: string): string => pageRoute(page);
