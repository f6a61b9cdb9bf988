import { describe, expect, it } from 'vitest';
import { cardPrice, priceTypeLabel, weeklyRepayment } from './card-price';
import { withSettingsDefaults } from '../../tenants/settings-defaults';

const price = (s = {}) => withSettingsDefaults('vehicle', { price: s }).price;

describe('card price', () => {
  it('labels price types', () => {
    expect(priceTypeLabel('driveaway')).toBe('Drive Away');
    expect(priceTypeLabel('Plus ORC')).toBe('Plus ORC');
    expect(priceTypeLabel('')).toBeNull();
  });
  it("shows the weekly repayment as 'per week'", () => {
    expect(weeklyRepayment({ youxQuote: { weeklyRepaymentAmount: 123.6 } })).toEqual({ amount: 123.6, text: '$124', suffix: 'per week' });
    expect(weeklyRepayment({ youxQuote: { weeklyRepaymentAmount: 0 } })).toBeNull();
    expect(weeklyRepayment({})).toBeNull();
  });
  it('combines price, label and weekly repayment', () => {
    const card = cardPrice({ price: 45990, price_type: 'driveaway', youxQuote: { weeklyRepaymentAmount: 189 } }, price());
    expect(card.price).toMatchObject({ kind: 'price', text: '$45,990' });
    expect(card.priceTypeLabel).toBe('Drive Away');
    expect(card.weekly?.text).toBe('$189');
    expect(cardPrice({ price: 0, price_type: 'driveaway' }, price())).toEqual({
      price: { kind: 'no-price', text: 'Enquire for price.' },
      priceTypeLabel: null,
      weekly: null,
    });
  });
});
