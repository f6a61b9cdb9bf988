import { describe, expect, it } from 'vitest';
import { historyLabel } from './SearchHistory';

describe('recent search labels', () => {
  it('name a make and model page as the page does, not by the words of its address', () => {
    expect(historyLabel('/search/mazda/bt-50?car_type=used', 'Mazda BT-50')).toBe('Mazda BT-50, used');
    expect(historyLabel('/search/isuzu/d-max', 'Isuzu D-MAX')).toBe('Isuzu D-MAX');
  });

  it('read other search pages from their address', () => {
    expect(historyLabel('/search/used-cars?make=Toyota&price=10000:20000')).toBe('Used Cars, Toyota, 10000:20000');
    expect(historyLabel('/search/new-used-and-demo-cars?q=ranger')).toBe('New Used And Demo Cars, “ranger”');
  });
});
