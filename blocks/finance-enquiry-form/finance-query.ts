// Reading the finance link (runtime/domain/finance/finance-link.ts builds it) back into the form's starting values.
import type { LeadFormCar } from '../../runtime/ui/forms/lead-car';
import { formatNumber } from '../../runtime/domain/format';

export interface FinanceQuery {
  /** A dealership slug of this site, else null. */
  preferredDealership: string | null;
  /** Whole dollars above 0, else null. */
  vehiclePriceBudget: number | null;
  carType: string | null;
  vin: string | null;
}

export interface FinanceFormData extends FinanceQuery {
  car: LeadFormCar | null;
}

export function financeQuery(params: URLSearchParams, dealershipSlugs: readonly string[]): FinanceQuery {
  const dealership = params.get('preferredDealership');
  const budget = Number((params.get('vehiclePriceBudget') ?? '').replace(/[$,\s]/g, ''));
  const carType = params.get('car_type');
  const vin = params.get('vin');
  return {
    preferredDealership: dealership && dealershipSlugs.includes(dealership) ? dealership : null,
    vehiclePriceBudget: Number.isFinite(budget) && budget > 0 ? Math.round(budget) : null,
    carType: carType && /^(new|used|demo)$/.test(carType) ? carType : null,
    vin: vin && /^[A-HJ-NPR-Z0-9]{5,17}$/i.test(vin) ? vin.toUpperCase() : null,
  };
}

/** The budget travels in the message (the lead payload has no budget field), after what the shopper wrote. */
export function messageWithBudget(message: unknown, budget: unknown, vin?: string | null): string {
  const lines = [typeof message === 'string' ? message.trim() : ''];
  const extra: string[] = [];
  if (typeof budget === 'number' && budget > 0) extra.push(`Vehicle price budget: $${formatNumber(budget)}`);
  if (vin) extra.push(`VIN: ${vin}`);
  if (extra.length) lines.push(extra.join('\n'));
  return lines.filter(Boolean).join('\n\n');
}
