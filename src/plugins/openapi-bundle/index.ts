/**
 * Publishes the VIREO OpenAPI documents as tools need them: each document bundled into one
 * self-contained file (the shared components of common.yaml pulled into its own `components`, no
 * external `$ref`), as YAML and JSON, under `<urlPath>/<section>/<name>.{yaml,json}`, and the whole
 * family joined into one document at `<urlPath>/vireo.{yaml,json}` (src/lib/openapiFamily.ts).
 * Bundling is Redocly's (`@redocly/openapi-core`). The files are written in loadContent to a folder
 * the site lists in `staticDirectories`, so `npm start` serves them too and rewrites them on save.
 * Bundling takes seconds, and the production build loads the site twice (scripts/build.mjs): files
 * made from the same sources by the same code are kept (`bundlesKey`). Nothing in them depends on when
 * they were made: the family's version is a digest of its content, so two builds of one commit give
 * the same bytes, whatever the clock says.
 */
import {createHash} from 'node:crypto';
import fs from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {createConfig} from '@redocly/openapi-core';
import {stringify} from 'yaml';
import {isObject, type Json, type JsonObject} from '../../lib/jsonSchema';
import {joinFamily, type BundledApi} from '../../lib/openapiFamily';

export interface OpenApiBundlePluginOptions {
  /** Folder of the OpenAPI sources: `<section>/<name>.yaml`, and the shared `common.yaml`. */
  source: string;
  /** Folder listed in the site's `staticDirectories`; the files go below it at `urlPath`. */
  directory: string;
  /** URL path of the bundles (`/openapi/bundled`). */
  urlPath: string;
}

/** The documents of the family: every `<section>/<name>.yaml` below the source folder. */
export function familyDocuments(source: string): string[] {
  return fs
    .readdirSync(source, {withFileTypes: true})
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      fs
        .readdirSync(path.join(source, d.name))
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => `${d.name}/${f.replace(/\.yaml$/, '')}`),
    )
    .sort();
}

/**
 * Redocly, loaded when a document is bundled: while the kept bundles' key holds, a build never needs it,
 * and loading it cost every Docusaurus start (two per build, plus `npm start`) about 0.6 s.
 */
const loadRedocly = () => import('@redocly/openapi-core');

/** One document with every reference inside it; fails on anything Redocly cannot resolve. */
export async function bundleDocument(
  source: string,
  name: string,
  config?: Awaited<ReturnType<typeof createConfig>>,
): Promise<JsonObject> {
  const redocly = await loadRedocly();
  const result = await redocly.bundle({
    ref: path.join(source, `${name}.yaml`),
    config: config ?? (await redocly.createConfig({})),
    dereference: false,
  });
  const errors = result.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) throw new Error(`bundling ${name}: ${errors.map((p) => p.message).join('; ')}`);
  const document = result.bundle.parsed as JsonObject;
  if (/"\$ref":"(?!#)/.test(JSON.stringify(document))) throw new Error(`bundling ${name}: an external $ref is left`);
  return document;
}

export const FAMILY_INFO = {
  title: 'VIREO device APIs',
  description:
    'Every VIREO API documented on the Lykta Developer Hub in one document, one tag group per API. ' +
    'Paths are full paths from the host on. A device offers only the APIs and versions that its ' +
    'GET /vireo/discovery/v1/apis lists; deprecated APIs are included and marked in their own descriptions.',
};

/** The installed version of a package whose `exports` leave out its package.json. */
function packageVersion(name: string): string {
  let dir = path.dirname(createRequire(__filename).resolve(name));
  for (; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as {name?: string; version?: string};
    if (pkg.name === name && pkg.version) return pkg.version;
  }
  throw new Error(`openapi-bundle plugin: no package.json of ${name}`);
}

/** Every file below `dir`, sorted. */
const filesBelow = (dir: string): string[] =>
  fs
    .readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();

/** Beside the published folder, so not published: the key of what the bundles were made from. */
export const bundlesKeyFile = (directory: string) => `${directory}.key`;

/**
 * What the bundles depend on: every file below the source folder (names and bytes), the code that
 * bundles and joins them, and Redocly's version.
 */
export function bundlesKey(source: string): string {
  const hash = createHash('sha256');
  for (const file of filesBelow(source))
    hash
      .update(`${path.relative(source, file)}\0`)
      .update(fs.readFileSync(file))
      .update('\0');
  for (const code of [__filename, path.join(__dirname, '../../lib/openapiFamily.ts')])
    hash.update(fs.readFileSync(code));
  return hash.update(packageVersion('@redocly/openapi-core')).digest('hex');
}

/**
 * The family's `info.version`: it has no release of its own, so its version names its content, the
 * first 12 hex digits of the SHA-256 of the joined document (with an empty version), as
 * `content-<digits>`. The same APIs give the same version; any change to one gives a new one.
 */
export function familyVersion(unversioned: JsonObject): string {
  const digest = createHash('sha256').update(JSON.stringify(unversioned)).digest('hex');
  return `content-${digest.slice(0, 12)}`;
}

/** The bundles' files (written, or kept from an earlier run with the same key). */
export async function publishBundles(options: OpenApiBundlePluginOptions, siteDir: string): Promise<string[]> {
  const source = path.resolve(siteDir, options.source);
  const out = path.join(path.resolve(siteDir, options.directory), options.urlPath.replace(/^\//, ''));
  const key = bundlesKey(source);
  const keyFile = bundlesKeyFile(path.resolve(siteDir, options.directory));
  if (fs.existsSync(keyFile) && fs.readFileSync(keyFile, 'utf8') === key) return filesBelow(out);
  fs.rmSync(keyFile, {force: true});
  fs.rmSync(out, {recursive: true, force: true});
  const written: string[] = [];
  const write = (relative: string, document: JsonObject) => {
    for (const [ext, text] of [
      ['yaml', stringify(document, {lineWidth: 0, aliasDuplicateObjects: false})],
      ['json', `${JSON.stringify(document, null, 2)}\n`],
    ] as const) {
      const file = path.join(out, `${relative}.${ext}`);
      fs.mkdirSync(path.dirname(file), {recursive: true});
      fs.writeFileSync(file, text);
      written.push(file);
    }
  };
  const apis: BundledApi[] = [];
  const config = await (await loadRedocly()).createConfig({});
  for (const name of familyDocuments(source)) {
    const document = await bundleDocument(source, name, config);
    write(name, document);
    apis.push({name, document});
  }
  // Joined once with an empty version, which is then set to the digest of that document.
  const family = joinFamily(apis, {...FAMILY_INFO, version: ''});
  (family.info as JsonObject).version = familyVersion(family);
  write('vireo', family);
  // Written last: an interrupted run leaves no key, and the next one bundles again.
  fs.writeFileSync(keyFile, key);
  return written.sort();
}

export default function openApiBundlePlugin(context: LoadContext, rawOptions: unknown): Plugin {
  const options = rawOptions as Partial<OpenApiBundlePluginOptions>;
  if (
    !isObject(rawOptions as Json) ||
    typeof options.source !== 'string' ||
    typeof options.directory !== 'string' ||
    typeof options.urlPath !== 'string'
  )
    throw new Error('openapi-bundle plugin: options {source, directory, urlPath} are required');
  const valid = options as OpenApiBundlePluginOptions;
  return {
    name: 'openapi-bundle',
    getPathsToWatch: () => [path.resolve(context.siteDir, valid.source, '**/*.yaml')],
    async loadContent() {
      await publishBundles(valid, context.siteDir);
    },
  };
}
