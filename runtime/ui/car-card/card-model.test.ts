import { describe, expect, it } from 'vitest';
import { carCardModel, type CardCarData } from './card-model';
import { allSettingsWithDefaults, withSettingsDefaults } from '../../../test-support/settings-defaults';
import { vehicleFinanceFigure } from '../../domain/finance/vehicle-finance';

const cardSettings = (s: Parameters<typeof allSettingsWithDefaults>[0] = {}) => allSettingsWithDefaults(s);
const now = new Date('2026-11-20T00:00:00Z');
const car: CardCarData = {
  id: 7,
  slug: '2022-mazda-cx-5-7',
  make: 'Mazda',
  model: 'CX-5',
  badge: 'Maxx',
  series: 'KF',
  year: 2022,
  km: 41234,
  price: 32990,
  car_type: 'used',
  status: 'in_stock',
  simple_transmission: 'Automatic',
  simple_fuel: 'Petrol',
  simple_body: 'SUV',
  price_type: 'driveaway',
  tag: 'Runout Sale',
  finance_lenders: { Manual: { interestRate: 10, comparisonRate: 10.5, paymentWeek: 160, paymentMonth: 700, termYears: 5, deposit: 0, balloon: 0 } },
  primary_image_url: '/media/cars/7/0.svg',
  created_at: '2026-01-01T00:00:00Z',
  dealership_slug: 'harbourside',
} as CardCarData;

describe('carCardModel', () => {
  it('title, chips, price, price type, weekly repayment and disclaimer link', () => {
    const m = carCardModel(car, cardSettings({ finance: { provider: 'manual' } }), now);
    expect(m.title).toBe('2022 Mazda CX-5 Maxx KF');
    expect(m.chips).toEqual(['Used', '41,234 km', 'Automatic', 'Petrol', 'SUV']);
    expect(m.price.price.text).toBe('$32,990');
    expect(m.price.priceTypeLabel).toBe('Drive Away');
    // 10% over 5 years on $32,990, weekly: the vehicle page's figure
    const page = vehicleFinanceFigure(car, withSettingsDefaults('finance', { provider: 'manual' }), null, now);
    expect(page?.text).toBe('Only $162 /wk*');
    expect(m.weekly).toEqual({ amount: 162, text: '$162', suffix: 'per week' });
    expect(m.disclaimerHref).toBe('/cars/2022-mazda-cx-5-7#financeDisclaimer');
    expect(m.banner).toMatchObject({ kind: 'tag', text: 'Runout Sale', tone: 'red' });
  });

  it('buttons follow the search settings; Get Finance only with a finance provider', () => {
    const plain = carCardModel(
      car,
      cardSettings({ search: { purchaseMode: 'reserve', enquireButtonLabel: 'Shop Now' }, vehicle: { reserve: { enabled: true } } }),
      now,
    );
    expect(plain.buttons.map((b) => b.label)).toEqual(['Shop Now', 'Book a Test Drive', 'View Details', 'Reserve Now for $200']);
    const financed = carCardModel(
      car,
      cardSettings({
        finance: { provider: 'manual' },
        search: { purchaseMode: 'buyOnline' },
        vehicle: { reserve: { amount: 500, onlinePurchaseEnabled: true } },
      }),
      now,
    );
    expect(financed.buttons.map((b) => b.label)).toEqual(['Enquire', 'Book a Test Drive', 'Get Finance', 'View Details', 'Buy Online']);
    expect(financed.buttons.find((b) => b.kind === 'buy-online')?.href).toBe('/checkout-journey?car_id=2022-mazda-cx-5-7');
    expect(financed.buttons.find((b) => b.kind === 'test-drive')?.href).toBe('/book-test-drive?car_id=2022-mazda-cx-5-7');
  });

  it("the finance button reads the site's chosen button text", () => {
    const m = carCardModel(car, cardSettings({ finance: { provider: 'manual' }, vehicle: { buttonText: { finance: 'Pre-Approved' } } }), now);
    expect(m.buttons.find((b) => b.kind === 'finance')?.label).toBe('Pre-Approved');
  });

  it('a sold car shows the sold tag, View Details and Find Me Something Similar, and no weekly figure', () => {
    const m = carCardModel({ ...car, status: 'sold', sold: true }, cardSettings({ finance: { provider: 'manual' } }), now);
    expect(m.banner).toMatchObject({ kind: 'sold', text: 'SOLD' });
    expect(m.buttons.map((b) => [b.label, b.href])).toEqual([
      ['View Details', '/cars/2022-mazda-cx-5-7'],
      ['Find Me Something Similar', '/search/mazda/cx-5'],
    ]);
    expect(m.weekly).toBeNull();
  });

  it('no weekly figure at or below $500 (finance hidden), and favourite / compare by eligibility', () => {
    expect(carCardModel({ ...car, price: 500 }, cardSettings({ finance: { provider: 'manual' } }), now).weekly).toBeNull();
    const on = { vehicle: { favourites: { favouritesEnabled: true, compareEnabled: true, eligibility: 'used-only' as const } } };
    expect(carCardModel(car, cardSettings(on), now)).toMatchObject({ favourite: true, compare: true });
    expect(carCardModel({ ...car, car_type: 'new' }, cardSettings(on), now)).toMatchObject({ favourite: false, compare: false });
  });

  it("one main button (the site's choice, else the first) and the save toggles in the site's order, by eligibility", () => {
    const on = { vehicle: { favourites: { favouritesEnabled: true, compareEnabled: true, eligibility: 'used-only' as const } } };
    const m = carCardModel(car, cardSettings(on), now);
    expect(m.buttons[m.primaryIndex]?.label).toBe('Enquire');
    expect(m.saveButtons).toEqual(['watchlist', 'favourite', 'compare']);
    const chosen = carCardModel(car, cardSettings({ ...on, search: { cardPrimaryButton: 'details', cardSaveButtons: ['compare', 'watchlist'] } }), now);
    expect(chosen.buttons[chosen.primaryIndex]?.label).toBe('View Details');
    expect(chosen.saveButtons).toEqual(['compare', 'watchlist']);
    expect(carCardModel({ ...car, car_type: 'new' }, cardSettings(on), now).saveButtons).toEqual(['watchlist']);
    const sold = carCardModel({ ...car, status: 'sold', sold: true }, cardSettings({ search: { cardPrimaryButton: 'purchase' } }), now);
    expect(sold.buttons[sold.primaryIndex]?.label).toBe('View Details');
  });
});

