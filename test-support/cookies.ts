/** The `name=value` a client sends back for a Set-Cookie header (attributes dropped); throws when the answer set none. */
export function cookieOf(setCookie: string | string[] | null | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!header) throw new Error('the answer sets no cookie');
  const [pair = ''] = header.split(';');
  return pair;
}
