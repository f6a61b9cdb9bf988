import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AccountStore, mayEdit } from './accounts';
import { hashPassword, needsRehash, verifyPassword } from './password';
import { sameToken, SessionStore } from './sessions';

describe('passwords', () => {
  it('are stored as salted scrypt hashes and verified', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[\w-]+\$[\w-]+$/); // N=2^17
    expect(hash).not.toContain('correct');
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('x', 'plain')).toBe(false);
  }, 30_000);

  it('verify older, cheaper hashes and say they need a rehash; refuse hostile costs', async () => {
    const old = await hashPassword('correct horse battery', { N: 16384, r: 8, p: 1 });
    expect(await verifyPassword('correct horse battery', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('correct horse battery'))).toBe(false);
    expect(await verifyPassword('x', 'scrypt$1073741824$8$1$c2FsdA$aGFzaA')).toBe(false); // N=2^30 would need 1 TiB
    expect(await verifyPassword('x', 'scrypt$1000$8$1$c2FsdA$aGFzaA')).toBe(false); // not a power of two
  }, 30_000);
});

describe('accounts', () => {
  it('are created with grants, never store the password, and refuse short passwords and duplicates', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'accounts-')), 'accounts.json');
    const store = new AccountStore(file);
    await store.create({ email: 'Staff@Example.com ', name: 'Staff', password: 'long enough pw', tenants: ['big-sky-cars'] });
    expect(readFileSync(file, 'utf8')).not.toContain('long enough pw');
    const account = store.find('staff@example.com')!;
    expect(account.tenants).toEqual(['big-sky-cars']);
    expect(mayEdit(account, 'big-sky-cars')).toBe(true);
    expect(mayEdit(account, 'harbourside-mazda')).toBe(false);
    await expect(store.create({ email: 'staff@example.com', name: 'X', password: 'long enough pw' })).rejects.toThrow(/already exists/);
    await expect(store.create({ email: 'b@example.com', name: 'X', password: 'short' })).rejects.toThrow(/at least 10 characters/);
    expect(store.grant('staff@example.com', ['harbourside-mazda']).tenants).toEqual(['big-sky-cars', 'harbourside-mazda']);
    expect(store.revoke('staff@example.com', ['big-sky-cars']).tenants).toEqual(['harbourside-mazda']);
    expect(mayEdit({ admin: true, tenants: [] }, 'anything')).toBe(true);
  });
});

describe('sessions', () => {
  it('expire, and each has its own CSRF token', async () => {
    let now = 1000;
    const sessions = new SessionStore(60_000, () => now);
    const a = await sessions.create('a@example.com');
    const b = await sessions.create('a@example.com');
    expect(a.token).not.toBe(b.token);
    expect(a.csrf).not.toBe(b.csrf);
    expect((await sessions.get(a.token))?.email).toBe('a@example.com');
    expect(sameToken(a.csrf, a.csrf)).toBe(true);
    expect(sameToken(b.csrf, a.csrf)).toBe(false);
    expect(sameToken(undefined, a.csrf)).toBe(false);
    now += 60_001;
    expect(await sessions.get(a.token)).toBeUndefined();
    await sessions.destroy(b.token);
    expect(await sessions.get(b.token)).toBeUndefined();
  });
});