describe('the card shows the weekly figure of the car page, and none where the page shows none', () => {
  const manual = { finance: { provider: 'manual' as const } };
  const weekly = (c: CardCarData, s: Parameters<typeof allSettingsWithDefaults>[0]) => carCardModel(c, cardSettings(s), now).weekly;
  const pageFigure = (c: CardCarData, s: Parameters<typeof allSettingsWithDefaults>[0]) => vehicleFinanceFigure(c, cardSettings(s).finance, null, now);

  it('the same figure as the vehicle page', () => {
    expect(weekly(car, manual)?.amount).toBe(pageFigure(car, manual)?.amount);
    const angle = {
      ...car,
      finance_lenders: { Angle: { interestRate: 7.99, comparisonRate: 8.38, paymentWeek: 120, deposit: 3299, balloon: 9897, termMonths: 60 } },
    };
    const s = { finance: { provider: 'angle' as const } };
    expect(pageFigure(angle, s)?.amount).toBeGreaterThan(0);
    expect(weekly(angle, s)?.amount).toBe(pageFigure(angle, s)?.amount);
  });

  it('a quote (the car carries one) on a quoting site, and on no other', () => {
    const quoted = { ...car, finance_lenders: null, youxQuote: { weeklyRepaymentAmount: 150, comparisonRate: 9.9, advertisedRate: 9.5 } } as CardCarData;
    expect(weekly(quoted, { finance: { provider: 'youx' } })?.amount).toBe(pageFigure(quoted, { finance: { provider: 'youx' } })?.amount);
    expect(weekly(quoted, { finance: { provider: 'youx' } })).not.toBeNull();
    expect(weekly(quoted, manual)).toBeNull();
    expect(weekly(quoted, {})).toBeNull();
  });

  it('no figure for Suzuki', () => {
    expect(weekly({ ...car, make: 'Suzuki' }, manual)).toBeNull();
    expect(pageFigure({ ...car, make: 'Suzuki' }, manual)).toBeNull();
  });

  it("no figure on a site whose finance provider is 'none'", () => {
    expect(weekly(car, { finance: { provider: 'none' } })).toBeNull();
    expect(weekly(car, {})).toBeNull();
  });

  it("no figure without the site's lender data, or with it empty", () => {
    expect(weekly({ ...car, finance_lenders: null } as CardCarData, manual)).toBeNull();
    expect(weekly({ ...car, finance_lenders: { Manual: {} } } as CardCarData, manual)).toBeNull();
    // another lender's data is not the site's
    expect(weekly(car, { finance: { provider: 'taurus' } })).toBeNull();
  });

  it('no figure for a dealership of the listed group', () => {
    const s = { finance: { provider: 'manual' as const, excludedDealerships: ['harbourside'] } };
    expect(weekly(car, s)).toBeNull();
    expect(pageFigure(car, s)).toBeNull();
    expect(weekly({ ...car, dealership_slug: 'other' }, s)).not.toBeNull();
  });
});
