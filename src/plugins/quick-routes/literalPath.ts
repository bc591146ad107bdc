/**
 * A stand-in for the regular expression path-to-regexp 1.x compiles for a path without parameters
 * (react-router 5's matchPath compiles one per route it tries, and a page's start tries hundreds).
 * It matches exactly what that expression matches and returns the same matched text, for the same
 * options (end, strict, sensitive); tests/unit/quickRoutes.spec.ts compares the two on many paths.
 */
export interface PathOptions {
  end?: boolean;
  strict?: boolean;
  sensitive?: boolean;
}
export interface LiteralPathMatcher {
  exec(pathname: string): [string] | null;
}

// path-to-regexp 1.x reads these as parameters, groups, wildcards or escapes; anything else is text.
const NOT_LITERAL = /[\\:()*]/;
// Case-insensitive matching of non-ASCII text follows Unicode case mapping; only ASCII is done here.
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function startsWith(pathname: string, prefix: string, sensitive: boolean): boolean {
  if (pathname.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    const a = pathname.charCodeAt(i);
    const b = prefix.charCodeAt(i);
    if (a === b) continue;
    if (sensitive || !isAsciiLetter(a) || !isAsciiLetter(b) || (a | 32) !== (b | 32)) return false;
  }
  return true;
}

/** The matcher for `path`, or null when path-to-regexp would read more than text in it. */
export function literalPathMatcher(path: unknown, options: PathOptions = {}): LiteralPathMatcher | null {
  if (typeof path !== 'string' || NOT_LITERAL.test(path) || !PRINTABLE_ASCII.test(path)) return null;
  const end = options.end !== false;
  const strict = Boolean(options.strict);
  const sensitive = Boolean(options.sensitive);
  const endsWithSlash = path.endsWith('/');
  // Not strict: a trailing slash of the path is optional, and one after it is allowed at the end.
  const text = !strict && endsWithSlash ? path.slice(0, -1) : path;
  return {
    exec(pathname: string) {
      if (!startsWith(pathname, text, sensitive)) return null;
      let length = text.length;
      if (!strict && pathname.length === length + 1 && pathname[length] === '/') length += 1;
      const rest = pathname.slice(length);
      if (end) {
        if (rest !== '') return null;
      } else if (!(strict && endsWithSlash) && rest !== '' && rest[0] !== '/') return null;
      return [pathname.slice(0, length)];
    },
  };
}
