// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { keyMove } from './use-card-carousel';

describe('carousel keys', () => {
  const card = document.createElement('div');
  card.innerHTML = '<a href="/cars/1">Car</a><select><option>Sales</option></select><input>';
  const [link, select, input] = [card.querySelector('a'), card.querySelector('select'), card.querySelector('input')];

  it('arrow keys move by one card, Home and End to the ends', () => {
    expect(['ArrowLeft', 'ArrowRight', 'Home', 'End'].map((key) => keyMove(key, false, link))).toEqual(['prev', 'next', 'first', 'last']);
    expect(keyMove('ArrowDown', false, link)).toBeUndefined();
  });

  it('a modified key or a key in a select or text field keeps its own meaning', () => {
    expect(keyMove('ArrowRight', true, link)).toBeUndefined();
    expect(keyMove('ArrowRight', false, select)).toBeUndefined();
    expect(keyMove('Home', false, input)).toBeUndefined();
  });
});
