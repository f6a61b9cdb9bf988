import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UnsubscribeLinkSigner } from './links';

const signer = new UnsubscribeLinkSigner(Buffer.from('a test secret'));

describe('signed unsubscribe links', () => {
  it('verify for the site and the address they were made for (any case or spacing of the address)', () => {
    const token = signer.token('big-sky-cars', 'Ann@Example.com');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(signer.verify('big-sky-cars', 'ann@example.com', token)).toBe(true);
    expect(signer.verify('big-sky-cars', ' ANN@example.COM ', token)).toBe(true);
  });

  it('do not verify for another site, another address, another list, another key or a changed token', () => {
    const token = signer.token('big-sky-cars', 'ann@example.com');
    expect(signer.verify('harbourside-mazda', 'ann@example.com', token)).toBe(false);
    expect(signer.verify('big-sky-cars', 'bob@example.com', token)).toBe(false);
    expect(signer.verify('big-sky-cars', 'ann@example.com', token, 'service-reminders')).toBe(false);
    expect(new UnsubscribeLinkSigner(Buffer.from('another secret')).verify('big-sky-cars', 'ann@example.com', token)).toBe(false);
    expect(signer.verify('big-sky-cars', 'ann@example.com', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    for (const bad of [undefined, null, 42, '', 'x'.repeat(5000), [token]]) expect(signer.verify('big-sky-cars', 'ann@example.com', bad)).toBe(false);
    expect(signer.verify('big-sky-cars', 'not an address', token)).toBe(false);
  });

  it("link to the site's unsubscribe page on its configured address, never without one", () => {
    const link = signer.link({ slug: 'big-sky-cars', url: 'https://www.bigskycars.example/some/page' }, 'Ann@Example.com');
    const url = new URL(link!);
    expect(url.origin).toBe('https://www.bigskycars.example');
    expect(url.pathname).toBe('/pages/unsubscribe');
    expect(url.searchParams.get('email')).toBe('ann@example.com');
    expect(signer.verify('big-sky-cars', 'ann@example.com', url.searchParams.get('token'))).toBe(true);
    expect(signer.link({ slug: 'big-sky-cars' }, 'ann@example.com')).toBeUndefined();
    expect(signer.path('big-sky-cars', 'ann+news@example.com')).toBe(
      `/pages/unsubscribe?email=ann%2Bnews%40example.com&token=${signer.token('big-sky-cars', 'ann+news@example.com')}`,
    );
    expect(() => signer.path('big-sky-cars', 'not an address')).toThrow('cannot sign an unsubscribe link');
  });

  it('use UNSUBSCRIBE_LINK_SECRET, else a key generated once in a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'unsubscribe-links-'));
    const file = join(dir, 'keys', '.unsubscribe-link-secret');
    const first = UnsubscribeLinkSigner.fromEnv(file, {});
    expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    const token = first.token('big-sky-cars', 'ann@example.com');
    expect(UnsubscribeLinkSigner.fromEnv(file, {}).verify('big-sky-cars', 'ann@example.com', token)).toBe(true);
    const configured = UnsubscribeLinkSigner.fromEnv(join(dir, 'unused'), { UNSUBSCRIBE_LINK_SECRET: 'a test secret' });
    expect(existsSync(join(dir, 'unused'))).toBe(false);
    expect(configured.token('big-sky-cars', 'ann@example.com')).toBe(signer.token('big-sky-cars', 'ann@example.com'));
  });
});
