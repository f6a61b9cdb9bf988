// @vitest-environment jsdom
// The calculator on a vehicle page starts where the sidebar's figure is: the car's price and the loan behind the
// figure, so its weekly repayment is the sidebar's 'Only $X /wk*'.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/generated/car';
import { vehicleFinanceFigure } from '../../runtime/domain/finance/vehicle-finance';
import { financeLenders, youxQuote } from '../../runtime/inventory/listing-finance';
import { createRng } from '../../runtime/inventory/prng';
import Calculator from './calculator';
import { type SettingsInput, withSettingsDefaults } from '../../test-support/settings-defaults';

afterEach(cleanup);
const now = new Date();

/** Demo stock's finance data: each lender's figures for a price, as the inventory generator makes them. */
function carWithFinance(seed: number, price: number): Car {
  const rng = createRng(seed);
  return {
    id: seed,
    slug: `car-${seed}`,
    make: 'Toyota',
    model: 'Corolla',
    year: now.getFullYear() - 2,
    price,
    status: 'in_stock',
    car_type: 'used',
    dealership_slug: 'test',
    finance_lenders: financeLenders(rng, price, now.getTime()),
    youxQuote: youxQuote(rng, price),
  } as unknown as Car;
}

const SITES: Record<string, SettingsInput<'finance'>> = {
  manual: {
    provider: 'manual',
    lenders: ['manual', 'angle', 'taurus', 'powertorque', '360-finance', 'ausloans'],
    calculator: { interest: { min: 4, max: 20 } },
  },
  angle: { provider: 'angle', lenders: ['angle', 'taurus', 'manual', 'powertorque', '360-finance', 'ausloans'], calculator: { frequency: 'monthly' } },
  youx: { provider: 'youx', calculator: { term: { max: 5 }, interest: { default: 8.5, min: 8.5, max: 8.5, locked: true }, frequency: 'monthly' } },
};

const money = (text: string) => Number(text.replace(/[^\d.]/g, ''));

describe('the vehicle page calculator starts at the sidebar figure', () => {
  for (const [site, given] of Object.entries(SITES)) {
    const finance = withSettingsDefaults('finance', given);
    it(`${site}: amount = the car's price, and the weekly repayment = 'Only $X /wk*'`, () => {
      let checked = 0;
      for (let seed = 1; seed <= 16; seed++) {
        const car = carWithFinance(seed, 9990 + seed * 3517);
        const figure = vehicleFinanceFigure(car, finance, null, now);
        if (!figure || figure.period !== 'wk') continue;
        render(<Calculator car={car} finance={finance} start={figure.loan} quoteButtonText="Request a Quote" quoteHref={null} />);
        expect(money((screen.getByLabelText('Purchase price', { selector: 'input[type="text"], input:not([type])' }) as HTMLInputElement).value)).toBe(
          car.price,
        );
        expect(Number((screen.getByLabelText('Loan amount') as HTMLInputElement).value)).toBe(car.price);
        expect(screen.getByTestId('calc-repayment').textContent).toBe(`${figure.text.replace(/^Only /, '')}`);
        cleanup();
        checked++;
      }
      expect(checked).toBeGreaterThan(3);
    }, 30000);
  }

  it('without a car (the finance page) it starts at the site default amount', () => {
    render(<Calculator finance={withSettingsDefaults('finance', { provider: 'manual' })} quoteButtonText="Request a Quote" quoteHref={null} />);
    expect(Number((screen.getByLabelText('Loan amount') as HTMLInputElement).value)).toBe(30000);
  });
});
