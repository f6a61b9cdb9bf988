import { describe, expect, it } from 'vitest';
import { priceDisplay } from './price-display';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const price = (s = {}) => withSettingsDefaults('vehicle', { price: s }).price;

describe('priceDisplay priority (docs/requirements/vehicle-browsing.md#states)', () => {
  it('shows the subscription price first when subscriptions are on and it is above 0', () => {
    const car = { price: 30000, subscription_price: 199 };
    expect(priceDisplay(car, price({ subscriptionsEnabled: true }))).toEqual({ kind: 'subscription', amount: 199, text: '$199' });
    expect(priceDisplay(car, price()).kind).toBe('price');
    expect(priceDisplay({ price: 30000, subscription_price: 0 }, price({ subscriptionsEnabled: true })).kind).toBe('price');
  });
  it('shows a price above 10, as was/now when different', () => {
    expect(priceDisplay({ price: 29990 }, price())).toEqual({ kind: 'price', amount: 29990, text: '$29,990' });
    expect(priceDisplay({ price: 27990, before_price: 29990 }, price())).toEqual({
      kind: 'price',
      amount: 27990,
      text: '$27,990',
      was: { amount: 29990, text: '$29,990' },
    });
    expect(priceDisplay({ price: 29990, offer_price: 28500 }, price())).toMatchObject({ amount: 28500, was: { text: '$29,990' } });
    expect(priceDisplay({ price: 29990, before_price: 29990 }, price())).toEqual({ kind: 'price', amount: 29990, text: '$29,990' });
  });
  it('ignores prices of 10 or less', () => {
    expect(priceDisplay({ price: 10, preorder: true }, price())).toEqual({ kind: 'preorder', text: 'PREORDER' });
    expect(priceDisplay({ price: 11 }, price()).kind).toBe('price');
  });
  it('falls back to the no-price text, default Enquire for price.', () => {
    expect(priceDisplay({ price: 0 }, price())).toEqual({ kind: 'no-price', text: 'Enquire for price.' });
    expect(priceDisplay({ price: null }, price({ noPriceText: 'Call us' })).text).toBe('Call us');
  });
});
