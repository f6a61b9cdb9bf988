import { describe, expect, it } from 'vitest';
import { utf8Bytes } from './utf8-bytes';

describe('utf8Bytes', () => {
  it("gives Buffer.from's bytes of the pieces joined, for any text (multi-byte, surrogate pairs, lone surrogates)", () => {
    const pieces = ['<p>Ute — 4×4 ✓ 🚙', Buffer.from('<footer>© 2026</footer>'), '', '\ud800 lone', Buffer.alloc(0), 'end'];
    const joined = pieces.map((p) => (typeof p === 'string' ? p : p.toString('utf8'))).join('');
    expect(utf8Bytes(pieces).equals(Buffer.from(joined, 'utf8'))).toBe(true);
  });

  it('gives an empty buffer for no pieces', () => {
    expect(utf8Bytes([]).length).toBe(0);
  });
});
