import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import type { ResolvedCheckoutJourneyProps as CheckoutJourneyProps } from '../../schemas/generated/block-props';
import {
  JOURNEY_STEP_TITLES,
  JOURNEY_STEPS,
  validateJourneyDetails,
  type JourneyDetails,
  type JourneyState,
  type JourneyStep,
} from '../../runtime/domain/checkout';
import { formatMoney } from '../../runtime/domain/format';
import { limitPostcodeInput } from '../../runtime/domain/vehicle/postcode';
import type { CheckoutJourneyPageData } from '../../runtime/page-data/types';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { usePageData } from '../../runtime/renderer/site-context';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { CheckoutCar } from '../../runtime/ui/checkout/CheckoutCar';
import { DepositPayment } from '../../runtime/ui/checkout/DepositPayment';
import { DetailsFields } from '../../runtime/ui/checkout/DetailsFields';
import { PaymentLogos } from '../../runtime/ui/checkout/PaymentLogos';
import { usePrefillDetails, useSignedInShopperDetails } from '../../runtime/ui/checkout/shopper-prefill';
import { DepositSummary, Unavailable } from '../../runtime/ui/checkout/CheckoutParts';
import '../../runtime/ui/forms/forms.css';
import '../../runtime/ui/checkout/checkout.css';

type Loaded = { state: JourneyState; step: JourneyStep };

async function save(
  carSlug: string,
  body: Record<string, unknown>,
): Promise<{ ok: true; value: Loaded } | { ok: false; error: string; fields?: Record<string, string> }> {
  try {
    const response = await fetch('/api/checkout-journey', {
      method: 'PUT',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ car_id: carSlug, ...body }),
    });
    const json = await response.json().catch(() => null);
    if (!response.ok) return { ok: false, error: json?.error ?? 'An unexpected error occured', fields: json?.fields };
    return { ok: true, value: json as Loaded };
  } catch {
    return { ok: false, error: 'An unexpected error occured' };
  }
}

