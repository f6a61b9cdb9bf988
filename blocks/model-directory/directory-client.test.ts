import { describe, expect, it } from 'vitest';
import { parseDirectoryState } from '../../runtime/domain/models';
import { AnswerCache, fetchDirectory } from './directory-client';

describe('directory client', () => {
  it('posts only the filters that are set, with the page', async () => {
    const calls: { url: string; body: unknown }[] = [];
    const answer = { hits: [], totalHits: 0, page: 1, totalPages: 1, hitsPerPage: 21, facets: { make: [], body: [] } };
    const fetchImpl = async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return { ok: true, status: 200, json: async () => answer };
    };
    expect(await fetchDirectory(parseDirectoryState('body=suv&page=2'), { fetchImpl })).toEqual(answer);
    expect(calls).toEqual([{ url: '/api/models', body: { page: 2, body: 'suv' } }]);
  });

  it("turns a refused request into an error with the server's reason", async () => {
    const fetchImpl = async () => ({ ok: false, status: 400, json: async () => ({ message: '"page" must be a whole number from 1' }) });
    await expect(fetchDirectory(parseDirectoryState(''), { fetchImpl })).rejects.toThrow('"page" must be a whole number from 1');
  });

  it('keeps the 10 newest answers (docs/requirements/vehicle-browsing.md#constants: directory cache of 10)', () => {
    const cache = new AnswerCache<number>(10);
    for (let i = 0; i < 12; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(10);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k11')).toBe(11);
  });
});
