// What the Trade-in Enquiry lead carries about the valuation (docs/requirements/dealer-services.md#data "Trade-in valuation" and "Vehicle result
// fields"), built on the server from the stored evaluation: the browser's copy is never trusted.
import { formatMoney } from '../format';
import { ADJUSTMENT_QUESTIONS } from './rules';
import type { VehicleResult } from './steps';

export interface TradeInValuationFields {
  evalid: string;
  rego: string;
  state: string;
  regoState: string;
  /** The description chosen on Vehicle Selection, or null when the lookup found one evaluation. */
  manualEntry: string | null;
  /** Authenticated links for staff to the uploaded photos. */
  images: string[];
  postcode: string;
  odometer: number;
  service_history: string;
  number_of_keys: string;
  car_condition: string;
  /** The adjustment answers as asked: each question's words with the shopper's answer. */
  adjustment_answers: { question: string; answer: string }[];
  comments: string;
  /** The instant offer in dollars; null when the car is outside the instant value rule or the model had no figure. */
  offer_price: number | null;
  /** The date (yyyy-mm-dd) the offer holds until (docs/requirements/dealer-services.md#constants: 7 days). */
  offer_valid_until: string | null;
  offer_accepted: boolean;
  form_completed: boolean;
  PreferredContactMethod: string;
  finance: string;
  /** The vehicle as the valuation service described it. */
  vehicle: VehicleResult;
}

/** The answers to the adjustment questions, in the order they are asked. */
export function adjustmentAnswers(values: Record<string, unknown>): { question: string; answer: string }[] {
  return Object.entries(ADJUSTMENT_QUESTIONS).map(([field, question]) => ({ question, answer: typeof values[field] === 'string' ? values[field].trim() : '' }));
}

const monthYear = (month: unknown, year: unknown) => (year ? [month ? String(month).padStart(2, '0') : '', String(year)].filter(Boolean).join('/') : '');

/**
 * The valuation as the dealer's staff read it with the lead: the valuation service's vehicle result fields, the
 * adjustment answers, the offer and the photo links, labelled and in order; empty values are left out.
 */
export function valuationRows(v: TradeInValuationFields): [string, string][] {
  const car = v.vehicle;
  const rows: [string, unknown][] = [
    ['Trade-in vehicle', [car.Year, car.Make, car.Model, car.Variant, car.Series].filter(Boolean).join(' ')],
    ['Registration', [car.Registration || v.rego.toUpperCase(), v.regoState].filter(Boolean).join(' ')],
    ['Registration expiry', car.RegExpiry],
    ['VIN', car.VIN],
    ['Engine number', car.EngineNo],
    ['Body', car.Body],
    ['Transmission', car.Transmission],
    ['Cylinders', car.Cylinders],
    ['Compliance date', monthYear(car.CompMth, car.CompYr)],
    ['Build date', monthYear(car.BuildMth, car.BuildYr)],
    ['Redbook code', car.redbookCode],
    ['Description chosen', v.manualEntry],
    ['Odometer', Number.isFinite(v.odometer) ? `${v.odometer.toLocaleString('en-AU')} km` : ''],
    ...v.adjustment_answers.map(({ question, answer }) => [question, answer] as [string, string]),
    [
      'Instant offer',
      v.offer_price ? `${formatMoney(v.offer_price)}${v.offer_valid_until ? ` (valid until ${v.offer_valid_until})` : ''}` : 'None: our team values the car',
    ],
    ['Evaluation id', v.evalid],
    ['Photos', v.images.join('\n')],
  ];
  return rows.map(([label, value]) => [label, value == null ? '' : String(value).trim()] as [string, string]).filter(([, value]) => value !== '');
}
