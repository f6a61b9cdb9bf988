// A route pattern compiled once into a RegExp, matching paths exactly as react-router matches a route of that pattern
// (its compilePath and decodePath; route-pattern.test.ts checks both against react-router's matchRoutes). react-router
// compiles every pattern again on each matchRoutes call, which costs what a page's links add up to when the editor
// checks them on every keystroke; whether a path is a page only needs any pattern to match, not the ranking.

/** The pattern's RegExp, as react-router builds it for a route with `end` (the whole path) and no case sensitivity. */
export function compileRoutePattern(pattern: string): RegExp {
  let source = `^${pattern
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)(\?)?/g, (match: string, _name: string, optional: string | undefined, index: number, whole: string) => {
      if (!optional) return '/([^\\/]+)';
      const next = whole.charAt(index + match.length);
      return next && next !== '/' ? '/([^\\/]*)' : '(?:/([^\\/]*))?';
    })
    .replace(/\/([\w-]+)\?(\/|$)/g, '(/$1)?$2')}`;
  if (pattern.endsWith('*')) source += pattern === '*' || pattern === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  else source += '\\/*$';
  return new RegExp(source, 'i');
}

/** The path as react-router matches it: each segment percent-decoded (a malformed one left as it is). */
export function decodeRoutePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** Answers whether a path matches any of the patterns (compiled once). */
export function routePatternsMatcher(patterns: string[]): (pathname: string) => boolean {
  const compiled = patterns.map(compileRoutePattern);
  return (pathname) => {
    const decoded = decodeRoutePath(pathname);
    return compiled.some((pattern) => pattern.test(decoded));
  };
}
