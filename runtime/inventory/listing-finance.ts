import type { AutograbData, FinanceInfo, YouxQuote } from '../../schemas/generated/car';
import type { Rng } from './prng';
import { LENDERS, type LenderProfile } from './catalogue/lenders';

// Finance figures per lender, a Youx quote and market prices, computed from the listing price.

/** Monthly repayment of an amortised loan with a balloon, rounded up to the cent. */
function monthlyRepayment(principal: number, annualRatePercent: number, months: number, balloon = 0): number {
  const r = annualRatePercent / 100 / 12;
  if (r === 0) return Math.ceil(((principal - balloon) / months) * 100) / 100;
  const payment = ((principal - balloon / Math.pow(1 + r, months)) * r) / (1 - Math.pow(1 + r, -months));
  return Math.ceil(payment * 100) / 100;
}

function lenderFigures(lender: LenderProfile, price: number, rng: Rng): FinanceInfo {
  const deposit = lender.balloonPercent ? Math.round(price * 0.1) : 0;
  const balloon = Math.round((price * lender.balloonPercent) / 100);
  const principal = price - deposit + lender.establishmentFees;
  const month = monthlyRepayment(principal, lender.interestRate, lender.termMonths, balloon);
  const week = Math.ceil(((month * 12) / 52) * 100) / 100;
  return {
    interestRate: lender.interestRate,
    // a few feeds send no comparison rate, which hides finance (docs/requirements/dealer-services.md#validation)
    comparisonRate: rng.chance(0.06) ? null : lender.comparisonRate,
    paymentWeek: week,
    paymentMonth: month,
    term: lender.termMonths,
    balloon,
    deposit,
    termYears: lender.termMonths / 12,
    termMonths: lender.termMonths,
    termWeeks: Math.round((lender.termMonths / 12) * 52),
    establishmentFees: lender.establishmentFees,
    totalPayable: Math.round((month * lender.termMonths + balloon + deposit) * 100) / 100,
    disclaimer: lender.disclaimer,
    financeProvider: lender.name,
    offerEndDate: null,
  };
}

export function financeLenders(rng: Rng, price: number, nowMs: number): Record<string, FinanceInfo> | null {
  if (price <= 0) return null;
  const chosen = rng.sample(LENDERS, rng.int(1, 2));
  const out: Record<string, FinanceInfo> = {};
  for (const lender of chosen) {
    const figures = lenderFigures(lender, price, rng);
    if (lender.name === 'Angle') figures.offerEndDate = new Date(nowMs + rng.int(7, 60) * 86400000).toISOString().slice(0, 10);
    out[lender.name] = figures;
  }
  return out;
}

/** docs/requirements/dealer-services.md#calls: Youx quotes a 5-year loan at GREAT credit. */
export function youxQuote(rng: Rng, price: number): YouxQuote | null {
  if (price <= 0) return null;
  const advertisedRate = Math.round(rng.float(6.49, 12.99) * 100) / 100;
  const month = monthlyRepayment(price, advertisedRate, 60);
  return {
    weeklyRepaymentAmount: Math.ceil((month * 12) / 52),
    advertisedRate,
    comparisonRate: Math.round((advertisedRate + rng.float(0.2, 0.8)) * 100) / 100,
  };
}

/** Market prices around the listing: sometimes well above it (market badge, Great Deal), sometimes below. */
export function autograbData(rng: Rng, price: number): AutograbData {
  const basis = price > 0 ? price : rng.int(15000, 60000);
  const average = Math.round((basis * rng.float(0.88, 1.18)) / 10) * 10;
  return {
    average_market_price: average,
    state_average_market_price: rng.chance(0.2) ? null : Math.round((average * rng.float(0.95, 1.06)) / 10) * 10,
  };
}
