/**
 * The JSON examples of a page that name a schema (`schema="frame.schema.json"` in the fence meta),
 * and the unmarked `json` blocks that are scene-metadata messages.
 */
import path from 'node:path';
import {codeBlocks, ROOT} from './files';

export interface Example {
  file: string;
  line: number;
  schema: string;
  body: string;
}

/** Top-level members that make a JSON example a scene-metadata message, and its schema. */
const MESSAGE_SCHEMAS: Record<string, string> = {
  frame: 'frame.schema.json',
  consolidatedTrack: 'consolidated-track.schema.json',
};

/**
 * A plain `json` block without a schema attribute is still checked when it is a
 * scene-metadata message (a frame or a consolidated track), so an unmarked example
 * cannot drift from the format.
 */
export function implicitSchema(lang: string, body: string): string | undefined {
  if (lang !== 'json') return undefined;
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const member = Object.keys(data).find((k) => k in MESSAGE_SCHEMAS);
  return member ? MESSAGE_SCHEMAS[member] : undefined;
}

/** Code blocks whose fence meta carries schema="…", with the line they start on. */
export function schemaExamples(file: string): Example[] {
  return codeBlocks(file).flatMap(({lang, meta, body, line}) => {
    const schema = /\bschema="([^"]+)"/.exec(meta)?.[1] ?? implicitSchema(lang, body);
    return schema ? [{file: path.relative(ROOT, file), line, schema, body}] : [];
  });
}
