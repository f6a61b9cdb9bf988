import { describe, expect, it } from 'vitest';
import { cardPrice, priceTypeLabel } from './card-price';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const price = (s = {}) => withSettingsDefaults('vehicle', { price: s }).price;

describe('card price', () => {
  it('labels price types', () => {
    expect(priceTypeLabel('driveaway')).toBe('Drive Away');
    expect(priceTypeLabel('Plus ORC')).toBe('Plus ORC');
    expect(priceTypeLabel('')).toBeNull();
  });
  it('combines price and label', () => {
    const card = cardPrice({ price: 45990, price_type: 'driveaway' }, price());
    expect(card.price).toMatchObject({ kind: 'price', text: '$45,990' });
    expect(card.priceTypeLabel).toBe('Drive Away');
    expect(cardPrice({ price: 0, price_type: 'driveaway' }, price())).toEqual({
      price: { kind: 'no-price', text: 'Enquire for price.' },
      priceTypeLabel: null,
    });
  });
});
