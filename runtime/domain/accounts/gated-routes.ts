// Gated routes (docs/requirements/dealer-services.md#roles): signed-out visitors of these pages are sent to sign-in and brought back afterwards.
// Which routes are gated is the tenant's setting (settings.accounts.gatedRoutes, plus the finance page when
// settings.finance.gatedRoute is on); trade-in and sell-my-car are never gated, and a checkout that names no
// known car does not redirect (it shows the site's own not-found or empty state instead).
import { matchPath } from 'react-router';
import { ACCOUNT_PATH, safeRedirectPath, signInHref } from './redirect';

/** Never gated, whatever a document lists (docs/requirements/dealer-services.md#roles). */
const NEVER_GATED = ['/trade-in', '/sell-my-car', '/cars/trade-in'];

/** Account pages only make sense signed in. */
const ALWAYS_GATED = [ACCOUNT_PATH, '/watchlist'];

export interface GateSettings {
  gatedRoutes?: string[];
  financeGated?: boolean;
  /** settings.finance.financePath: gated when financeGated and it is a path on this site. */
  financePath?: string;
}

export interface GateRequest {
  pathname: string;
  search: string;
  /** Whether a car slug is one of this site's cars (checkout routes only gate for known cars). */
  isKnownCar: (slug: string) => boolean;
}

const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/** The route patterns that need a signed-in shopper on this site. */
export function gatedPatterns(s: GateSettings): string[] {
  const list = [...ALWAYS_GATED, ...(s.gatedRoutes ?? [])];
  if (s.financeGated && s.financePath?.startsWith('/') && !s.financePath.startsWith('//')) list.push(s.financePath.split(/[?#]/)[0] ?? '');
  return [...new Set(list.map(trimSlash))].filter((p) => !NEVER_GATED.includes(p));
}

const isCheckoutPattern = (pattern: string) => /checkout|buy-online/.test(pattern);
/** A pattern without parameters matches its own path only (as matchPath would, ignoring case), without a regex. */
const isLiteral = (pattern: string) => !/[:*]/.test(pattern);

/** The gated pattern this request matches, or null when the page is open to everyone. */
export function gateFor(s: GateSettings, req: GateRequest): string | null {
  const path = trimSlash(req.pathname);
  if (NEVER_GATED.includes(path)) return null;
  const lowerPath = path.toLowerCase();
  // Every page request asks, so the common case (a literal pattern that is not this path) costs no regex.
  for (const pattern of gatedPatterns(s)) {
    if (isLiteral(pattern) && !isCheckoutPattern(pattern)) {
      if (pattern.toLowerCase() === lowerPath) return pattern;
      continue;
    }
    const m = matchPath({ path: pattern, end: true }, path);
    if (!m) continue;
    if (isCheckoutPattern(pattern)) {
      const slug = m.params.slug ?? new URLSearchParams(req.search).get('car_id') ?? '';
      if (!slug || !req.isKnownCar(slug)) return null;
    }
    return pattern;
  }
  return null;
}

/** Where a signed-out visitor of a gated page goes: sign-in, then back to the page; cancel returns to `back`. */
export function gatedRedirect(pathWithSearch: string, back: string | undefined): string {
  return signInHref('page', pathWithSearch, safeRedirectPath(back ?? '/'));
}
