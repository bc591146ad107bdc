import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';

const req = createRequire(path.resolve('package.json'));

/** A file of an installed package, by its path in the package (some packages export only their entry). */
export function packageFile(name: string, file: string): string {
  let dir: string;
  try {
    dir = path.dirname(req.resolve(`${name}/package.json`));
  } catch {
    // Packages with an exports map that leaves package.json out: from their entry upwards.
    dir = path.dirname(req.resolve(name));
  }
  while (
    !fs.existsSync(path.join(dir, 'package.json')) ||
    JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== name
  )
    dir = path.dirname(dir);
  return path.join(dir, file);
}
