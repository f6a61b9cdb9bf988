import { describe, expect, it } from 'vitest';
import { financeEligibility, isAvailableForFinance, showFinanceBlocks } from './display-rules';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const now = new Date('2025-06-15T00:00:00+10:00');
const car = { make: 'Toyota', year: 2020, price: 25990, status: 'in_stock' };
const info = { interestRate: 9.99, comparisonRate: 10.45, paymentWeek: 120, paymentMonth: 520 };

describe('financeEligibility (docs/requirements/dealer-services.md#validation)', () => {
  it('shows for an available car with complete figures', () => {
    expect(financeEligibility(car, info, withSettingsDefaults('finance', { provider: 'manual' }), now)).toEqual({ show: true, reason: 'shown' });
  });

  it('no finance without a provider, on a hidden site, or for Suzuki by default', () => {
    expect(financeEligibility(car, info, withSettingsDefaults('finance'), now).reason).toBe('no-provider');
    expect(financeEligibility(car, info, withSettingsDefaults('finance', { provider: 'manual', hidden: true }), now).reason).toBe('site-hidden');
    expect(financeEligibility({ ...car, make: 'Suzuki' }, info, withSettingsDefaults('finance', { provider: 'manual' }), now)).toEqual({
      show: false,
      reason: 'manufacturer-excluded',
    });
    expect(financeEligibility({ ...car, make: 'suzuki ' }, info, withSettingsDefaults('finance', { provider: 'manual' }), now).show).toBe(false);
    expect(
      financeEligibility({ ...car, make: 'Suzuki' }, info, withSettingsDefaults('finance', { provider: 'manual', excludedManufacturers: [] }), now).show,
    ).toBe(true);
  });

  it('no finance for a car of a dealership in the listed group', () => {
    const s = { provider: 'manual' as const, excludedDealerships: ['sc-trucks'] };
    expect(financeEligibility({ ...car, dealership_slug: 'sc-trucks' }, info, withSettingsDefaults('finance', s), now)).toEqual({
      show: false,
      reason: 'dealership-excluded',
    });
    expect(financeEligibility({ ...car, dealership_slug: 'sc-toyota' }, info, withSettingsDefaults('finance', s), now).show).toBe(true);
    expect(financeEligibility(car, info, withSettingsDefaults('finance', s), now).show).toBe(true);
  });

  it('no finance when lender data is missing or empty, or a rate is null', () => {
    const s = { provider: 'ausloans' as const };
    expect(financeEligibility(car, undefined, withSettingsDefaults('finance', s), now).reason).toBe('lender-data-missing');
    expect(financeEligibility(car, {}, withSettingsDefaults('finance', s), now).reason).toBe('lender-data-missing');
    expect(financeEligibility(car, { ...info, interestRate: null }, withSettingsDefaults('finance', s), now).reason).toBe('interest-rate-missing');
    expect(financeEligibility(car, { ...info, comparisonRate: null }, withSettingsDefaults('finance', s), now).reason).toBe('comparison-rate-missing');
  });

  it('hidden at or below a price of 500 for lenders with the price rule', () => {
    const s = { provider: 'manual' as const };
    expect(financeEligibility({ ...car, price: 500 }, info, withSettingsDefaults('finance', s), now)).toEqual({
      show: false,
      reason: 'price-at-or-below-floor',
    });
    expect(financeEligibility({ ...car, price: 501 }, info, withSettingsDefaults('finance', s), now).show).toBe(true);
    expect(financeEligibility({ ...car, price: 0 }, info, withSettingsDefaults('finance', { provider: 'nissan-finance' }), now).show).toBe(false);
    // finance display is hidden at or below 500 overall, also for lenders whose own rule only asks for availability
    expect(financeEligibility({ ...car, price: 400 }, info, withSettingsDefaults('finance', { provider: '360-finance' }), now)).toEqual({
      show: false,
      reason: 'price-at-or-below-floor',
    });
    expect(financeEligibility({ ...car, price: 500 }, info, withSettingsDefaults('finance', { provider: 'youx' }), now)).toEqual({
      show: false,
      reason: 'price-at-or-below-floor',
    });
    expect(financeEligibility({ ...car, price: 501 }, info, withSettingsDefaults('finance', { provider: '360-finance' }), now).show).toBe(true);
  });

  it('availability: in_stock and coming_soon', () => {
    expect(isAvailableForFinance({ status: 'coming_soon' })).toBe(true);
    expect(isAvailableForFinance({ status: 'sold' })).toBe(false);
    expect(financeEligibility({ ...car, status: 'sold' }, info, withSettingsDefaults('finance', { provider: 'ausloans' }), now).reason).toBe('not-available');
  });

  it('Taurus: year within the last 12 years', () => {
    const s = { provider: 'taurus' as const };
    expect(financeEligibility({ ...car, year: 2013 }, info, withSettingsDefaults('finance', s), now).show).toBe(true);
    expect(financeEligibility({ ...car, year: 2012 }, info, withSettingsDefaults('finance', s), now)).toEqual({ show: false, reason: 'year-too-old' });
    expect(financeEligibility({ ...car, year: null }, info, withSettingsDefaults('finance', s), now).reason).toBe('year-too-old');
  });

  it('Manual / Angle / Powertorque need a weekly payment; Nissan Finance a monthly one', () => {
    for (const provider of ['manual', 'angle', 'powertorque'] as const) {
      expect(financeEligibility(car, { ...info, paymentWeek: null }, withSettingsDefaults('finance', { provider }), now).reason).toBe('weekly-payment-missing');
      expect(financeEligibility(car, { ...info, paymentMonth: null }, withSettingsDefaults('finance', { provider }), now).show).toBe(true);
    }
    expect(financeEligibility(car, { ...info, paymentMonth: null }, withSettingsDefaults('finance', { provider: 'nissan-finance' }), now).reason).toBe(
      'monthly-payment-missing',
    );
    expect(financeEligibility(car, { ...info, paymentWeek: null }, withSettingsDefaults('finance', { provider: 'nissan-finance' }), now).show).toBe(true);
  });

  it('checks a named lender instead of the provider', () => {
    expect(financeEligibility({ ...car, year: 2000 }, info, withSettingsDefaults('finance', { provider: 'manual' }), now, 'taurus').reason).toBe(
      'year-too-old',
    );
  });
});

describe('showFinanceBlocks (docs/requirements/vehicle-browsing.md#validation)', () => {
  it('only with a configured provider and a figure above 0', () => {
    expect(showFinanceBlocks(withSettingsDefaults('finance', { provider: 'angle' }), 120)).toBe(true);
    expect(showFinanceBlocks(withSettingsDefaults('finance', { provider: 'angle' }), 0)).toBe(false);
    expect(showFinanceBlocks(withSettingsDefaults('finance', { provider: 'angle' }), null)).toBe(false);
    expect(showFinanceBlocks(withSettingsDefaults('finance'), 120)).toBe(false);
    expect(showFinanceBlocks(withSettingsDefaults('finance', { provider: 'angle', hidden: true }), 120)).toBe(false);
  });
});
