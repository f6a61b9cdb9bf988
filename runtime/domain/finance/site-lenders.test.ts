// settings.finance.lenders, the Angle presets, lender disclaimers, the seed's disclaimer figures, the brand toggle and
// the fee list (docs/requirements/dealer-services.md#scope, #screens, #validation, #calls, #constants).
import { describe, expect, it } from 'vitest';
import { calculate, calculatorBounds, defaultCalculatorInputs, feeList } from './calculator';
import { calculatorDisclaimer, SHOW_LESS, SHOW_MORE } from './disclaimer';
import { comparisonRatePlaceholder, lenderDisclaimers, siteLenders } from './site-lenders';
import { vehicleFinanceFigure } from './vehicle-finance';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const now = new Date('2026-01-10T00:00:00Z');
const ANGLE_DISCLAIMER =
  'Based on a 5-year term, 10.0% deposit, 30.0% final payment. Comparison rate based on a 5-year secured consumer fixed rate loan of $30,000.';
const TAURUS_DISCLAIMER = 'Weekly repayment based on a 5-year secured consumer fixed rate loan. Fees and charges apply. Subject to lender approval.';
const car = {
  make: 'Mazda',
  year: 2023,
  price: 32990,
  status: 'in_stock',
  finance_lenders: {
    Angle: {
      interestRate: 7.99,
      comparisonRate: 8.38,
      paymentWeek: 101.3,
      paymentMonth: 439,
      deposit: 3299,
      balloon: 9897,
      termMonths: 60,
      disclaimer: ANGLE_DISCLAIMER,
      offerEndDate: '2026-02-28',
    },
    Taurus: { interestRate: 8.99, comparisonRate: 9.49, paymentWeek: 160.1, paymentMonth: 694, disclaimer: TAURUS_DISCLAIMER },
  },
};

describe('settings.finance.lenders', () => {
  it('lists the configured lenders in order, else the provider; none when finance is off or hidden', () => {
    expect(siteLenders(withSettingsDefaults('finance', { provider: 'manual', lenders: ['taurus', 'angle'] }))).toEqual(['taurus', 'angle']);
    expect(siteLenders(withSettingsDefaults('finance', { provider: 'angle' }))).toEqual(['angle']);
    expect(siteLenders(withSettingsDefaults('finance', { provider: 'none', lenders: ['angle'] }))).toEqual([]);
    // docs/requirements/dealer-services.md#validation: a dealership in the listed group of sites shows no finance (the site flag)
    expect(siteLenders(withSettingsDefaults('finance', { provider: 'angle', lenders: ['angle'], hidden: true }))).toEqual([]);
  });

  it("shows the first listed lender whose rules pass, not only the provider's", () => {
    const manualOnly = { provider: 'manual' as const };
    expect(vehicleFinanceFigure(car, withSettingsDefaults('finance', manualOnly), null, now)).toBeNull();
    const f = vehicleFinanceFigure(car, withSettingsDefaults('finance', { provider: 'manual', lenders: ['manual', 'angle', 'taurus'] }), null, now);
    // the calculator's repayment for Angle's loan: $32,990 less $3,299 deposit, $9,897 balloon, 7.99% over 5 years, weekly
    expect(f).toMatchObject({ lender: 'angle', text: 'Only $108 /wk*' });
    expect(f?.loan).toEqual({ amount: 32990, deposit: 3299, residual: 9897, termYears: 5, interestRate: 7.99, frequency: 'weekly' });
    expect(vehicleFinanceFigure(car, withSettingsDefaults('finance', { provider: 'manual', lenders: ['taurus', 'angle'] }), null, now)).toMatchObject({
      lender: 'taurus',
      // Taurus gives no term: the site's default 5 years, no deposit or balloon, at Taurus's 8.99%
      text: 'Only $158 /wk*',
    });
    expect(
      vehicleFinanceFigure(car, withSettingsDefaults('finance', { provider: 'manual', lenders: ['taurus', 'angle'], hidden: true }), null, now),
    ).toBeNull();
  });

  it('asks the quoting service only where it is one of the listed lenders', () => {
    const quote = { weeklyRepaymentAmount: 126, comparisonRate: 10.4, advertisedRate: 10 };
    const plain = { make: 'Mazda', year: 2023, price: 32990, status: 'in_stock' };
    expect(vehicleFinanceFigure(plain, withSettingsDefaults('finance', { provider: 'manual', lenders: ['manual', 'youx'] }), quote, now)).toMatchObject({
      lender: 'youx',
      // the quote's 10% over the quoted 5 years on the price
      text: 'Only $162 /wk*',
      source: 'quote',
    });
    expect(vehicleFinanceFigure(plain, withSettingsDefaults('finance', { provider: 'manual', lenders: ['manual'] }), quote, now)).toBeNull();
  });

  it('keeps each lender rule: Taurus needs a car within 12 years, so an old car falls to the next lender', () => {
    const old = { ...car, year: 2010 };
    expect(vehicleFinanceFigure(old, withSettingsDefaults('finance', { provider: 'taurus', lenders: ['taurus', 'angle'] }), null, now)).toMatchObject({
      lender: 'angle',
    });
  });
});

