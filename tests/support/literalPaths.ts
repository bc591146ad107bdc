import {createRequire} from 'node:module';
import {literalPathMatcher, type PathOptions} from '../../src/plugins/quick-routes/literalPath';
import {packageFile} from './packageFile';

/** Every option set react-router passes to path-to-regexp (end is `exact`; undefined is path-to-regexp's default). */
export const OPTIONS: PathOptions[] = [];
for (const end of [true, false, undefined])
  for (const strict of [false, true]) for (const sensitive of [false, true]) OPTIONS.push({end, strict, sensitive});

/** Pathnames tried against every path, besides the path's own variants. */
export const PATHNAMES = [
  '',
  '/',
  '//',
  '/a',
  '/a/',
  '/A',
  '/A/',
  '/a/b',
  '/a//',
  '/ab',
  '/a.b',
  '/aXb',
  '/a+b',
  '/a?b',
  '/a$b^',
  '/a[1]',
  '/a|b',
  '/blog',
  '/blog/',
  '/Blog/',
  '/blog/x',
  '/blogs',
  '/blog//',
  '/v1.2/x',
  '/v1.2/x/',
  '/v1x2/x',
  '/\u212Aa',
  '/\u00e4',
];

type PathToRegexp = (path: string, keys: unknown[], options: PathOptions) => RegExp;

/** path-to-regexp as react-router 5 resolves it (1.x), not whatever version the site has at its top. */
export const reactRouterPathToRegexp = createRequire(packageFile('react-router', 'package.json'))(
  'path-to-regexp',
) as PathToRegexp;

/**
 * The text matcher (src/plugins/quick-routes) against react-router's path-to-regexp on each path, for every option set
 * and many pathnames (the path itself, with and without a trailing slash, longer, upper case): the
 * number of comparisons and the differences, each described.
 */
export function compareWithPathToRegexp(
  paths: readonly string[],
  pathnames: readonly string[] = PATHNAMES,
): {compared: number; differences: string[]} {
  const differences: string[] = [];
  let compared = 0;
  for (const p of paths) {
    const tried = [...pathnames, p, `${p}/`, `${p}x`, `${p}/x`, p.toUpperCase(), p.replace(/\/$/, '')];
    for (const options of OPTIONS) {
      const matcher = literalPathMatcher(p, options);
      if (!matcher) {
        differences.push(`${JSON.stringify(p)} is not matched as text`);
        continue;
      }
      const regexp = reactRouterPathToRegexp(p, [], options);
      for (const pathname of tried) {
        compared++;
        const want = regexp.exec(pathname)?.[0] ?? null;
        const got = matcher.exec(pathname)?.[0] ?? null;
        if (want !== got)
          differences.push(
            `${JSON.stringify(p)} ${JSON.stringify(options)} on ${JSON.stringify(pathname)}: ${want} != ${got}`,
          );
      }
    }
  }
  return {compared, differences};
}
