// The online purchase journey's server side: each step's answer checked here (the browser's answers are untrusted)
// and kept per shopper (journey id cookie) and car, so a reload resumes where the shopper was.
import { randomBytes } from 'node:crypto';
import type { Car } from '../../schemas/generated/car';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { JOURNEY_MESSAGES, JOURNEY_STEPS, nextStep, resumeStep, validateJourneyDetails, type JourneyState, type JourneyStep } from '../domain/checkout';
import { DELIVERY_UNAVAILABLE, deliveryPostcodeError } from '../domain/vehicle/delivery-estimate';
import { deliveryEstimateFor } from '../domain/vehicle/delivery-regions';
import type { ReservationStore } from './store';

export const JOURNEY_COOKIE = 'checkout_journey';
export const JOURNEY_ID = /^[A-Za-z0-9_-]{22,64}$/;
export const newJourneyId = () => randomBytes(18).toString('base64url');

export type JourneyAnswer = { status: number; body: { state: JourneyState; step: JourneyStep } | { error: string; fields?: Record<string, string> } };

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

function journeyView(state: Omit<JourneyState, 'step'> & { step?: JourneyStep }): { state: JourneyState; step: JourneyStep } {
  const step = resumeStep(state);
  return { state: { ...state, step } as JourneyState, step };
}

export async function loadJourney(store: ReservationStore, journeyId: string | undefined, tenant: TenantDocument, car: Car) {
  const saved = journeyId ? await store.getJourney(journeyId, tenant.slug, car.id) : undefined;
  return journeyView({ ...(saved as Partial<JourneyState>), carId: car.id });
}

/** Applies one step's answer: { step, answer } or { goto: step } to go back. */
export async function answerJourney(
  store: ReservationStore,
  journeyId: string,
  tenant: TenantDocument,
  car: Car,
  fromState: string | null | undefined,
  body: unknown,
  now: number,
): Promise<JourneyAnswer> {
  if (!isObject(body)) return { status: 400, body: { error: 'The request body must be JSON: {"car_id", "step", "answer"}.' } };
  const current = (await loadJourney(store, journeyId, tenant, car)).state;
  const state: JourneyState = { ...current };
  if (typeof body.goto === 'string') {
    if (!JOURNEY_STEPS.includes(body.goto as JourneyStep)) return { status: 400, body: { error: `Unknown step "${body.goto}".` } };
    state.step = body.goto as JourneyStep;
  } else {
    const step = body.step as JourneyStep;
    const answer = isObject(body.answer) ? body.answer : {};
    if (!JOURNEY_STEPS.includes(step)) return { status: 400, body: { error: `Unknown step "${String(body.step)}".` } };
    if (JOURNEY_STEPS.indexOf(step) > JOURNEY_STEPS.indexOf(current.step)) return { status: 409, body: { error: JOURNEY_MESSAGES.stepIncomplete } };
    if (step === 'details') {
      const errors = validateJourneyDetails(answer);
      if (errors) return { status: 422, body: { error: 'Please fix the following errors:', fields: errors } };
      state.details = { name: text(answer.name, 100), email: text(answer.email, 200), phone: text(answer.phone, 30), postcode: text(answer.postcode, 4) };
    } else if (step === 'trade-in') {
      if (typeof answer.hasTradeIn !== 'boolean')
        return { status: 422, body: { error: JOURNEY_MESSAGES.choose, fields: { hasTradeIn: JOURNEY_MESSAGES.choose } } };
      state.tradeIn = { hasTradeIn: answer.hasTradeIn, description: answer.hasTradeIn ? text(answer.description, 300) : undefined };
    } else if (step === 'finance') {
      if (answer.choice !== 'pre-approval' && answer.choice !== 'pay-in-full')
        return { status: 422, body: { error: JOURNEY_MESSAGES.choose, fields: { choice: JOURNEY_MESSAGES.choose } } };
      state.finance = { choice: answer.choice };
    } else if (step === 'delivery') {
      if (answer.method === 'pick-up') state.delivery = { method: 'pick-up' };
      else if (answer.method === 'delivery') {
        const postcode = text(answer.postcode, 10);
        const empty = deliveryPostcodeError(postcode);
        if (empty) return { status: 422, body: { error: empty, fields: { postcode: empty } } };
        if (!/^\d{4}$/.test(postcode)) return { status: 422, body: { error: JOURNEY_MESSAGES.postcode, fields: { postcode: JOURNEY_MESSAGES.postcode } } };
        // The vehicle page's delivery calculator rule, from the car's own state.
        const estimate = deliveryEstimateFor(postcode, fromState);
        if (!estimate) return { status: 422, body: { error: DELIVERY_UNAVAILABLE, fields: { postcode: DELIVERY_UNAVAILABLE } } };
        state.delivery = { method: 'delivery', postcode, region: estimate.name, price: estimate.price };
      } else return { status: 422, body: { error: JOURNEY_MESSAGES.choose, fields: { method: JOURNEY_MESSAGES.choose } } };
    } else if (step === 'review') {
      state.reviewed = true;
    } else {
      return { status: 400, body: { error: 'The deposit is paid through /api/checkout/reservations.' } };
    }
    state.step = nextStep(step);
  }
  const view = journeyView(state);
  await store.saveJourney(journeyId, tenant.slug, car.id, view.state as unknown as Record<string, unknown>, now);
  return { status: 200, body: view };
}
