import fs from 'node:fs';
import path from 'node:path';

/** The repository root. */
export const ROOT = path.resolve(__dirname, '../..');

/** Every file below `dir` whose name matches `name`, depth first; none when `dir` is missing. */
export function filesUnder(dir: string, name: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, {withFileTypes: true}).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p, name) : name.test(e.name) ? [p] : [];
  });
}
