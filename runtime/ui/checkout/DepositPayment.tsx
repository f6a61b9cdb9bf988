// Card entry, the pay button and what follows: the bank's second step, a decline message, or the confirmation page.
// With the local test provider the card fields are ours (test cards only); with Stripe, Stripe.js's card element
// takes the card, so card numbers never touch this site's server.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { CHECKOUT_MESSAGES } from '../../domain/checkout';
import { SiteLink } from '../../renderer/SiteLink';
import { authenticateLocal, newAttemptKey, payDeposit, type CardFields, type PayOutcome, type StripeConfirm } from './pay-deposit';

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

const formatCardNumber = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
const formatExpiry = (v: string) => {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)} / ${d.slice(2)}` : d;
};

export function DepositPayment({ carSlug, kind, deposit, payment, similarHref, collectDetails, onFieldErrors, children }: Props) {
  const id = useId();
  const [card, setCard] = useState<CardFields>({ number: '', expiry: '', cvc: '' });
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PayOutcome | null>(null);
  // One key per attempt: a double click or a retried request is the same reservation; a new card is a new attempt.
  const attemptKey = useRef<string>('');
  const stripe = useStripeCard(payment);
  const approveButton = useRef<HTMLButtonElement>(null);
  // The bank's step replaces the pay button: move keyboard focus to it.
  useEffect(() => {
    if (outcome?.kind === 'authenticate') approveButton.current?.focus();
  }, [outcome]);

  const finish = (result: PayOutcome) => {
    setOutcome(result);
    if (result.kind === 'paid') window.location.assign(`/reservations/${result.reservationId}`);
    if (result.kind === 'declined' || result.kind === 'unavailable') attemptKey.current = '';
    if (result.kind === 'invalid' && result.fields) onFieldErrors?.(result.fields);
    setBusy(false);
  };

  const pay = async () => {
    if (busy) return;
    const values = collectDetails();
    if (!values) return;
    setBusy(true);
    setOutcome(null);
    attemptKey.current ||= newAttemptKey();
    const expiry = card.expiry.replace(/\s/g, '');
    finish(
      await payDeposit({
        carSlug,
        kind,
        values,
        attemptKey: attemptKey.current,
        card: { number: card.number, expiry, cvc: card.cvc },
        stripeConfirm: stripe.confirm.current,
      }),
    );
  };

  const authenticate = async (approve: boolean) => {
    if (outcome?.kind !== 'authenticate') return;
    setBusy(true);
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
      <fieldset className="checkout-card">
        <legend>Card details</legend>
        {payment.provider === 'stripe' ? (
          <div ref={stripe.mount} className="stripe-card form-input" />
        ) : (
          <>
            <p className="form-hint">Test payments: use card 4242 4242 4242 4242, any future expiry and any CVC.</p>
            <div className="checkout-card-grid">
              <div className={`form-field form-wide${outcome?.kind === 'invalid' && outcome.fields?.card ? ' has-error' : ''}`}>
                <label className="form-label" htmlFor={`${id}-number`}>
                  Card number
                </label>
                <input
                  id={`${id}-number`}
                  className="form-input"
                  inputMode="numeric"
                  autoComplete="cc-number"
                  value={card.number}
                  onChange={(e) => setCard({ ...card, number: formatCardNumber(e.target.value) })}
                  placeholder="1234 1234 1234 1234"
                />
              </div>
              <div className="form-field">
                <label className="form-label" htmlFor={`${id}-expiry`}>
                  Expiry (MM / YY)
                </label>
                <input
                  id={`${id}-expiry`}
                  className="form-input"
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  value={card.expiry}
                  onChange={(e) => setCard({ ...card, expiry: formatExpiry(e.target.value) })}
                  placeholder="MM / YY"
                />
              </div>
              <div className="form-field">
                <label className="form-label" htmlFor={`${id}-cvc`}>
                  CVC
                </label>
                <input
                  id={`${id}-cvc`}
                  className="form-input"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  maxLength={4}
                  value={card.cvc}
                  onChange={(e) => setCard({ ...card, cvc: e.target.value.replace(/\D/g, '').slice(0, 4) })}
                  placeholder="123"
                />
              </div>
            </div>
          </>
        )}
      </fieldset>

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

      {outcome?.kind === 'authenticate' ? (
        <div className="checkout-authenticate" role="dialog" aria-labelledby={`${id}-3ds`}>
          <h3 id={`${id}-3ds`}>Your bank asks you to approve this payment</h3>
          <p>Test mode: approve or fail the {deposit} payment as your bank's app would.</p>
          <div className="checkout-actions">
            <button ref={approveButton} type="button" className="button button-primary" disabled={busy} onClick={() => authenticate(true)}>
              Approve payment
            </button>
            <button type="button" className="button button-outline" disabled={busy} onClick={() => authenticate(false)}>
              Fail authentication
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="button button-primary checkout-pay" disabled={busy} aria-busy={busy} onClick={pay}>
          {busy ? 'Processing…' : `Pay ${deposit} deposit`}
        </button>
      )}
      <p className="form-hint">
        {kind === 'purchase' ? 'Your deposit secures the car while we prepare your purchase.' : 'Your deposit holds this car for you.'} It is{' '}
        {CHECKOUT_MESSAGES.refundable}.
      </p>
    </div>
  );
}
