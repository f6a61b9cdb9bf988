// Page requests (most of the traffic) need none of the API routers, yet Express walks each one's routes for every
// request (profiles of a cache miss: ~6% of the home page's CPU in the router). A router wrapped here runs only for paths
// under the fixed start of one of its own routes, read from its layers: a route added to a router is gated by its own
// path, so there is no list of paths to keep in step. A router with a layer for any path (a middleware without a path,
// a catch-all route, a RegExp path) always runs.
import type { NextFunction, Request, RequestHandler, Response, Router } from 'express';

/** The part of an Express 5 route path before its first parameter, wildcard or optional group ('/api/cars/:slug' → '/api/cars/'). */
export function fixedStart(path: string): string {
  const at = path.search(/[:*{(\\]/);
  return at < 0 ? path : path.slice(0, at);
}

/** The fixed starts of every layer's path, lower-cased (Express matches paths case-insensitively), or undefined when a layer may match any path. */
export function routeStarts(router: Router): string[] | undefined {
  const starts = new Set<string>();
  for (const layer of router.stack as { rawPath?: unknown }[]) {
    const raw = layer.rawPath;
    for (const path of Array.isArray(raw) ? raw : [raw]) {
      if (typeof path !== 'string') return undefined;
      const start = fixedStart(path).toLowerCase();
      if (start === '' || start === '/') return undefined;
      starts.add(start);
    }
  }
  // A start under another one adds nothing ('/api/search/token' under '/api/search').
  return [...starts].filter((start) => ![...starts].some((other) => other !== start && start.startsWith(other)));
}

/** `router`, run only for the requests one of its layers can match; every other request goes straight on. */
export function gatedByItsRoutes(router: Router): RequestHandler {
  const starts = routeStarts(router);
  if (!starts) return router;
  return (req: Request, res: Response, next: NextFunction) => {
    const path = lowerPathOf(req);
    for (const start of starts) if (path.startsWith(start)) return router(req, res, next);
    next();
  };
}

/** The request's path lower-cased, once per request however many gates it passes. */
const lowerPaths = new WeakMap<Request, string>();
function lowerPathOf(req: Request): string {
  let path = lowerPaths.get(req);
  if (path === undefined) lowerPaths.set(req, (path = req.path.toLowerCase()));
  return path;
}
