// A site's route patterns compiled once into RegExps, matching paths exactly as react-router matches a route of that
// pattern (the compiling and decoding of client-router/matching.ts, ported from react-router; route-pattern.test.ts
// checks the answers against react-router's matchRoutes). react-router compiles and ranks every pattern again on each
// matchRoutes call, which costs what a page's links add up to when the editor checks them on every keystroke; whether
// a path is a page only needs any pattern to match, not the ranking.
import { compilePath, decodePath } from './client-router/matching';

/** Answers whether a path matches any of the patterns (compiled once). */
export function routePatternsMatcher(patterns: string[]): (pathname: string) => boolean {
  const compiled = patterns.map((pattern) => compilePath(pattern)[0]);
  return (pathname) => {
    const decoded = decodePath(pathname);
    return compiled.some((pattern) => pattern.test(decoded));
  };
}
