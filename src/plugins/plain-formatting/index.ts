import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {clientBundleCheck, moduleReplacement, builtWithLoader, resourceOf} from '../../lib/clientBundleCheck';

/**
 * Keeps the browser's locale data (ICU) out of a page's start, in the client bundle only. The first
 * Intl.DateTimeFormat and the first String#localeCompare of a page each load part of it: 30–55 ms
 * each on the phone profile, inside the long tasks of the page's start. Server rendering is unchanged
 * and writes the same text.
 * - Dates: @docusaurus/theme-common's IntlUtils (the last-updated date, blog dates) is replaced by
 *   ./IntlUtils.ts, which writes English dates without Intl (./englishDates.ts) and memoises the format.
 * - Sorting: two theme sorts that only need a fixed order (the docs plugin choosing the active plugin by
 *   path, the theme's shallow-memo keys) compare strings by code unit instead of by locale.
 * Both depend on private details of the theme and the docs plugin: the build fails when the replaced
 * module is still in the bundle or a piece of text to replace is missing (src/lib/exactTextLoader.js).
 */
const EXACT_TEXT_LOADER = path.join(__dirname, '../../lib/exactTextLoader.js');

export const THEME_INTL_UTILS = /@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]IntlUtils(\.js)?$/;

/** The locale sorts replaced, file by file: the exact text, and its code-unit equivalent. */
export const LOCALE_SORTS = [
  {
    file: /@docusaurus[\\/]plugin-content-docs[\\/]lib[\\/]client[\\/]docsClientUtils\.js$/,
    // The active docs plugin: paths sorted in descending order, so that '/leap' is tried before '/'.
    from: '.sort((a, b) => b[1].path.localeCompare(a[1].path))',
    to: '.sort((a, b) => (a[1].path > b[1].path ? -1 : a[1].path < b[1].path ? 1 : 0))',
  },
  {
    file: /@docusaurus[\\/]theme-common[\\/]lib[\\/]utils[\\/]reactUtils\.js$/,
    // useShallowMemoObject: the object's entries in a fixed key order, as memo dependencies.
    from: 'deps.sort((a, b) => a[0].localeCompare(b[0]));',
    to: 'deps.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));',
  },
];

/** What is wrong with a client bundle made of these modules (their identifiers). */
export function plainFormattingProblems(identifiers: readonly string[], dir: string): string[] {
  const resources = identifiers.map(resourceOf);
  const problems: string[] = [];
  if (resources.some((r) => THEME_INTL_UTILS.test(r)))
    problems.push("@docusaurus/theme-common's IntlUtils is still in the client bundle (did an upgrade move it?)");
  if (!resources.some((r) => r === path.join(dir, 'IntlUtils.ts')))
    problems.push("IntlUtils.ts did not replace the theme's IntlUtils");
  for (const sort of LOCALE_SORTS)
    if (!builtWithLoader(identifiers, sort.file, 'exactTextLoader.js'))
      problems.push(`no module matching ${sort.file} was built with exactTextLoader.js`);
  return problems;
}

export default function plainFormatting(): Plugin {
  const dir = __dirname;
  return {
    name: 'plain-formatting',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      const NormalModuleReplacementPlugin = moduleReplacement(currentBundler);
      return {
        module: {
          rules: LOCALE_SORTS.map(({file, from, to}) => ({
            test: file,
            enforce: 'pre' as const,
            use: [{loader: EXACT_TEXT_LOADER, options: {plugin: 'plain-formatting', replacements: [{from, to}]}}],
          })),
        },
        plugins: [
          // theme-common imports it as './utils/IntlUtils' (from lib/internal.js).
          new NormalModuleReplacementPlugin(/(^|[\\/])utils[\\/]IntlUtils(\.js)?$/, (data) => {
            if (THEME_INTL_UTILS.test(path.resolve(data.context, data.request)))
              data.request = path.join(dir, 'IntlUtils.ts');
          }),
          clientBundleCheck('plain-formatting', (ids) => plainFormattingProblems(ids, dir)),
        ],
      };
    },
  };
}
