/** Small Rspack builds for the unit tests that check what a plugin relies on in the installed Rspack. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {rspack, type Configuration} from '@rspack/core';

/** Runs one compiler, or a MultiCompiler of several, to the end and closes it; rejects on an error. */
export function runRspack(config: Configuration | Configuration[]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const compiler = Array.isArray(config) ? rspack(config) : rspack(config);
    compiler.run((error, stats) => {
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
      else compiler.close(() => resolve());
    });
  });
}

/** A temporary folder holding `files` (name to text) while `run` runs, removed afterwards. */
export async function inTempProject<T>(files: Record<string, string>, run: (dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rspack-test-'));
  try {
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    return await run(dir);
  } finally {
    fs.rmSync(dir, {recursive: true, force: true});
  }
}
