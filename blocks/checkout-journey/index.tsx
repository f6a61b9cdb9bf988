import { useCallback, useEffect, useId, useReducer, type FormEvent } from 'react';
import type { ResolvedCheckoutJourneyProps as CheckoutJourneyProps } from '../../schemas/generated/block-props';
import { JOURNEY_STEP_TITLES, JOURNEY_STEPS, type JourneyDetails, type JourneyStep } from '../../runtime/domain/checkout';
import type { CheckoutJourneyPageData } from '../../runtime/page-data/types';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { usePageData } from '../../runtime/renderer/site-context';
import { CheckoutCar } from '../../runtime/ui/checkout/CheckoutCar';
import { DepositPayment } from '../../runtime/ui/checkout/DepositPayment';
import { DetailsFields } from '../../runtime/ui/checkout/DetailsFields';
import { PaymentLogos } from '../../runtime/ui/checkout/PaymentLogos';
import { usePrefillDetails, useSignedInShopperDetails } from '../../runtime/ui/checkout/shopper-prefill';
import { DepositSummary, Unavailable } from '../../runtime/ui/checkout/CheckoutParts';
import { initialJourneyForm, journeyFormReducer, journeySubmission, type Loaded } from './journey-form';
import { DeliveryStep, FinanceStep, ReviewStep, TradeInStep } from './steps';
import '../../runtime/ui/forms/forms.css';
import '../../runtime/ui/checkout/checkout.css';

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
  const [form, dispatch] = useReducer(journeyFormReducer, prefill, initialJourneyForm);
  const { journey, loadError, busy, error, fields } = form;
  const setDetails = useCallback((update: (d: Partial<JourneyDetails>) => Partial<JourneyDetails>) => dispatch({ type: 'details', update }), []);
  usePrefillDetails(prefill, setDetails);
  const slug = data?.car?.slug;

  useEffect(() => {
    if (!slug) return;
    fetch(`/api/checkout-journey?car_id=${encodeURIComponent(slug)}`, { headers: { accept: 'application/json' } })
      .then(async (r) =>
        r.ok
          ? dispatch({ type: 'loaded', loaded: await r.json() })
          : dispatch({ type: 'load-failed', error: (await r.json().catch(() => null))?.error ?? 'An unexpected error occured' }),
      )
      .catch(() => dispatch({ type: 'load-failed', error: 'An unexpected error occured' }));
  }, [slug]);

  if (!data?.car) return <section className="card">The online purchase journey of a car shows here.</section>;

  const goto = async (step: JourneyStep) => {
    const result = await save(data.car.slug, { goto: step });
    if (result.ok) dispatch({ type: 'loaded', loaded: result.value });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const submission = journeySubmission(form);
    if (!submission) return;
    if (submission.kind === 'invalid') return dispatch({ type: 'invalid', fields: submission.fields });
    dispatch({ type: 'saving' });
    const result = await save(data.car.slug, { step: submission.step, answer: submission.answer });
    dispatch(result.ok ? { type: 'saved', loaded: result.value } : { type: 'save-failed', error: result.error, fields: result.fields });
  };

  const step = journey?.step;
  const state = journey?.state;
  const stepIndex = step ? JOURNEY_STEPS.indexOf(step) : 0;
  const previousStep = JOURNEY_STEPS[stepIndex - 1];
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
                  {step === 'details' && <DetailsFields values={form.details} errors={fields} onChange={(details) => setDetails(() => details)} />}
                  {step === 'trade-in' && (
                    <TradeInStep
                      id={id}
                      answer={form.tradeIn}
                      errors={fields}
                      tradeInHref={data.tradeInHref}
                      onChange={(answer) => dispatch({ type: 'trade-in', answer })}
                    />
                  )}
                  {step === 'finance' && (
                    <FinanceStep
                      choice={form.finance}
                      errors={fields}
                      preApprovalHref={data.preApprovalHref}
                      onChange={(choice) => dispatch({ type: 'finance', choice })}
                    />
                  )}
                  {step === 'delivery' && (
                    <DeliveryStep
                      id={id}
                      answer={form.delivery}
                      errors={fields}
                      pickUpAt={pickUpAt}
                      onChange={(answer) => dispatch({ type: 'delivery', answer })}
                    />
                  )}
                  {step === 'review' && state && <ReviewStep state={state} pickUpAt={pickUpAt} deposit={data.deposit} holdHours={data.holdHours} />}
                  {error && !Object.keys(fields).length && (
                    <p className="checkout-error" role="alert">
                      {error}
                    </p>
                  )}
                  <div className="checkout-actions">
                    {previousStep && (
                      <button type="button" className="button button-outline" onClick={() => goto(previousStep)}>
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
