import { describe, expect, it } from 'vitest';
import { sameSecondMemo } from './same-second-memo';

describe('sameSecondMemo', () => {
  it('answers the same search of the same document, stock version and second once', async () => {
    const site = {};
    const stock = { version: 1 };
    let runs = 0;
    const search = () => Promise.resolve(++runs);
    expect(await sameSecondMemo(site, 'q', stock, 10_000, search)).toBe(1);
    expect(await sameSecondMemo(site, 'q', stock, 10_999, search)).toBe(1);
    // Another second, another stock version, another search or another document: searched again.
    expect(await sameSecondMemo(site, 'q', stock, 11_000, search)).toBe(2);
    stock.version = 2;
    expect(await sameSecondMemo(site, 'q', stock, 11_000, search)).toBe(3);
    expect(await sameSecondMemo(site, 'other', stock, 11_000, search)).toBe(4);
    expect(await sameSecondMemo({}, 'q', stock, 11_000, search)).toBe(5);
    // Another catalogue (another server's stock) at the same version number.
    expect(await sameSecondMemo(site, 'q', { version: 2 }, 11_000, search)).toBe(6);
  });

  it('does not keep a failure', async () => {
    const site = {};
    const stock = { version: 1 };
    await expect(sameSecondMemo(site, 'q', stock, 5_000, () => Promise.reject(new Error('engine down')))).rejects.toThrow('engine down');
    expect(await sameSecondMemo(site, 'q', stock, 5_000, () => Promise.resolve('found'))).toBe('found');
  });
});