export default function CheckoutJourney({ props }: BlockComponentProps<CheckoutJourneyProps>) {
  const data = usePageData<CheckoutJourneyPageData>();
  const id = useId();
  const prefill = useSignedInShopperDetails();
  const [journey, setJourney] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [details, setDetails] = useState<Partial<JourneyDetails>>(prefill ?? {});
  usePrefillDetails(prefill, setDetails);
  const [tradeIn, setTradeIn] = useState<{ hasTradeIn?: boolean; description: string }>({ description: '' });
  const [finance, setFinance] = useState<string>('');
  const [delivery, setDelivery] = useState<{ method?: string; postcode: string }>({ postcode: '' });
  const slug = data?.car?.slug;

  // Only state setters inside: one function for the component's life, so the load below runs once per car.
  const adopt = useCallback((loaded: Loaded) => {
    setJourney(loaded);
    const s = loaded.state;
    if (s.details) setDetails(s.details);
    if (s.tradeIn) setTradeIn({ hasTradeIn: s.tradeIn.hasTradeIn, description: s.tradeIn.description ?? '' });
    if (s.finance) setFinance(s.finance.choice);
    if (s.delivery) setDelivery({ method: s.delivery.method, postcode: s.delivery.method === 'delivery' ? s.delivery.postcode : '' });
  }, []);

  useEffect(() => {
    if (!slug) return;
    fetch(`/api/checkout-journey?car_id=${encodeURIComponent(slug)}`, { headers: { accept: 'application/json' } })
      .then(async (r) => (r.ok ? adopt(await r.json()) : setLoadError((await r.json().catch(() => null))?.error ?? 'An unexpected error occured')))
      .catch(() => setLoadError('An unexpected error occured'));
  }, [slug, adopt]);

  if (!data?.car) return <section className="card">The online purchase journey of a car shows here.</section>;

  const submit = async (step: JourneyStep, answer: Record<string, unknown>) => {
    setBusy(true);
    setError('');
    setFields({});
    const result = await save(data.car.slug, { step, answer });
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      setFields(result.fields ?? {});
      return;
    }
    adopt(result.value);
  };
  const goto = async (step: JourneyStep) => {
    const result = await save(data.car.slug, { goto: step });
    if (result.ok) adopt(result.value);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!journey) return;
    const step = journey.step;
    if (step === 'details') {
      const problems = validateJourneyDetails(details);
      if (problems) return setFields(problems);
      return submit('details', details);
    }
    if (step === 'trade-in') return submit('trade-in', { hasTradeIn: tradeIn.hasTradeIn, description: tradeIn.description });
    if (step === 'finance') return submit('finance', { choice: finance });
    if (step === 'delivery') return submit('delivery', { method: delivery.method, postcode: delivery.postcode });
    if (step === 'review') return submit('review', { confirmed: true });
  };

  const step = journey?.step;
  const state = journey?.state;
  const stepIndex = step ? JOURNEY_STEPS.indexOf(step) : 0;
  const pickUpAt = data.location?.name ?? data.dealership.name;

  return (
    <section className="checkout-journey container" aria-labelledby={`${id}-heading`}>
      <h1 id={`${id}-heading`}>{props.heading}</h1>
      {props.intro && <p>{props.intro}</p>}
      <div className="checkout">
        <div className="checkout-panel card">
          {data.unavailable ? (
            <Unavailable data={data} />
          ) : !journey ? (
            loadError ? (
              <p className="checkout-error" role="alert">
                {loadError}
              </p>
            ) : (
              <p aria-busy="true">Loading your progress…</p>
            )
          ) : (
            <>
              <ol className="checkout-steps" aria-label="Steps">
                {JOURNEY_STEPS.map((s, i) => (
                  <li key={s} aria-current={s === step ? 'step' : undefined} className={i < stepIndex ? 'done' : undefined}>
                    {i + 1}. {JOURNEY_STEP_TITLES[s]}
                  </li>
                ))}
              </ol>
              <h2>{JOURNEY_STEP_TITLES[step!]}</h2>
              {step === 'deposit' ? (
                <DepositPayment
                  carSlug={data.car.slug}
                  kind="purchase"
                  deposit={data.deposit}
                  payment={data.payment}
                  similarHref={data.similarHref}
                  collectDetails={() => (state?.details ? { ...state.details } : null)}
                />
              ) : (
                <form className="lead-form" onSubmit={onSubmit} noValidate>
                  {step === 'details' && <DetailsFields values={details} errors={fields} onChange={setDetails} />}
                  {step === 'trade-in' && (
                    <fieldset className="checkout-choice">
                      <legend>Do you have a car to trade in?</legend>
                      <label className="form-check-row">
                        <input
                          type="radio"
                          name="tradeIn"
                          checked={tradeIn.hasTradeIn === true}
                          onChange={() => setTradeIn({ ...tradeIn, hasTradeIn: true })}
                        />{' '}
                        Yes, I have a trade-in
                      </label>
                      <label className="form-check-row">
                        <input
                          type="radio"
                          name="tradeIn"
                          checked={tradeIn.hasTradeIn === false}
                          onChange={() => setTradeIn({ ...tradeIn, hasTradeIn: false })}
                        />{' '}
                        No trade-in
                      </label>
                      {tradeIn.hasTradeIn && (
                        <div className="form-field">
                          <label className="form-label" htmlFor={`${id}-trade`}>
                            Your car (year, make, model, km)
                          </label>
                          <input
                            id={`${id}-trade`}
                            className="form-input"
                            maxLength={300}
                            value={tradeIn.description}
                            onChange={(e) => setTradeIn({ ...tradeIn, description: e.target.value })}
                          />
                          {data.tradeInHref && (
                            <p className="form-hint">
                              Want a valuation first? <SiteLink href={data.tradeInHref}>Value my car</SiteLink>
                            </p>
                          )}
                        </div>
                      )}
                      {fields.hasTradeIn && <p className="form-error">{fields.hasTradeIn}</p>}
                    </fieldset>
                  )}
                  {step === 'finance' && (
                    <fieldset className="checkout-choice">
                      <legend>How would you like to pay?</legend>
                      {data.preApprovalHref && (
                        <label className="form-check-row">
                          <input type="radio" name="finance" checked={finance === 'pre-approval'} onChange={() => setFinance('pre-approval')} /> Finance: I
                          would like to get pre-approved
                        </label>
                      )}
                      <label className="form-check-row">
                        <input type="radio" name="finance" checked={finance === 'pay-in-full'} onChange={() => setFinance('pay-in-full')} /> Pay in full
                      </label>
                      {finance === 'pre-approval' && data.preApprovalHref && (
                        <p className="form-hint">
                          <SiteLink href={data.preApprovalHref}>Get Pre-Approved</SiteLink> (opens our finance page; your progress here is saved).
                        </p>
                      )}
                      {fields.choice && <p className="form-error">{fields.choice}</p>}
                    </fieldset>
                  )}
                  {step === 'delivery' && (
                    <fieldset className="checkout-choice">
                      <legend>Delivery or pick-up</legend>
                      <label className="form-check-row">
                        <input
                          type="radio"
                          name="delivery"
                          checked={delivery.method === 'pick-up'}
                          onChange={() => setDelivery({ ...delivery, method: 'pick-up' })}
                        />{' '}
                        Pick up from {pickUpAt}
                      </label>
                      <label className="form-check-row">
                        <input
                          type="radio"
                          name="delivery"
                          checked={delivery.method === 'delivery'}
                          onChange={() => setDelivery({ ...delivery, method: 'delivery' })}
                        />{' '}
                        Deliver to my postcode
                      </label>
                      {delivery.method === 'delivery' && (
                        <div className={`form-field${fields.postcode ? ' has-error' : ''}`}>
                          <label className="form-label" htmlFor={`${id}-postcode`}>
                            Delivery postcode
                          </label>
                          <input
                            id={`${id}-postcode`}
                            className="form-input form-postcode"
                            inputMode="numeric"
                            maxLength={4}
                            value={delivery.postcode}
                            onChange={(e) => setDelivery({ ...delivery, postcode: limitPostcodeInput(e.target.value) })}
                          />
                          {fields.postcode && <p className="form-error">{fields.postcode}</p>}
                        </div>
                      )}
                      {fields.method && <p className="form-error">{fields.method}</p>}
                    </fieldset>
                  )}
                  {step === 'review' && state && (
                    <dl className="checkout-review">
                      <dt>Your details</dt>
                      <dd>{state.details ? `${state.details.name}, ${state.details.email}, ${state.details.phone}, ${state.details.postcode}` : ''}</dd>
                      <dt>Trade-in</dt>
                      <dd>{state.tradeIn?.hasTradeIn ? state.tradeIn.description || 'Yes' : 'No trade-in'}</dd>
                      <dt>Finance</dt>
                      <dd>{state.finance?.choice === 'pre-approval' ? 'Finance pre-approval' : 'Pay in full'}</dd>
                      <dt>Delivery</dt>
                      <dd>
                        {state.delivery?.method === 'delivery'
                          ? `Delivery to ${state.delivery.postcode} (${state.delivery.region}): estimate ${formatMoney(state.delivery.price)}`
                          : `Pick up from ${pickUpAt}`}
                      </dd>
                      <dt>Deposit</dt>
                      <dd>
                        {data.deposit}, held {data.holdHours} hours, 100% refundable
                      </dd>
                    </dl>
                  )}
                  {error && !Object.keys(fields).length && (
                    <p className="checkout-error" role="alert">
                      {error}
                    </p>
                  )}
                  <div className="checkout-actions">
                    {stepIndex > 0 && (
                      <button type="button" className="button button-outline" onClick={() => goto(JOURNEY_STEPS[stepIndex - 1])}>
                        Back
                      </button>
                    )}
                    <button type="submit" className="button button-primary" disabled={busy}>
                      {step === 'review' ? 'Confirm and pay deposit' : 'Continue'}
                    </button>
                  </div>
                </form>
              )}
            </>
          )}
        </div>
        <div className="checkout-panel card">
          <CheckoutCar car={data.car} />
          <DepositSummary data={data} />
          <PaymentLogos />
        </div>
      </div>
    </section>
  );
}