describe("Angle's offer end date and presets", () => {
  it('shows the offer end date on Angle finance only (dd/mm/yyyy)', () => {
    expect(vehicleFinanceFigure(car, withSettingsDefaults('finance', { provider: 'angle' }), null, now)?.offerEndText).toBe('Offer ends 28/02/2026');
    expect(vehicleFinanceFigure(car, withSettingsDefaults('finance', { provider: 'taurus' }), null, now)?.offerEndText).toBeNull();
  });

  it('uses the interest range the site picks from the seed: 7.5 to 14.5, 1 to 14.5 or 5.99 to 15.99', () => {
    const range = (n: number) =>
      calculatorBounds(withSettingsDefaults('finance', { provider: 'angle', calculator: { interest: { lenderRange: n } } })).interest;
    expect(range(1)).toMatchObject({ min: 7.5, max: 14.5 });
    expect(range(2)).toMatchObject({ min: 1, max: 14.5 });
    expect(range(3)).toMatchObject({ min: 5.99, max: 15.99 });
    expect(range(0)).toMatchObject({ min: 0.5, max: 15 }); // the site's own min and max
    // the default rate (10) stays inside the range; a default below it moves up to the range's minimum
    expect(
      defaultCalculatorInputs(withSettingsDefaults('finance', { provider: 'angle', calculator: { interest: { lenderRange: 1, default: 5 } } })).interestRate,
    ).toBe(7.5);
  });

  it("uses the lender's establishment fee the site picks: $1,300 or $1,360.50", () => {
    const fees = (n: number) =>
      calculate(
        defaultCalculatorInputs(withSettingsDefaults('finance')),
        withSettingsDefaults('finance', { provider: 'angle', calculator: { lenderEstablishmentFee: n, showFees: true } }),
      ).fees;
    expect(fees(1).upfront).toEqual([{ label: 'Establishment fee', amount: 1300, text: '$1,300' }]);
    expect(fees(2).upfront).toEqual([{ label: 'Establishment fee', amount: 1360.5, text: '$1,360.50' }]);
    expect(fees(2).upfrontTotal).toBe(1360.5);
  });

  it('shows the comparison rate placeholder 8.38% - 19.42% for Angle only', () => {
    expect(comparisonRatePlaceholder(withSettingsDefaults('finance', { provider: 'angle' }))).toBe('8.38% - 19.42%');
    expect(comparisonRatePlaceholder(withSettingsDefaults('finance', { provider: 'taurus' }))).toBeNull();
    expect(comparisonRatePlaceholder(withSettingsDefaults('finance'))).toBeNull();
  });
});

describe('lender disclaimers (finance_lenders)', () => {
  it("shows the disclaimer of each of the site's lenders whose finance shows, in the site's order", () => {
    expect(lenderDisclaimers(car, withSettingsDefaults('finance', { provider: 'angle', lenders: ['taurus', 'angle'] }), now)).toEqual([
      { lender: 'taurus', name: 'Taurus', text: TAURUS_DISCLAIMER },
      { lender: 'angle', name: 'Angle', text: ANGLE_DISCLAIMER },
    ]);
    expect(lenderDisclaimers(car, withSettingsDefaults('finance', { provider: 'angle' }), now).map((d) => d.lender)).toEqual(['angle']);
    expect(lenderDisclaimers(car, withSettingsDefaults('finance', { provider: 'manual' }), now)).toEqual([]);
    expect(lenderDisclaimers({ ...car, price: 500 }, withSettingsDefaults('finance', { provider: 'angle' }), now)).toEqual([]);
  });
});

