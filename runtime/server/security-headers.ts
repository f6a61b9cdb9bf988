// Security headers on every answer (site pages, APIs, static files, the editor), set with helmet before any route:
// - Content-Security-Policy without 'unsafe-eval' (browser code validates with Ajv standalone code generated at build
//   time, never `new Function`) and without 'unsafe-inline' scripts: scripts come from this origin, plus a nonce per
//   response for any inline script the renderer emits (res.locals.cspNonce).
//   The editor too: its tenant schema validator is precompiled by the browser build (vite.config.ts).
// - frame-ancestors 'none' (and X-Frame-Options DENY), except the editor's live preview (/editor/preview/...), which
//   the editor on the same host frames.
// - HSTS only when the request came over https (req.secure: behind a proxy, X-Forwarded-Proto when trust proxy is set).
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

declare module 'express-serve-static-core' {
  interface Locals {
    /** The Content-Security-Policy nonce of this response, for inline scripts. */
    cspNonce?: string;
  }
}

/** Paths the editor frames: its live preview of a site. Everything else refuses to be framed. */
export const FRAMABLE_PATH = /^\/editor\/preview(\/|$)/;

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

const pathOf = (req: IncomingMessage) => ((req as Request).originalUrl ?? req.url ?? '/').split('?')[0];
const framable = (req: IncomingMessage) => FRAMABLE_PATH.test(pathOf(req));
const scriptNonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${(res as Response).locals.cspNonce}'`;

type PerRequestDirective = 'frame-src' | 'script-src' | 'connect-src';

export interface SecurityHeaderOptions {
  /** Extra sources per directive (e.g. a map provider's frames), added to the defaults below. */
  extraSources?: Partial<Record<'img-src' | 'frame-src' | 'connect-src' | 'media-src' | 'script-src' | 'style-src', string[]>>;
  /** Sources the requested site's own settings add (its external booking frame, Google Maps, Stripe). */
  perRequestSources?: (req: IncomingMessage) => Partial<Record<PerRequestDirective, string[]>>;
}

/** The build's hashed files, as app.ts serves them (/assets/...; the editor's under /editor/assets/). */
const BUILD_FILES = /^(\/editor)?\/assets\//;
const BUILD_FILE_CSP = { 'default-src': ["'none'"], 'base-uri': ["'none'"], 'object-src': ["'none'"], 'frame-ancestors': ["'none'"] };

const otherHeaders = {
  strictTransportSecurity: false,
  xFrameOptions: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginResourcePolicy: { policy: 'same-site' },
  crossOriginEmbedderPolicy: false,
} as const;

export function securityHeaders(options: SecurityHeaderOptions = {}): RequestHandler {
  const extra = options.extraSources ?? {};
  const perRequest = (directive: PerRequestDirective) => (req: IncomingMessage) => {
    const sources = options.perRequestSources?.(req)[directive] ?? [];
    // Only origins (scheme://host[:port]) reach the header: nothing that could end the directive or add another.
    // https only, but for this machine's loopback (an operator's local Meilisearch in development and tests).
    return sources.filter((s) => /^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(s) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(s)).join(' ');
  };
  const csp = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", scriptNonce, ...(extra['script-src'] ?? []), perRequest('script-src')],
        // Inline styles stay allowed: the theme's <style> element and React style attributes (no script runs from them).
        'style-src': ["'self'", "'unsafe-inline'", ...(extra['style-src'] ?? [])],
        // Stock photos and dealer logos come from feeds and CDNs over https.
        'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(extra['img-src'] ?? [])],
        'media-src': ["'self'", 'https:', ...(extra['media-src'] ?? [])],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...(extra['connect-src'] ?? []), perRequest('connect-src')],
        // The gallery's YouTube videos (privacy-enhanced domain) and the editor's preview frame.
        'frame-src': ["'self'", 'https://www.youtube-nocookie.com', ...(extra['frame-src'] ?? []), perRequest('frame-src')],
        'frame-ancestors': [(req: IncomingMessage) => (framable(req) ? "'self'" : "'none'")],
        'form-action': ["'self'"],
        'base-uri': ["'self'"],
        'object-src': ["'none'"],
      },
    },
    ...otherHeaders,
  });
  // Hashed build files (scripts, styles) are no documents: a policy's sources mean nothing there, so they get the
  // strictest short one instead of the page's (about 350 bytes less on each of a page's script requests, issue 17).
  const assetCsp = helmet({ contentSecurityPolicy: { useDefaults: false, directives: BUILD_FILE_CSP }, ...otherHeaders });
  return (req: Request, res: Response, next: NextFunction) => {
    res.set('x-frame-options', framable(req) ? 'SAMEORIGIN' : 'DENY');
    if (req.secure) res.set('strict-transport-security', HSTS_VALUE);
    if (BUILD_FILES.test(pathOf(req))) return assetCsp(req, res, next);
    res.locals.cspNonce = randomBytes(16).toString('base64');
    csp(req, res, next);
  };
}
