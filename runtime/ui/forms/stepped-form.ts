// The step state of the lead forms that send a lead at their last step (LeadForm, the service booking wizard): which
// step shows, whether the shopper moved (focus then follows the step), the step's own message, the last send's failure
// and the idempotency key a retry keeps. Pure, so every path is tested without a browser; the forms' values stay in
// react-hook-form.

interface SendFailure {
  message: string;
  detail?: string;
}

export interface SteppedFormState {
  step: number;
  stepCount: number;
  /** The shopper went Next or Back at least once: focus follows the step (not on first render). */
  moved: boolean;
  /** A message about the step as a whole (not one field), from the step's check. */
  stepMessage: string | null;
  failure: SendFailure | null;
  /** The key of the send that may have reached the server: a retry sends it again so the lead is stored once. */
  idempotencyKey: string | null;
  sent: boolean;
}

export type SteppedFormAction =
  /** The current step passed its check: the next step shows (the last step sends instead, see 'send'). */
  | { type: 'next' }
  | { type: 'back' }
  /** The step's check ran: its step-wide message, or null when there is none. */
  | { type: 'checked'; stepMessage: string | null }
  /** The last step passed its check and is being sent; freshKey is used only when no earlier key is kept. */
  | { type: 'send'; freshKey: string }
  | { type: 'sent' }
  /** The server refused: retrySameKey when it may have stored the lead; toStep shows the step holding a refused field. */
  | { type: 'failed'; failure: SendFailure; retrySameKey: boolean; toStep?: number };

export function initialSteppedForm(stepCount: number): SteppedFormState {
  return { step: 0, stepCount: Math.max(1, stepCount), moved: false, stepMessage: null, failure: null, idempotencyKey: null, sent: false };
}

/** The key a send goes with: the kept one (a retry), else the fresh one. */
export const keyToSend = (state: SteppedFormState, freshKey: string) => state.idempotencyKey ?? freshKey;

export const isLastStep = (state: SteppedFormState) => state.step >= state.stepCount - 1;

export function steppedFormReducer(state: SteppedFormState, action: SteppedFormAction): SteppedFormState {
  switch (action.type) {
    case 'next':
      return isLastStep(state) ? state : { ...state, step: state.step + 1, moved: true };
    case 'back':
      return state.step === 0 ? state : { ...state, step: state.step - 1, moved: true, stepMessage: null };
    case 'checked':
      return state.stepMessage === action.stepMessage ? state : { ...state, stepMessage: action.stepMessage };
    case 'send':
      return { ...state, failure: null, idempotencyKey: keyToSend(state, action.freshKey) };
    case 'sent':
      return { ...state, sent: true };
    case 'failed': {
      const toStep = action.toStep !== undefined && action.toStep >= 0 && action.toStep < state.stepCount ? action.toStep : state.step;
      return { ...state, step: toStep, failure: action.failure, idempotencyKey: action.retrySameKey ? state.idempotencyKey : null };
    }
  }
}

/** The first step holding one of the refused fields, or undefined when none does. */
export function stepOfFields(steps: readonly (readonly string[])[], refused: readonly string[]): number | undefined {
  const index = steps.findIndex((fields) => fields.some((f) => refused.includes(f)));
  return index >= 0 ? index : undefined;
}
