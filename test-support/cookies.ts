/** The `name=value` a client sends back for a Set-Cookie header (attributes dropped); throws when the answer set none. */
export function cookieOf(setCookie: unknown): string {
  const header: unknown = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (typeof header !== 'string' || !header) throw new Error('the answer sets no cookie');
  const [pair = ''] = header.split(';');
  return pair;
}
