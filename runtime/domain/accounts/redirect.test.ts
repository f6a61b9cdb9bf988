import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

const SITE = 'https://site.example';

/** The checks every answer must pass: a path of this site, even when a router decodes it once more. */
function staysOnSite(got: string): void {
  expect(got.startsWith('/')).toBe(true);
  expect(got.startsWith('//')).toBe(false);
  expect(got.startsWith('/\\')).toBe(false);
  expect(new URL(got, `${SITE}/`).origin).toBe(SITE);
  const decodedOnce = got.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  expect(new URL(decodedOnce, `${SITE}/`).origin).toBe(SITE);
}

describe('safeRedirectPath: normalised to a path of this site', () => {
  it.each([
    ['/..//evil.example', '/'],
    ['/../..//evil.example/x', '/'],
    ['/a/..//evil.example', '/'],
    ['/%2e%2e//evil.example', '/'],
    ['/.%2E//evil.example', '/'],
    ['/%2F%2Fevil.example', '/'],
    ['/%2fevil.example', '/'],
    ['/%5Cevil.example', '/'],
    ['/%252F%252Fevil.example', '/'],
    ['/x%0d%0aSet-Cookie:a=b', '/'],
    ['/\u0085/evil.example', '/'],
    ['/./cars/x', '/cars/x'],
    ['/cars/../finance?x=1#calc', '/finance?x=1#calc'],
    ['/search?q=a%2Fb', '/search?q=a%2Fb'],
    ['/cars/2021-mazda-cx-5?x=1#finance-calculator', '/cars/2021-mazda-cx-5?x=1#finance-calculator'],
  ])('%j becomes %j', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it('keeps the given fallback for what it refuses', () => {
    expect(safeRedirectPath('/..//evil.example', '/my-account')).toBe('/my-account');
  });

  it('never leaves the site, for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 60 }), (s) => staysOnSite(safeRedirectPath(s))),
      { numRuns: 3000, seed: 31 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => staysOnSite(safeRedirectPath(s))),
      { numRuns: 2000, seed: 32 },
    );
    // 5,000 runs: a second on a quiet machine, several on a busy one.
  }, 30_000);

  it('never leaves the site for strings built from the pieces of known tricks', () => {
    const piece = fc.constantFrom(
      '/',
      '//',
      '\\',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%5c',
      '%25',
      '%09',
      '\t',
      '\n',
      ' ',
      '@',
      ':',
      '?',
      '#',
      'evil.example',
      'https:',
      'javascript:',
      'cars',
      '%',
      '\u3002',
      '／',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (parts) => staysOnSite(safeRedirectPath(`/${parts.join('')}`))),
      { numRuns: 5000, seed: 33 },
    );
  });
});
