/**
 * `$ref` resolution for the OpenAPI documents and the AsyncAPI event catalogue, by JSON Schema
 * $Ref Parser (`@apidevtools/json-schema-ref-parser`). The caller gives the document and a loader
 * for the documents its references name (the remark plugins pass one that reads the files and
 * records them as the page's dependencies), so nothing here touches the file system or the network.
 */
import {$RefParser, type FileInfo} from '@apidevtools/json-schema-ref-parser';
import type {JsonObject} from './jsonSchema';

/** Where a document sits (its path, relative to the folder of the documents), and the document. */
export interface DocumentSource {
  location: string;
  document: JsonObject;
}
/** Reads the document at a location, e.g. `common.yaml` for `../common.yaml` from `time/time-api.yaml`. */
export type DocumentLoader = (location: string) => JsonObject;

/**
 * The documents' locations, as the reference resolver sees them: below a root of its own, so a
 * reference like `../common.yaml` resolves against the referring document's location and never
 * reaches the file system or the network (only `load` reads documents).
 */
const LOCATION_ROOT = 'lykta-document:///';

/**
 * Replaces every `$ref` (local or to another document) by a copy of its target, so the result is
 * self-contained; resolved by JSON Schema $Ref Parser (`@apidevtools/json-schema-ref-parser`).
 * Sibling members of a `$ref` (allowed in 3.1, e.g. a `description`) replace the target's.
 * Circular references are an error: the pages render schemas as finite tables. The documents
 * given and loaded are left unchanged.
 */
export async function dereference(source: DocumentSource, load: DocumentLoader): Promise<JsonObject> {
  const locationOf = (file: FileInfo) => file.url.slice(LOCATION_ROOT.length).split('#')[0]!;
  let circular: string | undefined;
  try {
    return (await new $RefParser().dereference(LOCATION_ROOT + source.location, structuredClone(source.document), {
      resolve: {
        file: false,
        http: false,
        documents: {
          order: 1,
          canRead: (file: FileInfo) => file.url.startsWith(LOCATION_ROOT),
          read: (file: FileInfo) => structuredClone(load(locationOf(file))),
        },
      },
      dereference: {
        circular: false,
        cloneReferences: true,
        mergeKeys: false,
        onCircular: (ref: string) => (circular ??= ref),
      },
    })) as JsonObject;
  } catch (e) {
    if (circular === undefined) throw e;
    const [where, pointer] = circular.slice(LOCATION_ROOT.length).split('#');
    throw new Error(`circular $ref #${pointer ?? ''} in ${where}`);
  }
}
