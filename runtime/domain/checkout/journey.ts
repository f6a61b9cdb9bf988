// The online purchase journey (/checkout-journey?car_id={slug}, docs/requirements/vehicle-browsing.md#screens,
// docs/requirements/dealer-services.md#screens): its steps, what each
// step keeps, and where the shopper resumes. The server keeps the state per shopper; these rules are shared.

export const JOURNEY_STEPS = ['details', 'trade-in', 'finance', 'delivery', 'review', 'deposit'] as const;
export type JourneyStep = (typeof JOURNEY_STEPS)[number];

export const JOURNEY_STEP_TITLES: Record<JourneyStep, string> = {
  details: 'Your details',
  'trade-in': 'Trade-in',
  finance: 'Finance',
  delivery: 'Delivery or pick-up',
  review: 'Review',
  deposit: 'Deposit',
};

export interface JourneyDetails {
  name: string;
  email: string;
  phone: string;
  postcode: string;
}

export interface JourneyState {
  carId: number;
  step: JourneyStep;
  details?: JourneyDetails;
  tradeIn?: { hasTradeIn: boolean; description?: string };
  finance?: { choice: 'pre-approval' | 'pay-in-full' };
  delivery?: { method: 'pick-up' } | { method: 'delivery'; postcode: string; region: string; price: number };
  /** The shopper confirmed the review step. */
  reviewed?: boolean;
}

export const JOURNEY_MESSAGES = {
  required: '* This field is required',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid Australian phone number.',
  postcode: 'Invalid postcode. Please enter a 4-digit number.',
  choose: 'Please choose one of the options.',
  stepIncomplete: 'Please complete the form step before proceeding',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^(\+?61|0)[2-478](\s?\d){8}$/;
const POSTCODE = /^\d{4}$/;

export type FieldErrors = Record<string, string>;

/** The shopper's details: name, email, phone, postcode (docs/requirements/dealer-services.md#validation postcode rule). Null when valid. */
export function validateJourneyDetails(v: Partial<Record<keyof JourneyDetails, unknown>>): FieldErrors | null {
  const errors: FieldErrors = {};
  const text = (x: unknown) => (typeof x === 'string' ? x.trim() : '');
  if (!text(v.name)) errors.name = JOURNEY_MESSAGES.required;
  else if (text(v.name).length > 100) errors.name = 'Please use at most 100 characters.';
  if (!text(v.email)) errors.email = JOURNEY_MESSAGES.required;
  else if (!EMAIL.test(text(v.email)) || text(v.email).length > 200) errors.email = JOURNEY_MESSAGES.email;
  if (!text(v.phone)) errors.phone = JOURNEY_MESSAGES.required;
  else if (!PHONE.test(text(v.phone).replace(/[()\-]/g, ''))) errors.phone = JOURNEY_MESSAGES.phone;
  if (!text(v.postcode)) errors.postcode = JOURNEY_MESSAGES.required;
  else if (!POSTCODE.test(text(v.postcode))) errors.postcode = JOURNEY_MESSAGES.postcode;
  return Object.keys(errors).length ? errors : null;
}

/** The first step whose answer is missing: where a reload resumes (never past a step not yet done). */
export function resumeStep(state: Omit<JourneyState, 'step'> & { step?: JourneyStep }): JourneyStep {
  const done: Record<JourneyStep, boolean> = {
    details: Boolean(state.details),
    'trade-in': Boolean(state.tradeIn),
    finance: Boolean(state.finance),
    delivery: Boolean(state.delivery),
    review: Boolean(state.reviewed),
    deposit: false,
  };
  const firstMissing = JOURNEY_STEPS.find((s) => !done[s]) ?? 'deposit';
  if (!state.step) return firstMissing;
  // The shopper may go back to an earlier step; never forward past the first unanswered one.
  return JOURNEY_STEPS.indexOf(state.step) <= JOURNEY_STEPS.indexOf(firstMissing) ? state.step : firstMissing;
}

export function nextStep(step: JourneyStep): JourneyStep {
  const i = JOURNEY_STEPS.indexOf(step);
  return JOURNEY_STEPS[Math.min(i + 1, JOURNEY_STEPS.length - 1)] ?? step;
}
