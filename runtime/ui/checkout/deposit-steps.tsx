// The deposit form's steps: the card (our test fields, or Stripe's card element), the bank's second step, and what
// the last attempt came to. The form (DepositPayment) holds the state and calls the payment API.
import type { RefObject } from 'react';
import { CHECKOUT_MESSAGES } from '../../domain/checkout';
import { SiteLink } from '../../renderer/SiteLink';
import type { DepositAction, DepositState } from './deposit-state';
import type { CardFields, PayOutcome } from './pay-deposit';

function CardInput(props: {
  id: string;
  label: string;
  field: keyof CardFields;
  state: DepositState;
  dispatch: (action: DepositAction) => void;
  autoComplete: string;
  placeholder: string;
  className?: string;
  maxLength?: number;
}) {
  const { id, label, field, state, dispatch, autoComplete, placeholder, className = 'form-field', maxLength } = props;
  return (
    <div className={className}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="form-input"
        inputMode="numeric"
        autoComplete={autoComplete}
        maxLength={maxLength}
        value={state.card[field]}
        onChange={(e) => dispatch({ type: 'card', field, value: e.target.value })}
        placeholder={placeholder}
      />
    </div>
  );
}

/** The card: Stripe's element where Stripe takes the payment, else the test provider's fields. */
export function CardStep({
  id,
  stripeMount,
  state,
  dispatch,
}: {
  id: string;
  stripeMount: RefObject<HTMLDivElement | null> | null;
  state: DepositState;
  dispatch: (action: DepositAction) => void;
}) {
  const cardError = state.outcome?.kind === 'invalid' && state.outcome.fields?.card;
  return (
    <fieldset className="checkout-card">
      <legend>Card details</legend>
      {stripeMount ? (
        <div ref={stripeMount} className="stripe-card form-input" />
      ) : (
        <>
          <p className="form-hint">Test payments: use card 4242 4242 4242 4242, any future expiry and any CVC.</p>
          <div className="checkout-card-grid">
            <CardInput
              id={`${id}-number`}
              label="Card number"
              field="number"
              state={state}
              dispatch={dispatch}
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              className={`form-field form-wide${cardError ? ' has-error' : ''}`}
            />
            <CardInput
              id={`${id}-expiry`}
              label="Expiry (MM / YY)"
              field="expiry"
              state={state}
              dispatch={dispatch}
              autoComplete="cc-exp"
              placeholder="MM / YY"
            />
            <CardInput id={`${id}-cvc`} label="CVC" field="cvc" state={state} dispatch={dispatch} autoComplete="cc-csc" placeholder="123" maxLength={4} />
          </div>
        </>
      )}
    </fieldset>
  );
}

/** What the last attempt came to, read out as it changes. */
export function PaymentOutcome({ outcome, similarHref }: { outcome: PayOutcome | null; similarHref: string }) {
  return (
    <div aria-live="polite">
      {outcome && outcome.kind !== 'paid' && outcome.kind !== 'authenticate' && (
        <div className="checkout-error" role="alert">
          <p>{outcome.message}</p>
          {outcome.kind === 'unavailable' && (
            <SiteLink className="button button-primary" href={similarHref}>
              {CHECKOUT_MESSAGES.findSimilar}
            </SiteLink>
          )}
        </div>
      )}
      {outcome?.kind === 'paid' && <p className="checkout-success">Deposit received. Taking you to your confirmation…</p>}
    </div>
  );
}

/** The bank's second step (the test provider's stand-in for the bank's app). */
export function BankStep(props: {
  id: string;
  deposit: string;
  busy: boolean;
  approveButton: RefObject<HTMLButtonElement | null>;
  onAnswer: (approve: boolean) => void;
}) {
  const { id, deposit, busy, approveButton, onAnswer } = props;
  return (
    <div className="checkout-authenticate" role="dialog" aria-labelledby={`${id}-3ds`}>
      <h3 id={`${id}-3ds`}>Your bank asks you to approve this payment</h3>
      <p>Test mode: approve or fail the {deposit} payment as your bank's app would.</p>
      <div className="checkout-actions">
        <button ref={approveButton} type="button" className="button button-primary" disabled={busy} onClick={() => onAnswer(true)}>
          Approve payment
        </button>
        <button type="button" className="button button-outline" disabled={busy} onClick={() => onAnswer(false)}>
          Fail authentication
        </button>
      </div>
    </div>
  );
}

export function PayButton({ busy, deposit, onPay }: { busy: boolean; deposit: string; onPay: () => void }) {
  return (
    <button type="button" className="button button-primary checkout-pay" disabled={busy} aria-busy={busy} onClick={onPay}>
      {busy ? 'Processing…' : `Pay ${deposit} deposit`}
    </button>
  );
}
