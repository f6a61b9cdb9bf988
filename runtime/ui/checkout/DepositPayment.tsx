// Card entry, the pay button and what follows: the bank's second step, a decline message, or the confirmation page.
// With the local test provider the card fields are ours (test cards only); with Stripe, Stripe.js's card element
// takes the card, so card numbers never touch this site's server.
import { useEffect, useId, useReducer, useRef, type ReactNode } from 'react';
import { CHECKOUT_MESSAGES } from '../../domain/checkout';
import { cardToSend, depositReducer, initialDeposit } from './deposit-state';
import { BankStep, CardStep, PaymentOutcome, PayButton } from './deposit-steps';
import { authenticateLocal, newAttemptKey, payDeposit, type PayOutcome, type StripeConfirm } from './pay-deposit';

type Payment = { provider: 'local' } | { provider: 'stripe'; publishableKey: string } | null;

interface Props {
  carSlug: string;
  kind: 'reserve' | 'purchase';
  deposit: string;
  payment: Payment;
  similarHref: string;
  /** Checks and returns the shopper's details, or null (the form shows its own errors). */
  collectDetails: () => Record<string, string> | null;
  /** Field errors from the server for the details. */
  onFieldErrors?: (fields: Record<string, string>) => void;
  children?: ReactNode;
}

function useStripeCard(payment: Payment) {
  const mount = useRef<HTMLDivElement>(null);
  const confirm = useRef<StripeConfirm | undefined>(undefined);
  useEffect(() => {
    if (payment?.provider !== 'stripe' || !mount.current) return;
    const start = () => {
      // biome-ignore lint/suspicious/noExplicitAny: Stripe.js is loaded from its own script at run time and has no types in this project
      const stripe = (window as any).Stripe(payment.publishableKey);
      const card = stripe.elements().create('card', { hidePostalCode: true });
      card.mount(mount.current);
      confirm.current = (clientSecret) => stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
    };
    // biome-ignore lint/suspicious/noExplicitAny: Stripe.js is loaded from its own script at run time and has no types in this project
    if ((window as any).Stripe) return start();
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3/';
    script.onload = start;
    document.head.appendChild(script);
  }, [payment]);
  return { mount, confirm };
}

export function DepositPayment({ carSlug, kind, deposit, payment, similarHref, collectDetails, onFieldErrors, children }: Props) {
  const id = useId();
  const [state, dispatch] = useReducer(depositReducer, undefined, initialDeposit);
  const { outcome, busy } = state;
  const stripe = useStripeCard(payment);
  const approveButton = useRef<HTMLButtonElement>(null);
  // The bank's step replaces the pay button: move keyboard focus to it.
  useEffect(() => {
    if (outcome?.kind === 'authenticate') approveButton.current?.focus();
  }, [outcome]);

  const finish = (result: PayOutcome) => {
    dispatch({ type: 'finished', outcome: result });
    if (result.kind === 'paid') window.location.assign(`/reservations/${result.reservationId}`);
    if (result.kind === 'invalid' && result.fields) onFieldErrors?.(result.fields);
  };

  // A second click before the button shows it is busy must not start a second payment.
  const paying = useRef(false);
  const pay = async () => {
    if (busy || paying.current) return;
    const values = collectDetails();
    if (!values) return;
    paying.current = true;
    const attemptKey = state.attemptKey || newAttemptKey();
    dispatch({ type: 'paying', freshKey: attemptKey });
    try {
      finish(await payDeposit({ carSlug, kind, values, attemptKey, card: cardToSend(state.card), stripeConfirm: stripe.confirm.current }));
    } finally {
      paying.current = false;
    }
  };

  const authenticate = async (approve: boolean) => {
    if (outcome?.kind !== 'authenticate') return;
    dispatch({ type: 'authenticating' });
    finish(await authenticateLocal(outcome, approve));
  };

  if (!payment)
    return (
      <p className="checkout-error" role="alert">
        Online payment is not available right now. Please call us to reserve this car.
      </p>
    );

  return (
    <div className="deposit-payment">
      {children}
      <CardStep id={id} stripeMount={payment.provider === 'stripe' ? stripe.mount : null} state={state} dispatch={dispatch} />
      <PaymentOutcome outcome={outcome} similarHref={similarHref} />
      {outcome?.kind === 'authenticate' ? (
        <BankStep id={id} deposit={deposit} busy={busy} approveButton={approveButton} onAnswer={authenticate} />
      ) : (
        <PayButton busy={busy} deposit={deposit} onPay={pay} />
      )}
      <p className="form-hint">
        {kind === 'purchase' ? 'Your deposit secures the car while we prepare your purchase.' : 'Your deposit holds this car for you.'} It is{' '}
        {CHECKOUT_MESSAGES.refundable}.
      </p>
    </div>
  );
}
