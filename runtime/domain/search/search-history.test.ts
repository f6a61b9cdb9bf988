import { describe, expect, it } from 'vitest';
import { addToSearchHistory } from './search-history';

describe('search history (docs/requirements/dealer-services.md#data, #constants: last 5 searches with path)', () => {
  it('newest first, at most 5', () => {
    let history: { path: string }[] = [];
    for (let i = 1; i <= 7; i++) history = addToSearchHistory(history, { path: `/search/s${i}` });
    expect(history.map((e) => e.path)).toEqual(['/search/s7', '/search/s6', '/search/s5', '/search/s4', '/search/s3']);
  });
  it('no duplicates: a repeated search moves to the front', () => {
    const history = [{ path: '/search/a' }, { path: '/search/b' }, { path: '/search/c' }];
    expect(addToSearchHistory(history, { path: '/search/c', label: 'C' })).toEqual([
      { path: '/search/c', label: 'C' },
      { path: '/search/a' },
      { path: '/search/b' },
    ]);
  });
});
