import type { Check } from './types';
import { segmentsToPath } from '../problems';

/** Two patterns are the same route when they differ only in parameter names, case or a trailing slash. */
const routeShape = (pattern: string) =>
  pattern === '*'
    ? '*'
    : pattern
        .toLowerCase()
        .replace(/\/+$/, '')
        .replace(/:[a-z0-9_]+/gi, ':') || '/';

export const duplicateRoute: Check = {
  meta: { code: 'duplicate-route', description: 'No two pages have the same route pattern.' },
  run(doc) {
    const seen = new Map<string, string>();
    const problems: { path: string; message: string }[] = [];
    for (const route of Object.keys(doc.pages ?? {})) {
      const shape = routeShape(route);
      const first = seen.get(shape);
      if (first !== undefined)
        problems.push({ path: segmentsToPath(['pages', route]), message: `route ${JSON.stringify(route)} duplicates the route ${JSON.stringify(first)}` });
      else seen.set(shape, route);
    }
    return problems;
  },
};
