// Your Details (docs/requirements/dealer-services.md#screens, #states step 7, #validation): the car's condition and the shopper's contact details. Submitting
// updates the evaluation (update-eval), keeps the valuation in this site's local storage (and posts it to
// /api/miscellaneous where the site says so), then sends the Trade-in Enquiry lead through POST /api/leads.
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useFormContext, type FieldValues } from 'react-hook-form';
import {
  ADJUSTMENT_QUESTIONS,
  CAR_CONDITION_OPTIONS,
  CONTACT_METHODS,
  FINANCE_OPTIONS,
  instantValueAllowed,
  NUMBER_OF_KEYS_OPTIONS,
  SERVICE_HISTORY_OPTIONS,
  tradeInDetailsErrors,
  type VehicleResult,
} from '../../runtime/domain/trade-in';
import { HONEYPOT_FIELD, leadFormConfig, leadFormDefaults, newIdempotencyKey } from '../../runtime/domain/leads';
import { checkLeadValues } from '../../runtime/domain/leads/precompiled';
import { useSite } from '../../runtime/renderer/site-context';
import { storeDetails } from '../../runtime/ui/forms/browser-storage';
import { ErrorList } from '../../runtime/ui/forms/ErrorList';
import { CheckboxField, HoneypotField, PostcodeField, SelectField, TextAreaField, TextField } from '../../runtime/ui/forms/fields';
import type { LeadFormCar } from '../../runtime/ui/forms/lead-car';
import { LocationField } from '../../runtime/ui/forms/lead-fields';
import { KmsField } from '../../runtime/ui/forms/number-fields';
import { submitLead, withoutEmptyValues } from '../../runtime/ui/forms/submit-lead';
import { currentVisit, linkedQueryParamsOf, visitedPagesOf } from '../../runtime/ui/forms/visited-pages';
import { postJson } from './api';
import { VehicleLine } from './VehicleLine';
import { resolvedSettings } from '../../runtime/domain/settings';

export interface OfferResult {
  price: number | null;
  validUntil: string | null;
  /** Why there is no price: the car is over 10 years old or over 100,000 km. */
  outsideRule: boolean;
}

const LABELS = {
  postcode: 'Postcode',
  odometer: 'Odometer',
  ...ADJUSTMENT_QUESTIONS,
  comments: 'Comments',
  name: 'Name',
  last_name: 'Last name',
  email: 'Email',
  phone: 'Phone',
  location: 'Location',
  dealership_slug: 'Dealership',
  PreferredContactMethod: 'Preferred contact method',
  finance: 'Interested in finance?',
  terms_conditions: 'Terms',
  opt_in: 'Keep me up to date',
};

const valuationKey = (siteSlug: string) => `dealer:${siteSlug}:valuation`;

