// Whether a path is one of a site's pages, with each page pattern compiled once into a RegExp. react-router's
// matchRoutes flattens, ranks and compiles every pattern on each call, which costs what a page's links add up to when
// the editor checks them on every keystroke; whether a path is a page needs only that some pattern matches, not the
// ranking. The compiling follows react-router 7's compilePath (not exported by it); route-pattern.test.ts checks the
// answers against react-router's matchRoutes on every demo site's routes, so a react-router upgrade that matches
// differently fails there.

function compilePattern(path: string): RegExp {
  let source = `^${path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)(\?)?/g, (match: string, _name: string, optional: string | undefined, index: number, str: string) => {
      if (!optional) return '/([^\\/]+)';
      const next = str.charAt(index + match.length);
      return next && next !== '/' ? '/([^\\/]*)' : '(?:/([^\\/]*))?';
    })
    .replace(/\/([\w-]+)\?(\/|$)/g, '(/$1)?$2')}`;
  source += path.endsWith('*') ? (path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$') : '\\/*$';
  return new RegExp(source, 'i');
}

/** A path as react-router matches it: each segment decoded, an encoded slash kept encoded. */
function decodePath(value: string): string {
  try {
    return value
      .split('/')
      .map((v) => decodeURIComponent(v).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return value;
  }
}

/** Answers whether a path matches any of the patterns (compiled once). */
export function routePatternsMatcher(patterns: string[]): (pathname: string) => boolean {
  const compiled = patterns.map(compilePattern);
  return (pathname) => {
    const decoded = decodePath(pathname);
    return compiled.some((pattern) => pattern.test(decoded));
  };
}
