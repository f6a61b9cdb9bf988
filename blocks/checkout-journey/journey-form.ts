// What the purchase journey's page holds while the shopper answers: the journey as the server last saved it (the
// server decides the step), the answers being typed, and the errors of the last try. Pure, so each path is tested
// without a browser; the container does the fetching and dispatches what came back.
import { validateJourneyDetails, type JourneyDetails, type JourneyState, type JourneyStep } from '../../runtime/domain/checkout';

export type Loaded = { state: JourneyState; step: JourneyStep };
export type TradeInAnswer = { hasTradeIn?: boolean; description: string };
export type DeliveryAnswer = { method?: string; postcode: string };

export interface JourneyForm {
  journey: Loaded | null;
  loadError: string;
  busy: boolean;
  /** The server's refusal of the last save (shown when no field carries it). */
  error: string;
  fields: Record<string, string>;
  details: Partial<JourneyDetails>;
  tradeIn: TradeInAnswer;
  finance: string;
  delivery: DeliveryAnswer;
}

export type JourneyFormAction =
  /** The server's journey (first load, a save, or Back): its answers replace what the form holds. */
  | { type: 'loaded'; loaded: Loaded }
  | { type: 'load-failed'; error: string }
  | { type: 'details'; update: (details: Partial<JourneyDetails>) => Partial<JourneyDetails> }
  | { type: 'trade-in'; answer: Partial<TradeInAnswer> }
  | { type: 'finance'; choice: string }
  | { type: 'delivery'; answer: Partial<DeliveryAnswer> }
  /** The details failed the check the server also runs: nothing is sent. */
  | { type: 'invalid'; fields: Record<string, string> }
  | { type: 'saving' }
  | { type: 'saved'; loaded: Loaded }
  | { type: 'save-failed'; error: string; fields?: Record<string, string> };

export function initialJourneyForm(prefill: Partial<JourneyDetails> | null): JourneyForm {
  return {
    journey: null,
    loadError: '',
    busy: false,
    error: '',
    fields: {},
    details: prefill ?? {},
    tradeIn: { description: '' },
    finance: '',
    delivery: { postcode: '' },
  };
}

function adopt(form: JourneyForm, loaded: Loaded): JourneyForm {
  const s = loaded.state;
  return {
    ...form,
    journey: loaded,
    details: s.details ?? form.details,
    tradeIn: s.tradeIn ? { hasTradeIn: s.tradeIn.hasTradeIn, description: s.tradeIn.description ?? '' } : form.tradeIn,
    finance: s.finance ? s.finance.choice : form.finance,
    delivery: s.delivery ? { method: s.delivery.method, postcode: s.delivery.method === 'delivery' ? s.delivery.postcode : '' } : form.delivery,
  };
}

export function journeyFormReducer(form: JourneyForm, action: JourneyFormAction): JourneyForm {
  switch (action.type) {
    case 'loaded':
      return adopt(form, action.loaded);
    case 'load-failed':
      return { ...form, loadError: action.error };
    case 'details':
      return { ...form, details: action.update(form.details) };
    case 'trade-in':
      return { ...form, tradeIn: { ...form.tradeIn, ...action.answer } };
    case 'finance':
      return { ...form, finance: action.choice };
    case 'delivery':
      return { ...form, delivery: { ...form.delivery, ...action.answer } };
    case 'invalid':
      return { ...form, fields: action.fields };
    case 'saving':
      return { ...form, busy: true, error: '', fields: {} };
    case 'saved':
      return adopt({ ...form, busy: false }, action.loaded);
    case 'save-failed':
      return { ...form, busy: false, error: action.error, fields: action.fields ?? {} };
  }
}

/** What Continue sends for the step shown: the step's answer, the details' problems, or nothing (no journey yet; the deposit pays itself). */
export function journeySubmission(
  form: JourneyForm,
): { kind: 'save'; step: JourneyStep; answer: Record<string, unknown> } | { kind: 'invalid'; fields: Record<string, string> } | null {
  const step = form.journey?.step;
  switch (step) {
    case 'details': {
      const problems = validateJourneyDetails(form.details);
      return problems ? { kind: 'invalid', fields: problems } : { kind: 'save', step, answer: form.details };
    }
    case 'trade-in':
      return { kind: 'save', step, answer: { hasTradeIn: form.tradeIn.hasTradeIn, description: form.tradeIn.description } };
    case 'finance':
      return { kind: 'save', step, answer: { choice: form.finance } };
    case 'delivery':
      return { kind: 'save', step, answer: { method: form.delivery.method, postcode: form.delivery.postcode } };
    case 'review':
      return { kind: 'save', step, answer: { confirmed: true } };
    default:
      return null;
  }
}
