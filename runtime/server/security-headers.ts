// Security headers on every answer (site pages, APIs, static files, the editor), set with helmet before any route:
// - Content-Security-Policy without 'unsafe-eval' (browser code validates with Ajv standalone code generated at build
//   time, never `new Function`) and without 'unsafe-inline' scripts: scripts come from this origin, plus a nonce per
//   response for any inline script the renderer emits (res.locals.cspNonce).
//   The editor too: its tenant schema validator is precompiled by the browser build (vite.config.ts).
// - frame-ancestors 'none' (and X-Frame-Options DENY), except the editor's live preview (/editor/preview/...), which
//   the editor on the same host frames.
// - HSTS only when the request came over https (req.secure: behind a proxy, X-Forwarded-Proto when trust proxy is set).
// - A script or stylesheet of the build, once found, keeps only what a file needs (buildFileHeadersOnly below).
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

/** Paths this origin frames: the editor's live preview of a site, and the stand-ins for outside pages demo sites frame. Everything else refuses to be framed. */
const FRAMABLE_PATH = /^\/(editor\/preview|stand-in)(\/|$)/;

const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

const pathOf = (req: IncomingMessage) => ((req as Request).originalUrl ?? req.url ?? '/').split('?')[0] ?? '/';
const framable = (req: IncomingMessage) => FRAMABLE_PATH.test(pathOf(req));

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

/**
 * Headers that mean something for a document only (what it may load, frame or leak) and nothing for a script or
 * stylesheet: a build file served drops them, about 520 bytes on each of a page's twenty-odd script requests (issue
 * 17's budget counts headers). nosniff, Cross-Origin-Resource-Policy and HSTS stay on every answer.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Called by the code that serves a build file, when it has found one: a missing file's 404 page keeps them all. */
export function buildFileHeadersOnly(res: ServerResponse) {
  for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
}

type SiteSources = Partial<Record<PerRequestDirective, string[]>>;
/** A directive's value: a source, or one of the requested site's sources (or its framing). */
type DirectiveValue = string | ((site: SiteSources, framable: boolean) => string);

/** Stands in for the response's nonce in a policy kept for later requests (a base64 nonce never contains it). */
const NONCE_MARK = '\u0000';

/** Random bytes drawn 4 KB at a time and handed out 16 per nonce (one call into the CSPRNG per 256 responses). */
const NONCE_BYTES = 16;
let randomPool = Buffer.alloc(0);
let poolAt = 0;
function freshNonce(): string {
  if (poolAt + NONCE_BYTES > randomPool.length) {
    randomPool = randomBytes(NONCE_BYTES * 256);
    poolAt = 0;
  }
  poolAt += NONCE_BYTES;
  return randomPool.toString('base64', poolAt - NONCE_BYTES, poolAt);
}
const NO_SITE_SOURCES: SiteSources = {};

export function securityHeaders(options: SecurityHeaderOptions = {}): RequestHandler {
  const extra = options.extraSources ?? {};
  const perRequest = (directive: PerRequestDirective) => (site: SiteSources) =>
    // Only origins (scheme://host[:port]) reach the header: nothing that could end the directive or add another.
    // https only, but for this machine's loopback (an operator's local Meilisearch in development and tests).
    (site[directive] ?? []).filter((s) => /^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(s) || /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(s)).join(' ');
  const directives = Object.entries({
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${NONCE_MARK}'`, ...(extra['script-src'] ?? []), perRequest('script-src')],
    // Inline styles stay allowed: the theme's <style> element and React style attributes (no script runs from them).
    'style-src': ["'self'", "'unsafe-inline'", ...(extra['style-src'] ?? [])],
    // Stock photos and dealer logos come from feeds and CDNs over https.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...(extra['img-src'] ?? [])],
    'media-src': ["'self'", 'https:', ...(extra['media-src'] ?? [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(extra['connect-src'] ?? []), perRequest('connect-src')],
    // The gallery's YouTube videos (privacy-enhanced domain) and the editor's preview frame.
    'frame-src': ["'self'", 'https://www.youtube-nocookie.com', ...(extra['frame-src'] ?? []), perRequest('frame-src')],
    'frame-ancestors': [(_site: SiteSources, framable: boolean) => (framable ? "'self'" : "'none'")],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  } satisfies Record<string, DirectiveValue[]>);
  for (const [name, values] of directives) {
    for (const value of values) if (typeof value === 'string' && /[;,]/.test(value)) throw new Error(`CSP ${name}: "${value}" would end the directive`);
  }
  // The policy as helmet wrote it ("name value value;name ..."), worked out once per site's sources (one object per
  // site document: a publish gives new ones) and framing, with a mark where each response's nonce goes.
  const policies = new WeakMap<SiteSources, [string?, string?]>();
  const policyOf = (site: SiteSources, framable: boolean) =>
    directives.map(([name, values]) => name + values.map((value) => ` ${typeof value === 'string' ? value : value(site, framable)}`).join('')).join(';');
  // The other headers are the same on every answer.
  const otherHelmetHeaders = helmet({ contentSecurityPolicy: false, ...otherHeaders });
  // Hashed build files (scripts, styles) are no documents: a policy's sources mean nothing there, so they get the
  // strictest short one instead of the page's (about 350 bytes less on each of a page's script requests, issue 17).
  const assetCsp = helmet({ contentSecurityPolicy: { useDefaults: false, directives: BUILD_FILE_CSP }, ...otherHeaders });
  return (req: Request, res: Response, next: NextFunction) => {
    const framing = framable(req);
    res.set('x-frame-options', framing ? 'SAMEORIGIN' : 'DENY');
    if (req.secure) res.set('strict-transport-security', HSTS_VALUE);
    if (BUILD_FILES.test(pathOf(req))) return assetCsp(req, res, next);
    const nonce = freshNonce();
    res.locals.cspNonce = nonce;
    const site = options.perRequestSources?.(req) ?? NO_SITE_SOURCES;
    let kept = policies.get(site);
    if (!kept) policies.set(site, (kept = []));
    const policy = (kept[framing ? 1 : 0] ??= policyOf(site, framing));
    res.setHeader('Content-Security-Policy', policy.replace(NONCE_MARK, nonce));
    otherHelmetHeaders(req, res, next);
  };
}
