import fs from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {startAfterFirstPaint} from '../../lib/appStart';

/**
 * The paint-first start's page template (src/lib/appStart.ts, the `ssrTemplate` option) is part of
 * the site config, which Docusaurus bundles for the browser whole. This plugin takes it out of the
 * client bundle (./configLoader.js), and after the build fails when a script of the build still
 * holds the template's start function, so a loader that stops matching is noticed.
 */
export const SITE_CONFIG_MODULE = /[\\/]\.docusaurus[\\/]docusaurus\.config\.mjs$/;
/** The template's start function keeps its name in the template (it is serialised from its source). */
export const TEMPLATE_MARKER = startAfterFirstPaint.name;

/** The scripts (relative to `outDir`) that hold the page template. */
export function scriptsWithTemplate(outDir: string): string[] {
  const dir = path.join(outDir, 'assets/js');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js') && fs.readFileSync(path.join(dir, f), 'utf8').includes(TEMPLATE_MARKER))
    .map((f) => `assets/js/${f}`);
}

export default function paintFirstStart(): Plugin {
  return {
    name: 'paint-first-start',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        module: {
          rules: [
            {
              test: SITE_CONFIG_MODULE,
              enforce: 'pre' as const,
              use: [{loader: path.join(__dirname, 'configLoader.js')}],
            },
          ],
        },
      };
    },
    postBuild({outDir}) {
      const found = scriptsWithTemplate(outDir);
      if (found.length > 0)
        throw new Error(
          `paint-first-start: the page template is in the client bundle (${found.join(', ')}): is .docusaurus/docusaurus.config.mjs still the site config module?`,
        );
    },
  };
}
