// Where sign-in sends the shopper afterwards (issue 10): only a path on this site. Anything that could leave the
// site (absolute URLs, protocol-relative //host, backslash tricks browsers read as //, control characters) falls
// back to '/', so a crafted link can never turn the sign-in page into an open redirect.
export const REDIRECT_FALLBACK = '/';

export function safeRedirectPath(value: unknown, fallback = REDIRECT_FALLBACK): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith('/')) return fallback;
  // '//evil', '/\evil' and '/\t/evil' are read by browsers as another host.
  if (/^\/[\\/]/.test(value)) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const base = 'http://same.site.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** /sign-in?type=...&redirect={path}&back={path} (seed 000 §2, seed 001 §2). */
export function signInHref(type: string, redirect: string, back: string = redirect): string {
  const q = new URLSearchParams({ type, redirect: safeRedirectPath(redirect), back: safeRedirectPath(back) });
  return `/sign-in?${q.toString()}`;
}
