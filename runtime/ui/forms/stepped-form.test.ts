import { describe, expect, it } from 'vitest';
import { initialSteppedForm, isLastStep, keyToSend, stepOfFields, steppedFormReducer, type SteppedFormAction, type SteppedFormState } from './stepped-form';

const walk = (state: SteppedFormState, ...actions: SteppedFormAction[]) => actions.reduce(steppedFormReducer, state);
const refused = { message: 'Your enquiry could not be sent.', detail: 'Please try again.' };

describe('steppedFormReducer', () => {
  it('starts on the first step, not moved, nothing failed; a one-step form is on its last step at once', () => {
    const start = initialSteppedForm(3);
    expect(start).toMatchObject({ step: 0, stepCount: 3, moved: false, stepMessage: null, failure: null, idempotencyKey: null, sent: false });
    expect(isLastStep(start)).toBe(false);
    expect(isLastStep(initialSteppedForm(1))).toBe(true);
    // A form without steps still has the one it shows.
    expect(isLastStep(initialSteppedForm(0))).toBe(true);
  });

  it('Next walks to the last step and no further; Back walks to the first and no further', () => {
    const last = walk(initialSteppedForm(3), { type: 'next' }, { type: 'next' });
    expect(last.step).toBe(2);
    expect(last.moved).toBe(true);
    expect(isLastStep(last)).toBe(true);
    expect(steppedFormReducer(last, { type: 'next' })).toBe(last);
    const first = walk(last, { type: 'back' }, { type: 'back' });
    expect(first.step).toBe(0);
    expect(steppedFormReducer(first, { type: 'back' })).toBe(first);
  });

  it("a step's own message shows until the check passes or the shopper goes Back", () => {
    const checked = walk(initialSteppedForm(2), { type: 'next' }, { type: 'checked', stepMessage: 'Choose a date the location is open.' });
    expect(checked.stepMessage).toBe('Choose a date the location is open.');
    expect(steppedFormReducer(checked, { type: 'checked', stepMessage: null }).stepMessage).toBeNull();
    const back = steppedFormReducer(checked, { type: 'back' });
    expect(back.step).toBe(0);
    expect(back.stepMessage).toBeNull();
  });

  it('a send that failed where the server may have stored the lead keeps its key for the retry', () => {
    const sending = walk(initialSteppedForm(1), { type: 'send', freshKey: 'key-1' });
    expect(sending.idempotencyKey).toBe('key-1');
    const failed = steppedFormReducer(sending, { type: 'failed', failure: refused, retrySameKey: true });
    expect(failed.failure).toEqual(refused);
    expect(keyToSend(failed, 'key-2')).toBe('key-1');
    const retry = steppedFormReducer(failed, { type: 'send', freshKey: 'key-2' });
    expect(retry.idempotencyKey).toBe('key-1');
    expect(retry.failure).toBeNull();
  });

  it('a send the server refused outright drops its key: the corrected form is a new attempt', () => {
    const failed = walk(initialSteppedForm(1), { type: 'send', freshKey: 'key-1' }, { type: 'failed', failure: refused, retrySameKey: false });
    expect(failed.idempotencyKey).toBeNull();
    expect(keyToSend(failed, 'key-2')).toBe('key-2');
    expect(steppedFormReducer(failed, { type: 'send', freshKey: 'key-2' }).idempotencyKey).toBe('key-2');
  });

  it('a refused field of an earlier step shows that step; a step out of range keeps the current one', () => {
    const last = walk(initialSteppedForm(3), { type: 'next' }, { type: 'next' }, { type: 'send', freshKey: 'k' });
    expect(steppedFormReducer(last, { type: 'failed', failure: refused, retrySameKey: false, toStep: 0 }).step).toBe(0);
    expect(steppedFormReducer(last, { type: 'failed', failure: refused, retrySameKey: false, toStep: 7 }).step).toBe(2);
    expect(steppedFormReducer(last, { type: 'failed', failure: refused, retrySameKey: false }).step).toBe(2);
  });

  it('a send that went through is marked sent', () => {
    expect(walk(initialSteppedForm(1), { type: 'send', freshKey: 'k' }, { type: 'sent' }).sent).toBe(true);
  });
});

describe('stepOfFields', () => {
  const steps = [
    ['service_type', 'location_id'],
    ['name', 'email'],
  ];
  it('finds the first step holding a refused field, or none', () => {
    expect(stepOfFields(steps, ['email'])).toBe(1);
    expect(stepOfFields(steps, ['email', 'location_id'])).toBe(0);
    expect(stepOfFields(steps, ['unknown'])).toBeUndefined();
    expect(stepOfFields(steps, [])).toBeUndefined();
  });
});
