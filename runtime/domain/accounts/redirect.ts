// Where sign-in sends the shopper afterwards (issue 10): only a path on this site. Anything that could leave the
// site (absolute URLs, protocol-relative //host, backslash tricks browsers read as //, control characters, dot
// segments that climb to //host, encoded slashes a router may decode) falls back to '/', so a crafted link can never
// turn the sign-in page into an open redirect.
const REDIRECT_FALLBACK = '/';
/** The shopper's account page: where a confirmed sign-up lands when it carried no other path. */
export const ACCOUNT_PATH = '/my-account';

// Browsers drop tabs and newlines anywhere in a URL and read '\' as '/', so '/\t/evil' and '/\evil' are '//evil'.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\\]/;
// Encoded '/', '\', '%' and controls in the path: a router or proxy that decodes the path once more would see a
// different path (possibly '//host') than the one checked here. Honest links of the site never carry them.
const UNSAFE_ENCODED_IN_PATH = /%(2f|5c|25|[01][0-9a-f]|7f)/i;
const CHECK_ORIGIN = 'https://same.site.invalid';

export function safeRedirectPath(value: unknown, fallback = REDIRECT_FALLBACK): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return fallback;
  if (!value.startsWith('/') || UNSAFE_CHARACTERS.test(value)) return fallback;
  const pathEnd = value.search(/[?#]/);
  if (UNSAFE_ENCODED_IN_PATH.test(pathEnd < 0 ? value : value.slice(0, pathEnd))) return fallback;
  let url: URL;
  try {
    url = new URL(value, CHECK_ORIGIN);
  } catch {
    return fallback;
  }
  // Resolving removes '.' and '..' segments (also as %2e): '/..//evil' becomes '//evil', which is another host.
  if (url.origin !== CHECK_ORIGIN || !url.pathname.startsWith('/') || url.pathname.startsWith('//')) return fallback;
  return url.pathname + url.search + url.hash;
}

/** /sign-in?type=...&redirect={path}&back={path} (docs/requirements/vehicle-browsing.md#screens, docs/requirements/dealer-services.md#screens). */
export function signInHref(type: string, redirect: string, back: string = redirect): string {
  const q = new URLSearchParams({ type, redirect: safeRedirectPath(redirect), back: safeRedirectPath(back) });
  return `/sign-in?${q.toString()}`;
}
