/**
 * The LEAP manifest schema family: which versions exist, what each belongs to, and
 * what changed between two versions. The field-description pages and the tests use it;
 * the schemas themselves are static/schemas/leap/manifest-v<version>.schema.json.
 */
import {isObject, schemaRows, type JsonObject, type SchemaRow} from './jsonSchema';

export interface ManifestVersion {
  /** Schema version as written in `schemaVersion`. */
  version: string;
  /** LEAP release that introduced it. */
  leap: string;
  /** First LyktaOS release that accepts it. */
  lyktaos: string;
}

/** Oldest first. A new schema version is added here and as a file, nowhere else. */
export const MANIFEST_VERSIONS: readonly ManifestVersion[] = [
  {version: '1.0', leap: '4.0', lyktaos: '10.7'},
  {version: '1.1', leap: '4.1', lyktaos: '10.8'},
  {version: '1.2', leap: '4.2', lyktaos: '10.9'},
  {version: '1.3', leap: '4.4', lyktaos: '10.11'},
  {version: '1.3.1', leap: '4.5', lyktaos: '10.12 LTS'},
  {version: '1.4.0', leap: '4.7', lyktaos: '11.1'},
  {version: '1.5.0', leap: '4.9', lyktaos: '11.3'},
  {version: '1.6.0', leap: '4.11', lyktaos: '11.6'},
  {version: '1.7.0', leap: '4.13', lyktaos: '11.9'},
  {version: '1.7.1', leap: '12.0', lyktaos: '12.0'},
  {version: '1.7.2', leap: '12.1', lyktaos: '12.1'},
  {version: '1.7.3', leap: '12.3', lyktaos: '12.3'},
  {version: '1.7.4', leap: '12.4', lyktaos: '12.4'},
  {version: '1.8.0', leap: '12.6', lyktaos: '12.6'},
];

export const schemaFileName = (version: string): string => `manifest-v${version}.schema.json`;

export function manifestVersion(version: string): ManifestVersion | undefined {
  return MANIFEST_VERSIONS.find((v) => v.version === version);
}

/** The version before `version`, or undefined for the first one (or an unknown one). */
export function previousVersion(version: string): ManifestVersion | undefined {
  const i = MANIFEST_VERSIONS.findIndex((v) => v.version === version);
  return i > 0 ? MANIFEST_VERSIONS[i - 1] : undefined;
}

/** A field's rule in one schema version: type, presence and constraints, without its prose. */
const signature = (row: SchemaRow): string[] => [row.type, row.required ? 'required' : 'optional', ...row.facts];

export interface FieldChange {
  field: string;
  /** The parts of the rule that only the older schema has, e.g. `Length: 1–32`. */
  before: string;
  /** The parts that only the newer schema has, e.g. `Length: 1–64`. */
  after: string;
}

export interface SchemaDiff {
  added: string[];
  removed: string[];
  changed: FieldChange[];
}

/**
 * Field paths (`web.reverseProxy[].access`) added, removed and changed between two
 * schemas. `schemaVersion` is left out: it changes in every version by definition.
 */
export function schemaDiff(before: JsonObject, after: JsonObject): SchemaDiff {
  const index = (schema: JsonObject) =>
    new Map(
      schemaRows(schema)
        .filter((r) => r.name !== 'schemaVersion')
        .map((r) => [r.name, r]),
    );
  const old = index(before);
  const now = index(after);
  const changed: FieldChange[] = [];
  for (const [field, row] of now) {
    const was = old.get(field);
    if (!was) continue;
    const before = signature(was);
    const after = signature(row);
    const gone = before.filter((part) => !after.includes(part));
    const fresh = after.filter((part) => !before.includes(part));
    if (gone.length || fresh.length) changed.push({field, before: gone.join('; '), after: fresh.join('; ')});
  }
  return {
    added: [...now.keys()].filter((f) => !old.has(f)),
    removed: [...old.keys()].filter((f) => !now.has(f)),
    changed,
  };
}

export interface FieldGroup {
  /** Top-level member the group documents; undefined for the table of top-level members. */
  member?: string;
  description?: string;
  rows: SchemaRow[];
}

/**
 * The field tables of a schema page: one table of the top-level members, then one
 * table per top-level object or array member with everything below it.
 */
export function fieldGroups(schema: JsonObject): FieldGroup[] {
  const rows = schemaRows(schema);
  const groups: FieldGroup[] = [{rows: rows.filter((r) => r.depth === 0)}];
  const properties = isObject(schema.properties) ? schema.properties : {};
  for (const top of rows.filter((r) => r.depth === 0)) {
    const nested = rows.filter((r) => r.name.startsWith(`${top.name}.`) || r.name.startsWith(`${top.name}[].`));
    if (nested.length === 0) continue;
    const member = properties[top.name];
    groups.push({
      member: top.name,
      description: isObject(member) && typeof member.description === 'string' ? member.description : undefined,
      rows: nested.map((r) => ({...r, depth: r.depth - 1})),
    });
  }
  return groups;
}
