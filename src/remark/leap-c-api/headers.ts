/**
 * The annotated LEAP C headers of src/leap-headers/, read from their folder and parsed
 * (src/lib/leapHeaders.ts): every header, the headers as one LEAP line published them, and the
 * line a page belongs to. Used by the C API reference (index.ts), the Docusaurus plugin that
 * publishes the headers (src/plugins/leap-headers) and the content tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import {headerForLine, LEAP_LINES, parseHeader, type Header} from '../../lib/leapHeaders';

/** Every header of the folder, parsed (re-read when a file changes, for `npm start`). */
const cache = new Map<string, {mtimeMs: number; header: Header}>();
export function loadHeaders(directory: string): Header[] {
  const files = fs
    .readdirSync(directory)
    .filter((f) => f.endsWith('.h'))
    .sort();
  return files.map((f) => {
    const file = path.join(directory, f);
    const {mtimeMs} = fs.statSync(file);
    const hit = cache.get(file);
    if (hit && hit.mtimeMs === mtimeMs) return hit.header;
    const header = parseHeader(fs.readFileSync(file, 'utf8'), f);
    cache.set(file, {mtimeMs, header});
    return header;
  });
}

/** The headers of one LEAP line, as that line published them. */
export function lineHeaders(directory: string, line: string): Header[] {
  return loadHeaders(directory).flatMap((h) => headerForLine(h, line) ?? []);
}

/** The LEAP line whose pages a file belongs to: sdk_versioned_docs/version-<n>/ or else the current one. */
export function lineOfFile(filePath: string | undefined): string {
  const m = /sdk_versioned_docs[\\/]version-(\d+)[\\/]/.exec(filePath ?? '');
  return m ? m[1]! : LEAP_LINES[0]!.line;
}
