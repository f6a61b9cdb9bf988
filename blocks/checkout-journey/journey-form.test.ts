import { describe, expect, it } from 'vitest';
import { JOURNEY_MESSAGES, type JourneyState } from '../../runtime/domain/checkout';
import { initialJourneyForm, journeyFormReducer, journeySubmission, type JourneyForm, type JourneyFormAction, type Loaded } from './journey-form';

const walk = (form: JourneyForm, ...actions: JourneyFormAction[]) => actions.reduce(journeyFormReducer, form);
const details = { name: 'Sam Lee', email: 'sam@example.com', phone: '0412 345 678', postcode: '3000' };
const at = (step: Loaded['step'], state: Partial<JourneyState> = {}): Loaded => ({ step, state: { carId: 7, step, ...state } });

describe('journeyFormReducer', () => {
  it('starts loading, with a signed-in shopper’s details filled in', () => {
    const form = initialJourneyForm({ name: 'Sam Lee', email: 'sam@example.com' });
    expect(form).toMatchObject({ journey: null, loadError: '', busy: false, error: '', fields: {}, finance: '' });
    expect(form.details).toEqual({ name: 'Sam Lee', email: 'sam@example.com' });
    expect(initialJourneyForm(null).details).toEqual({});
  });

  it('a journey that failed to load shows the server’s words', () => {
    expect(journeyFormReducer(initialJourneyForm(null), { type: 'load-failed', error: 'This car is no longer available.' }).loadError).toBe(
      'This car is no longer available.',
    );
  });

  it('a resumed journey fills in every answer it holds; a delivery postcode only for delivery', () => {
    const resumed = journeyFormReducer(initialJourneyForm({ name: 'Account Name' }), {
      type: 'loaded',
      loaded: at('review', {
        details,
        tradeIn: { hasTradeIn: true, description: '2015 Mazda 3, 120,000 km' },
        finance: { choice: 'pay-in-full' },
        delivery: { method: 'delivery', postcode: '2600', region: 'ACT', price: 450 },
      }),
    });
    expect(resumed.journey?.step).toBe('review');
    expect(resumed.details).toEqual(details);
    expect(resumed.tradeIn).toEqual({ hasTradeIn: true, description: '2015 Mazda 3, 120,000 km' });
    expect(resumed.finance).toBe('pay-in-full');
    expect(resumed.delivery).toEqual({ method: 'delivery', postcode: '2600' });
    const pickUp = journeyFormReducer(resumed, { type: 'loaded', loaded: at('delivery', { delivery: { method: 'pick-up' } }) });
    expect(pickUp.delivery).toEqual({ method: 'pick-up', postcode: '' });
  });

  it('a journey without answers keeps what the shopper typed', () => {
    const typed = walk(initialJourneyForm(null), { type: 'details', update: () => details }, { type: 'loaded', loaded: at('details') });
    expect(typed.details).toEqual(details);
  });

  it('each step’s answer changes on its own', () => {
    const form = walk(
      initialJourneyForm(null),
      { type: 'trade-in', answer: { hasTradeIn: true } },
      { type: 'trade-in', answer: { description: '2019 Kia Rio' } },
      { type: 'finance', choice: 'pre-approval' },
      { type: 'delivery', answer: { method: 'delivery' } },
      { type: 'delivery', answer: { postcode: '4000' } },
    );
    expect(form.tradeIn).toEqual({ hasTradeIn: true, description: '2019 Kia Rio' });
    expect(form.finance).toBe('pre-approval');
    expect(form.delivery).toEqual({ method: 'delivery', postcode: '4000' });
  });

  it('saving clears the last errors and blocks Continue; a save moves to the step the server says', () => {
    const refused = walk(initialJourneyForm(null), { type: 'loaded', loaded: at('details') }, { type: 'invalid', fields: { name: JOURNEY_MESSAGES.required } });
    const saving = journeyFormReducer(refused, { type: 'saving' });
    expect(saving).toMatchObject({ busy: true, error: '', fields: {} });
    const saved = journeyFormReducer(saving, { type: 'saved', loaded: at('trade-in', { details }) });
    expect(saved.busy).toBe(false);
    expect(saved.journey?.step).toBe('trade-in');
  });

  it('a refused save shows the server’s message and its field errors, and frees Continue', () => {
    const failed = walk(
      initialJourneyForm(null),
      { type: 'loaded', loaded: at('delivery') },
      { type: 'saving' },
      { type: 'save-failed', error: 'Please fix the highlighted fields.', fields: { postcode: JOURNEY_MESSAGES.postcode } },
    );
    expect(failed).toMatchObject({ busy: false, error: 'Please fix the highlighted fields.', fields: { postcode: JOURNEY_MESSAGES.postcode } });
    expect(journeyFormReducer(failed, { type: 'save-failed', error: 'An unexpected error occured' }).fields).toEqual({});
  });
});

describe('journeySubmission', () => {
  const on = (step: Loaded['step'], ...actions: JourneyFormAction[]) => walk(initialJourneyForm(null), { type: 'loaded', loaded: at(step) }, ...actions);

  it('nothing before the journey has loaded, nor on the deposit step (it pays itself)', () => {
    expect(journeySubmission(initialJourneyForm(null))).toBeNull();
    expect(journeySubmission(on('deposit'))).toBeNull();
  });

  it('details: every problem and nothing sent, or the details', () => {
    expect(journeySubmission(on('details', { type: 'details', update: () => ({ name: 'Sam', email: 'sam@', postcode: '30' }) }))).toEqual({
      kind: 'invalid',
      fields: { email: JOURNEY_MESSAGES.email, phone: JOURNEY_MESSAGES.required, postcode: JOURNEY_MESSAGES.postcode },
    });
    expect(journeySubmission(on('details', { type: 'details', update: () => details }))).toEqual({ kind: 'save', step: 'details', answer: details });
  });

  it('trade-in, finance, delivery and review send their answers as typed (the server checks them)', () => {
    expect(journeySubmission(on('trade-in', { type: 'trade-in', answer: { hasTradeIn: false } }))).toEqual({
      kind: 'save',
      step: 'trade-in',
      answer: { hasTradeIn: false, description: '' },
    });
    expect(journeySubmission(on('finance', { type: 'finance', choice: 'pay-in-full' }))).toEqual({
      kind: 'save',
      step: 'finance',
      answer: { choice: 'pay-in-full' },
    });
    expect(journeySubmission(on('delivery', { type: 'delivery', answer: { method: 'delivery', postcode: '2600' } }))).toEqual({
      kind: 'save',
      step: 'delivery',
      answer: { method: 'delivery', postcode: '2600' },
    });
    expect(journeySubmission(on('review'))).toEqual({ kind: 'save', step: 'review', answer: { confirmed: true } });
  });
});