export function DetailsStep(props: {
  evaluation: VehicleResult;
  car: LeadFormCar | null;
  termsHref: string | null;
  errorBox: ReactNode;
  backButton: ReactNode;
  imageCount: number;
  onError: (message: string | null) => void;
  onDone: (offer: OfferResult) => void;
}) {
  const { evaluation, car, termsHref } = props;
  const site = useSite();
  const settings = resolvedSettings(site.settings).tradeIn;
  const config = leadFormConfig(
    'trade-in',
    site.settings.leads?.forms ?? {},
    site.dealerships.map((d) => ({ slug: d.slug, name: d.name })),
  );
  const { getValues, setError, clearErrors, formState } = useFormContext<FieldValues>();
  const [busy, setBusy] = useState(false);
  const [submitCount, setSubmitCount] = useState(0);
  const idempotencyKey = useRef<string | null>(null);
  const updated = useRef<{ km: number; result: OfferResult } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    clearErrors();
    props.onError(null);
    setSubmitCount((n) => n + 1);
    const v = getValues();
    const leadValues: Record<string, unknown> = withoutEmptyValues({
      name: v.name,
      last_name: v.last_name,
      email: v.email,
      phone: v.phone,
      postcode: v.postcode,
      location: v.location,
      dealership_slug: v.dealership_slug,
      message: v.comments,
      rego: v.rego,
      PreferredContactMethod: v.PreferredContactMethod,
      finance: v.finance,
      opt_in: v.opt_in,
      terms_conditions: v.terms_conditions,
      odometer: v.odometer,
      service_history: v.service_history,
      number_of_keys: v.number_of_keys,
      car_condition: v.car_condition,
      [HONEYPOT_FIELD]: v[HONEYPOT_FIELD],
    });
    if (config.termsCheckbox) leadValues.terms_conditions = v.terms_conditions === true;
    const detailErrors = tradeInDetailsErrors({ ...v, postcode: typeof v.postcode === 'string' ? v.postcode : '' }) ?? {};
    const leadErrors = checkLeadValues(config, { ...leadValues }) ?? {};
    const { message: commentsError, ...otherLeadErrors } = leadErrors;
    const errors = { ...otherLeadErrors, ...(commentsError ? { comments: commentsError } : {}), ...detailErrors };
    if (Object.keys(errors).length) {
      for (const [name, message] of Object.entries(errors)) setError(name, { type: 'rule', message });
      return;
    }
    setBusy(true);
    try {
      const km = v.odometer as number;
      // The evaluation is updated once per odometer reading (a retry of a failed lead does not ask again).
      if (!updated.current || updated.current.km !== km) {
        const r = await postJson<VehicleResult[]>('/api/eval-expert/update-eval', {
          evalid: evaluation.EvalID,
          km,
          userEmail: '',
          cName: v.name,
          cEmail: v.email,
          cPhone: v.phone,
        });
        if (!r.ok) {
          for (const [name, message] of Object.entries(r.fields ?? {})) if (name in LABELS) setError(name, { type: 'server', message });
          return props.onError(r.error);
        }
        const first = (r.data[0] ?? {}) as VehicleResult & { OfferValidUntil?: string | null };
        const result: OfferResult = {
          price: typeof first.OfferPrice === 'number' ? first.OfferPrice : null,
          validUntil: first.OfferValidUntil ?? null,
          outsideRule: !instantValueAllowed({ year: first.Year ?? evaluation.Year, km }, new Date()),
        };
        updated.current = { km, result };
        const valuation = {
          evalid: evaluation.EvalID,
          rego: String(v.rego ?? '').toUpperCase(),
          state: v.state,
          vehicle: { ...evaluation, ...first },
          odometer: km,
          postcode: v.postcode,
          service_history: v.service_history,
          number_of_keys: v.number_of_keys,
          car_condition: v.car_condition,
          offer_price: result.price,
          offer_valid_until: result.validUntil,
          car_id: car?.id ?? null,
          saved_at: new Date().toISOString(),
        };
        try {
          window.localStorage.setItem(valuationKey(site.slug), JSON.stringify(valuation));
        } catch {
          // storage blocked: the valuation still goes with the lead
        }
        if (settings.saveValuation) {
          // docs/requirements/dealer-services.md#calls: 'Logs success or failure' only.
          postJson('/api/miscellaneous', { ...valuation, column_name: 'valuation' }).then((s) =>
            s.ok ? console.info('valuation saved') : console.warn('valuation not saved:', s.error),
          );
        }
      }
      idempotencyKey.current ??= newIdempotencyKey();
      const visit = currentVisit();
      const outcome = await submitLead(
        {
          form: 'trade-in',
          values: leadValues,
          context: {
            car_id: car?.id,
            url: window.location.href,
            visited_pages: visitedPagesOf(visit),
            linked_query_params: linkedQueryParamsOf(visit),
            evalid: evaluation.EvalID,
          },
        },
        idempotencyKey.current,
      );
      if (!outcome.ok) {
        if (!outcome.retrySameKey) idempotencyKey.current = null;
        for (const [name, message] of Object.entries(outcome.fields ?? {})) setError(name === 'message' ? 'comments' : name, { type: 'server', message });
        // docs/requirements/dealer-services.md#errors: the step error carries the server's message, or the wizard's own.
        return props.onError(outcome.detail ?? 'An error occurred while submitting the form. Please try again.');
      }
      storeDetails(site.slug, leadValues);
      props.onDone(updated.current.result);
    } finally {
      setBusy(false);
    }
  }

  const order = Object.keys(LABELS);
  return (
    <form className="lead-form" noValidate onSubmit={submit} aria-busy={busy || undefined}>
      <h3 data-step-heading tabIndex={-1}>
        Your Details
      </h3>
      <VehicleLine vehicle={evaluation} />
      {props.imageCount > 0 && (
        <p className="trade-in-images-sent">
          {props.imageCount} photo{props.imageCount === 1 ? '' : 's'} uploaded.
        </p>
      )}
      {props.errorBox}
      {Object.keys(formState.errors).length > 0 && <ErrorList labels={LABELS} submitCount={submitCount} order={order} />}
      <fieldset className="trade-in-fieldset">
        <legend>About your car</legend>
        <div className="lead-form-grid">
          <KmsField name="odometer" label={LABELS.odometer} required />
          <PostcodeField required />
          <SelectField
            name="service_history"
            label={LABELS.service_history}
            required
            placeholder="Choose"
            options={SERVICE_HISTORY_OPTIONS.map((o) => ({ value: o, label: o }))}
          />
          <SelectField
            name="number_of_keys"
            label={LABELS.number_of_keys}
            required
            placeholder="Choose"
            options={NUMBER_OF_KEYS_OPTIONS.map((o) => ({ value: o, label: o }))}
          />
          <SelectField
            name="car_condition"
            label={LABELS.car_condition}
            required
            placeholder="Choose"
            options={CAR_CONDITION_OPTIONS.map((o) => ({ value: o, label: o }))}
          />
          <div className="form-wide">
            <TextAreaField name="comments" label={LABELS.comments} required />
          </div>
        </div>
      </fieldset>
      <fieldset className="trade-in-fieldset">
        <legend>Your contact details</legend>
        <div className="lead-form-grid">
          <TextField
            name="name"
            label={config.lastNameField ? 'First name' : LABELS.name}
            required
            autoComplete={config.lastNameField ? 'given-name' : 'name'}
          />
          {config.lastNameField && <TextField name="last_name" label={LABELS.last_name} autoComplete="family-name" />}
          <TextField name="email" label={LABELS.email} type="email" required autoComplete="email" inputMode="email" />
          <TextField name="phone" label={LABELS.phone} type="tel" required autoComplete="tel" inputMode="tel" />
          {config.dealershipSelect && (
            <SelectField
              name="dealership_slug"
              label={LABELS.dealership_slug}
              required
              placeholder="Choose a dealership"
              options={config.dealerships.map((d) => ({ value: d.slug, label: d.name }))}
            />
          )}
          {config.locationField && <LocationField label={LABELS.location} choices={config.locations} />}
          <SelectField name="PreferredContactMethod" label={LABELS.PreferredContactMethod} options={CONTACT_METHODS.map((o) => ({ value: o, label: o }))} />
          <SelectField name="finance" label={LABELS.finance} placeholder="Choose" options={FINANCE_OPTIONS.map((o) => ({ value: o, label: o }))} />
          {config.optInField && (
            // ticked at first, as on every lead form (leadFormDefaults); a choice the shopper made is kept
            <CheckboxField
              name="opt_in"
              label="Keep me up to date with offers and news"
              className="form-wide"
              startChecked={leadFormDefaults(config).opt_in === true}
            />
          )}
          {config.termsCheckbox && (
            <CheckboxField
              name="terms_conditions"
              label={termsHref ? `I agree to the [terms and conditions](${termsHref}).` : 'I agree to the terms and conditions.'}
              required
              className="form-wide"
            />
          )}
        </div>
      </fieldset>
      <HoneypotField name={HONEYPOT_FIELD} />
      <div className="form-actions">
        {props.backButton}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? (
            <>
              <span className="spinner" aria-hidden="true" />
              Sending...
            </>
          ) : (
            'Get My Offer'
          )}
        </button>
      </div>
      <p className="form-privacy">Fields marked * are required. We use your details only to value your car and contact you about it.</p>
    </form>
  );
}
