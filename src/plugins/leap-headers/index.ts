/**
 * Docusaurus plugin: writes each LEAP line's C headers (src/leap-headers/, as that line published
 * them) into `directory`, which the site config lists in `staticDirectories`, so they are published
 * at `/leap/include/<line>/<header>` in `npm start` and in the build alike. The C API reference
 * pages are the remark plugin's (src/remark/leap-c-api).
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {LEAP_LINES} from '../../lib/leapHeaders';
import {lineHeaders} from '../../remark/leap-c-api/headers';

export interface LeapHeadersPluginOptions {
  /** Folder of the annotated headers. */
  headers: string;
  /** Folder listed in the site's `staticDirectories`; the headers go below its leap/include/. */
  directory: string;
}

/** Writes each line's headers for publishing. */
export function publishHeaders(options: LeapHeadersPluginOptions, siteDir: string): string[] {
  const out = path.resolve(siteDir, options.directory, 'leap', 'include');
  fs.rmSync(out, {recursive: true, force: true});
  const written: string[] = [];
  for (const {line} of LEAP_LINES) {
    for (const h of lineHeaders(path.resolve(siteDir, options.headers), line)) {
      const target = path.join(out, line, h.file);
      fs.mkdirSync(path.dirname(target), {recursive: true});
      fs.writeFileSync(target, h.source);
      written.push(target);
    }
  }
  return written;
}

export default function leapHeadersPlugin(context: LoadContext, rawOptions: unknown): Plugin {
  const options = rawOptions as Partial<LeapHeadersPluginOptions>;
  if (typeof options?.headers !== 'string' || typeof options.directory !== 'string')
    throw new Error('leap-headers plugin: options {headers, directory} (folder paths) are required');
  const valid = options as LeapHeadersPluginOptions;
  return {
    name: 'leap-headers',
    getPathsToWatch: () => [path.resolve(context.siteDir, valid.headers, '*.h')],
    async loadContent() {
      publishHeaders(valid, context.siteDir);
    },
  };
}
