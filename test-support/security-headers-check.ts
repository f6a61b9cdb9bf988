// The security headers every answer must carry (runtime/server/security-headers.ts), as a checker other suites can
// reuse (the attack suite): securityHeaderProblems(headers, expectation) lists what is missing or too loose.
export interface HeaderExpectation {
  /** Served over https (directly or behind a trusted proxy): HSTS required; otherwise HSTS must be absent. */
  https?: boolean;
  /** The editor's preview frame: framable by its own host ('self'), never by others. */
  framable?: boolean;
}

type Headers = Record<string, string | string[] | undefined>;

const one = (headers: Headers, name: string): string | undefined => {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v.join(', ') : v;
};

/** Content-Security-Policy -> { directive: [sources] }. */
export function parseCsp(value: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of value.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name.toLowerCase()] = sources;
  }
  return out;
}

export function securityHeaderProblems(headers: Headers, expect: HeaderExpectation = {}): string[] {
  const problems: string[] = [];
  const cspValue = one(headers, 'content-security-policy');
  if (!cspValue) problems.push('no Content-Security-Policy');
  else {
    const csp = parseCsp(cspValue);
    const script = csp['script-src'] ?? csp['default-src'];
    if (!csp['default-src']) problems.push('CSP has no default-src');
    if (!script) problems.push('CSP has no script-src');
    else {
      if (script.includes("'unsafe-eval'")) problems.push("CSP script-src allows 'unsafe-eval'");
      if (script.includes("'unsafe-inline'")) problems.push("CSP script-src allows 'unsafe-inline'");
      if (script.includes('*') || script.includes('https:') || script.includes('http:') || script.includes('data:'))
        problems.push(`CSP script-src is too wide: ${script.join(' ')}`);
    }
    if (csp['object-src']?.join(' ') !== "'none'") problems.push("CSP object-src is not 'none'");
    if (!csp['base-uri']) problems.push('CSP has no base-uri');
    const ancestors = csp['frame-ancestors']?.join(' ');
    const wanted = expect.framable ? "'self'" : "'none'";
    if (ancestors !== wanted) problems.push(`CSP frame-ancestors is ${ancestors ?? '(missing)'}, expected ${wanted}`);
  }
  if (one(headers, 'x-content-type-options') !== 'nosniff') problems.push('X-Content-Type-Options is not nosniff');
  const xfo = one(headers, 'x-frame-options')?.toUpperCase();
  if (xfo !== (expect.framable ? 'SAMEORIGIN' : 'DENY')) problems.push(`X-Frame-Options is ${xfo ?? '(missing)'}`);
  const referrer = one(headers, 'referrer-policy');
  if (!referrer) problems.push('no Referrer-Policy');
  else if (/unsafe-url|no-referrer-when-downgrade/.test(referrer)) problems.push(`Referrer-Policy ${referrer} leaks full addresses`);
  const hsts = one(headers, 'strict-transport-security');
  if (expect.https && !/max-age=\d{7,}/.test(hsts ?? '')) problems.push(`over https without a long HSTS max-age (${hsts ?? 'none'})`);
  if (!expect.https && hsts) problems.push('HSTS sent over plain http');
  if (one(headers, 'x-powered-by')) problems.push('X-Powered-By reveals the server');
  return problems;
}

/**
 * A script or stylesheet of the build (security-headers.ts buildFileHeadersOnly): nosniff, a Cross-Origin-Resource-
 * Policy and a year's immutable caching, and none of a document's headers (a CSP or framing rule means nothing there).
 */
export function buildFileHeaderProblems(headers: Headers, expect: Pick<HeaderExpectation, 'https'> = {}): string[] {
  const problems: string[] = [];
  if (one(headers, 'x-content-type-options') !== 'nosniff') problems.push('X-Content-Type-Options is not nosniff');
  if (!/^same-(site|origin)$/.test(one(headers, 'cross-origin-resource-policy') ?? '')) problems.push('no same-site Cross-Origin-Resource-Policy');
  if (!/max-age=31536000/.test(one(headers, 'cache-control') ?? '') || !/immutable/.test(one(headers, 'cache-control') ?? ''))
    problems.push(`Cache-Control ${one(headers, 'cache-control') ?? '(missing)'} is not a year, immutable`);
  for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy'])
    if (one(headers, name)) problems.push(`a document's ${name} on a build file`);
  const hsts = one(headers, 'strict-transport-security');
  if (expect.https && !hsts) problems.push('over https without HSTS');
  if (!expect.https && hsts) problems.push('HSTS sent over plain http');
  if (one(headers, 'x-powered-by')) problems.push('X-Powered-By reveals the server');
  return problems;
}