describe('calculator disclaimer', () => {
  const SEED_FIGURES = '*Repayments are an estimate only, based on a 5-year term, 10.0% deposit, 30.0% final payment.';

  it("shows the seed's figures (5-year term, 10.0% deposit, 30.0% final payment), collapsed to 197 characters", () => {
    const collapsed = calculatorDisclaimer(withSettingsDefaults('finance', { provider: 'manual' }));
    expect(collapsed.text.startsWith(SEED_FIGURES)).toBe(true);
    expect(collapsed.text).toHaveLength(200); // 197 characters and '...'
    expect(collapsed.toggleLabel).toBe(SHOW_MORE);
    const expanded = calculatorDisclaimer(withSettingsDefaults('finance', { provider: 'manual' }), true);
    expect(expanded.text.startsWith(SEED_FIGURES)).toBe(true);
    expect(expanded.text).toContain('The comparison rate is based on a 5-year secured consumer fixed rate loan of $30,000.');
    expect(expanded.toggleLabel).toBe(SHOW_LESS);
  });

  it("on a brand site the toggle switches between the repayment text and the brand's disclaimer", () => {
    const brand = 'Toyota Finance disclaimer: offer available to approved applicants of Toyota Finance.';
    const settings = { provider: 'manual' as const, disclaimer: { brandDisclaimer: brand } };
    const first = calculatorDisclaimer(withSettingsDefaults('finance', settings));
    expect(first).toMatchObject({ showing: 'repayment', toggleLabel: SHOW_MORE, truncated: false });
    expect(first.text.startsWith(SEED_FIGURES)).toBe(true);
    expect(first.text.endsWith('might result in a different comparison rate.')).toBe(true);
    expect(calculatorDisclaimer(withSettingsDefaults('finance', settings), true)).toEqual({
      text: brand,
      truncated: false,
      toggleLabel: SHOW_LESS,
      showing: 'brand',
    });
  });
});

describe('fee list', () => {
  const brandFees = {
    provider: 'manual' as const,
    calculator: {
      showFees: true,
      establishmentFee: 395,
      monthlyFee: 8,
      otherFees: [
        { label: 'Security registration', amount: 6, government: true },
        { label: 'Dealer agency fee', amount: 912.25 },
      ],
    },
  };

  it("lists the brand's fees in the seed's order: establishment $395, security registration $6, monthly account admin $8, dealer agency fee $912.25", () => {
    expect(feeList(withSettingsDefaults('finance', brandFees), 'calculator').map((f) => `${f.label} ${f.text}`)).toEqual([
      'Establishment fee $395',
      'Security registration $6',
      'Monthly account admin $8',
      'Dealer agency fee $912.25',
    ]);
  });

  it("shows where the site's setting says, and nowhere with showFees off", () => {
    expect(feeList(withSettingsDefaults('finance', brandFees), 'finance-card')).toEqual([]);
    const card = { ...brandFees, calculator: { ...brandFees.calculator, feeListPlacement: 'finance-card' as const } };
    expect(feeList(withSettingsDefaults('finance', card), 'finance-card')).toHaveLength(4);
    expect(feeList(withSettingsDefaults('finance', card), 'calculator')).toEqual([]);
    const both = { ...brandFees, calculator: { ...brandFees.calculator, feeListPlacement: 'calculator-and-finance-card' as const } };
    expect(feeList(withSettingsDefaults('finance', both), 'calculator')).toHaveLength(4);
    expect(feeList(withSettingsDefaults('finance', both), 'finance-card')).toHaveLength(4);
    expect(feeList(withSettingsDefaults('finance', { ...brandFees, calculator: { ...brandFees.calculator, showFees: false } }), 'calculator')).toEqual([]);
  });
});
