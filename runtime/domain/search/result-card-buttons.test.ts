import { describe, expect, it } from 'vitest';
import { financeHref, primaryCardButtonIndex, resultCardButtons } from './result-card-buttons';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const car = {
  id: 4321,
  slug: '2021-toyota-hilux-sr5-4321',
  status: 'in_stock',
  make: 'Toyota',
  model: 'HiLux',
  car_type: 'used',
  vin: 'VIN1',
  price: 45990,
  dealership_slug: 'city-toyota',
};
const labels = (buttons: { label: string }[]) => buttons.map((b) => b.label);

describe('result card buttons (docs/requirements/vehicle-browsing.md#screens)', () => {
  it('an available car: Enquire, Book a Test Drive, Get Finance, View Details', () => {
    const buttons = resultCardButtons(car, withSettingsDefaults('search'));
    expect(labels(buttons)).toEqual(['Enquire', 'Book a Test Drive', 'Get Finance', 'View Details']);
    expect(buttons[0]).toMatchObject({ kind: 'enquire', dialog: 'enquiry' });
    expect(buttons[3]?.href).toBe('/cars/2021-toyota-hilux-sr5-4321');
  });
  it('enquire label setting: Enquire Now / Shop Now', () => {
    expect(resultCardButtons(car, withSettingsDefaults('search', { enquireButtonLabel: 'Enquire Now' }))[0]?.label).toBe('Enquire Now');
    expect(resultCardButtons(car, withSettingsDefaults('search', { enquireButtonLabel: 'Shop Now' }))[0]?.label).toBe('Shop Now');
  });
  it("Reserve Now with the amount ($200 default), to checkout or buy-online by the site's checkout path", () => {
    const reserve = resultCardButtons(car, withSettingsDefaults('search', { purchaseMode: 'reserve' }), { reserveEnabled: true }).at(-1)!;
    expect(reserve).toEqual({ kind: 'reserve', label: 'Reserve Now for $200', href: '/cars/2021-toyota-hilux-sr5-4321/checkout' });
    const buyOnlineRoute = resultCardButtons(car, withSettingsDefaults('search', { purchaseMode: 'reserve' }), {
      reserveAmount: 500,
      reserveEnabled: true,
      checkoutPath: 'buy-online',
    }).at(-1)!;
    expect(buyOnlineRoute).toMatchObject({ label: 'Reserve Now for $500', href: '/cars/2021-toyota-hilux-sr5-4321/buy-online' });
  });
  it('Buy Online goes to /checkout-journey?car_id={slug}', () => {
    expect(resultCardButtons(car, withSettingsDefaults('search', { purchaseMode: 'buyOnline' }), { onlinePurchaseEnabled: true }).at(-1)).toEqual({
      kind: 'buy-online',
      label: 'Buy Online',
      href: '/checkout-journey?car_id=2021-toyota-hilux-sr5-4321',
    });
  });
  it('no Reserve Now or Buy Online where the site does not offer the flow, or for a reserved car', () => {
    expect(labels(resultCardButtons(car, withSettingsDefaults('search', { purchaseMode: 'reserve' })))).not.toContain('Reserve Now for $200');
    expect(labels(resultCardButtons(car, withSettingsDefaults('search', { purchaseMode: 'buyOnline' })))).not.toContain('Buy Online');
    expect(
      labels(resultCardButtons({ ...car, reserved: true }, withSettingsDefaults('search', { purchaseMode: 'reserve' }), { reserveEnabled: true })),
    ).not.toContain('Reserve Now for $200');
    expect(
      labels(resultCardButtons({ ...car, reserved: true }, withSettingsDefaults('search', { purchaseMode: 'buyOnline' }), { onlinePurchaseEnabled: true })),
    ).not.toContain('Buy Online');
  });
  it('a car no longer available: View Details and Find Me Something Similar', () => {
    const buttons = resultCardButtons({ ...car, status: 'sold' }, withSettingsDefaults('search', { purchaseMode: 'reserve' }));
    expect(labels(buttons)).toEqual(['View Details', 'Find Me Something Similar']);
    expect(buttons[1]?.href).toBe('/search/toyota/hilux');
  });
  it('coming_soon counts as available; Get Finance hidden without a finance provider; button list setting', () => {
    expect(labels(resultCardButtons({ ...car, status: 'coming_soon' }, withSettingsDefaults('search'), { financeEnabled: false }))).toEqual([
      'Enquire',
      'Book a Test Drive',
      'View Details',
    ]);
    expect(labels(resultCardButtons(car, withSettingsDefaults('search', { cardButtons: ['details', 'enquire'] })))).toEqual(['View Details', 'Enquire']);
  });
  it('finance link (docs/requirements/dealer-services.md#screens) ends with #finance-form', () => {
    expect(financeHref(car)).toBe('/finance?preferredDealership=city-toyota&vehiclePriceBudget=45990&car_id=4321&car_type=used&vin=VIN1#finance-form');
    expect(financeHref({ id: 1, slug: 's', status: 'in_stock', price: 0 }, '/apply-for-finance')).toBe('/apply-for-finance?car_id=1#finance-form');
  });
});

describe("the card's one main button", () => {
  const all = resultCardButtons(car, withSettingsDefaults('search', { purchaseMode: 'reserve' }), { reserveEnabled: true });
  it('is the kind the site chose; purchase means Reserve Now or Buy Online', () => {
    expect(all[primaryCardButtonIndex(all, 'enquire')]?.label).toBe('Enquire');
    expect(all[primaryCardButtonIndex(all, 'details')]?.label).toBe('View Details');
    expect(all[primaryCardButtonIndex(all, 'purchase')]?.label).toBe('Reserve Now for $200');
    const buyOnline = resultCardButtons(car, withSettingsDefaults('search', { purchaseMode: 'buyOnline' }), { onlinePurchaseEnabled: true });
    expect(buyOnline[primaryCardButtonIndex(buyOnline, 'purchase')]?.label).toBe('Buy Online');
  });
  it('falls back to the first button when the card does not have it', () => {
    const noFinance = resultCardButtons(car, withSettingsDefaults('search', { cardButtons: ['details', 'enquire'] }), { financeEnabled: false });
    expect(noFinance[primaryCardButtonIndex(noFinance, 'finance')]?.label).toBe('View Details');
    const sold = resultCardButtons({ ...car, status: 'sold' }, withSettingsDefaults('search'));
    expect(sold[primaryCardButtonIndex(sold, 'enquire')]?.label).toBe('View Details');
  });
});
