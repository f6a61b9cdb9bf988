// The deposit form's state: the card typed in, whether a payment is on its way, what the last attempt came to, and the
// attempt's key. Pure, so every path is tested without a browser; the form calls the payment API and dispatches the
// answer.
import type { CardFields, PayOutcome } from './pay-deposit';

export interface DepositState {
  card: CardFields;
  busy: boolean;
  outcome: PayOutcome | null;
  /** One key per attempt: a double click or a retried request is the same reservation; a new card is a new attempt. */
  attemptKey: string;
}

export type DepositAction =
  | { type: 'card'; field: keyof CardFields; value: string }
  /** A payment starts: the attempt keeps its key, or takes the fresh one offered. */
  | { type: 'paying'; freshKey: string }
  /** The shopper answered the bank's step. */
  | { type: 'authenticating' }
  | { type: 'finished'; outcome: PayOutcome };

export const initialDeposit = (): DepositState => ({ card: { number: '', expiry: '', cvc: '' }, busy: false, outcome: null, attemptKey: '' });

const formatCardNumber = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

const formatExpiry = (v: string) => {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
};

const formatCvc = (v: string) => v.replace(/\D/g, '').slice(0, 4);

const FORMAT: Record<keyof CardFields, (v: string) => string> = { number: formatCardNumber, expiry: formatExpiry, cvc: formatCvc };

/** The card as the payment API takes it (the expiry without the spaces shown around its slash). */
export const cardToSend = (card: CardFields): CardFields => ({ ...card, expiry: card.expiry.replace(/\s/g, '') });

export function depositReducer(state: DepositState, action: DepositAction): DepositState {
  switch (action.type) {
    case 'card':
      return { ...state, card: { ...state.card, [action.field]: FORMAT[action.field](action.value) } };
    case 'paying':
      return { ...state, busy: true, outcome: null, attemptKey: state.attemptKey || action.freshKey };
    case 'authenticating':
      return state.outcome?.kind === 'authenticate' ? { ...state, busy: true } : state;
    case 'finished': {
      // A declined card or a car gone means the next try is a new attempt; anything else may be retried as the same one.
      const newAttempt = action.outcome.kind === 'declined' || action.outcome.kind === 'unavailable';
      return { ...state, busy: false, outcome: action.outcome, attemptKey: newAttempt ? '' : state.attemptKey };
    }
  }
}
