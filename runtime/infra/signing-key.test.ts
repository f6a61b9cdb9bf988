import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signingKey } from './signing-key';

describe('signingKey', () => {
  it('takes the environment value when set, and writes no file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'key-')), 'k');
    expect(signingKey('shared secret', file).toString()).toBe('shared secret');
    expect(() => statSync(file)).toThrow();
  });

  it('else makes a random key file (owner-only) once and reads the same key on every later start', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'key-')), 'nested', 'k');
    const first = signingKey(undefined, file);
    expect(first.toString()).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(signingKey('', file).equals(first)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(first.toString());
  });
});
