// The tenant's finance settings with every default filled in. The schema
// (schemas/settings/finance.schema.json) is the source of truth; settings.test.ts
// checks that FINANCE_DEFAULTS equals the schema's defaults.
import type { FinanceSettings } from '../../../schemas/generated/tenant';

export type { FinanceSettings };

type DeepRequired<T> = T extends (infer U)[] ? DeepRequired<U>[] : T extends object ? { [K in keyof T]-?: DeepRequired<T[K]> } : T;

/** Finance settings after defaults are applied: every field present. */
export type ResolvedFinanceSettings = DeepRequired<FinanceSettings>;
type CalculatorSettings = ResolvedFinanceSettings['calculator'];
export type LenderId = Exclude<ResolvedFinanceSettings['provider'], 'none'>;
export type RoundingMode = CalculatorSettings['rounding'];

export const FINANCE_DEFAULTS: ResolvedFinanceSettings = {
  provider: 'none',
  lenders: [],
  excludedManufacturers: ['Suzuki'], // docs/requirements/dealer-services.md#validation
  excludedDealerships: [],
  hidden: false,
  priceFloor: 500, // docs/requirements/dealer-services.md#validation: hidden at or below 500
  financePath: '/finance',
  highValueQuickPicks: false, // docs/requirements/dealer-services.md#constants: $5,000 to $70,000 unless the flag
  quickPicks: {
    standard: [5000, 10000, 15000, 20000, 30000, 40000, 50000, 70000], // docs/requirements/dealer-services.md#constants
    highValue: [300000, 400000, 500000, 600000, 700000, 800000],
  },
  gatedRoute: false,
  calculator: {
    amount: {
      defaultMode: 'fixed',
      default: 30000, // docs/requirements/dealer-services.md#constants
      min: 1000,
      max: 100000,
      purchasePriceMax: 250000, // docs/requirements/dealer-services.md#validation: 250000 in the other calculator
      maxMode: 'fixed',
      priceMultiple: 1.05,
      priceMultipleAbove: 100000,
      step: 500,
      // docs/requirements/dealer-services.md#errors: 'Cannot be less than {min} or more than $250,000', the maximum being that calculator's
      outOfRangeMessage: 'Cannot be less than {min} or more than {max}',
    },
    term: { default: 5, min: 1, max: 7, step: 0.5, increments: [] },
    interest: { default: 10, min: 0.5, max: 15, step: 0.5, locked: false, lenderRange: 0 },
    deposit: { default: 0, min: 0, max: 250000, step: 0.5 },
    residual: { default: 0, min: 0, max: 250000, step: 0.5 },
    establishmentFee: 0,
    lenderEstablishmentFee: 0,
    monthlyFee: 0,
    monthlyFeeLabel: 'Monthly account admin', // docs/requirements/dealer-services.md#constants
    otherFees: [],
    showFees: false,
    feeListPlacement: 'calculator',
    rounding: 'up',
    frequency: 'weekly',
    minimumRepayment: 25, // docs/requirements/dealer-services.md#validation: at or below $25 shows 'Enquire for Finance'
  },
  disclaimer: {
    text:
      '*Repayments are an estimate only, based on a {termYears}-year term, {depositPercent}% deposit, ' +
      '{finalPaymentPercent}% final payment. Subject to lender approval, terms, conditions, fees and charges. ' +
      'The comparison rate is based on a 5-year secured consumer fixed rate loan of $30,000. WARNING: This ' +
      'comparison rate is true only for the example given and may not include all fees and charges. Different ' +
      'terms, fees or other loan amounts might result in a different comparison rate.',
    collapsedLength: 197, // docs/requirements/dealer-services.md#constants
    termYears: 5,
    depositPercent: 10,
    finalPaymentPercent: 30,
    brandDisclaimer: '',
  },
  quote: { url: '/api/youx/quote', loanTermYears: 5, creditScore: 'GREAT' },
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeDefaults(defaults: unknown, given: unknown): unknown {
  if (given === undefined) return defaults;
  if (!isPlainObject(defaults) || !isPlainObject(given)) return given; // arrays and scalars replace
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(given)) merged[key] = mergeDefaults(defaults[key], value);
  return merged;
}

// Resolved once per settings object (a document's settings never change in place; a publish gives new objects):
// vehicle pages resolve them in several blocks per request.
const resolvedOf = new WeakMap<FinanceSettings, ResolvedFinanceSettings>();
const NO_SETTINGS: FinanceSettings = {};

/** Fills every missing finance setting with its default (arrays given replace the default). Do not modify the answer. */
export function resolveFinanceSettings(settings: FinanceSettings = NO_SETTINGS): ResolvedFinanceSettings {
  let resolved = resolvedOf.get(settings);
  if (!resolved) resolvedOf.set(settings, (resolved = mergeDefaults(FINANCE_DEFAULTS, settings) as ResolvedFinanceSettings));
  return resolved;
}
