// One lead form for every lead block and dialog (docs/requirements/dealer-services.md#screens to #errors): the fields come from leadFormConfig (the site's
// settings.leads.forms), validation from leadFormSchema through react-hook-form, with the build's precompiled Ajv code
// (no schema compiled in the browser; the server checks the same schema), and a submission goes to POST /api/leads
// with an idempotency key.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
// Imported file by file, not from the domain/leads index: that also holds the server's Ajv compiler (validate.ts),
// which shoppers' browsers never need.
import { leadAction } from '../../domain/leads/events';
import { HONEYPOT_FIELD, leadFormConfig, leadFormDefaults, visibleFields, type LeadFieldName, type LeadFormKind } from '../../domain/leads/form-config';
import { LEAD_MESSAGES } from '../../domain/leads/messages';
import { LEAD_SUCCESS_PATH, newIdempotencyKey } from '../../domain/leads/submission';
import { useSite } from '../../renderer/site-context';
import { readStoredDetails, storeDetails } from './browser-storage';
import { rememberEnquireCar } from '../site-storage';
import { ErrorList } from './ErrorList';
import { precompiledLeadResolver } from './precompiled-resolver';
import { CheckboxField, HoneypotField, PostcodeField, SelectField, TextAreaField, TextField } from './fields';
import type { LeadFormCar } from './lead-car';
import { LocationField, PreferredDateField, PreferredTimeField } from './lead-fields';
import { submitLead, withoutEmptyValues } from './submit-lead';
import { currentVisit, linkedQueryParamsOf, visitedPagesOf } from './visited-pages';
import { useTrackAction } from '../tracking';
import './forms.css';

export interface LeadFormProps {
  form: LeadFormKind;
  /** The car the lead is about (vehicle page, result card, ?car_id=). */
  car?: LeadFormCar | null;
  /** Multi-step layout; undefined follows settings.leads.forms.multiStep. */
  multiStep?: boolean;
  submitLabel?: string;
  optInLabel?: string;
  termsLabel?: string;
  /** Values to start from (query parameters), before stored contact details are filled in. */
  initialValues?: Record<string, unknown>;
  /** Fields of a particular form (the finance budget), shown before the comments. */
  extraFields?: ReactNode;
  extraLabels?: Record<string, string>;
  /** Turns extra values into the values the API knows (e.g. the budget into the message). */
  prepareValues?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Dialogs start typing at once. */
  autoFocus?: boolean;
}

const STEP_TITLES = ['Your Enquiry', 'Your Details'];
const DEFAULT_OPT_IN_LABEL = 'Keep me up to date with offers and news';
const DEFAULT_TERMS_LABEL = 'I agree to the [terms of use](/terms-and-conditions).';

export function LeadForm(props: LeadFormProps) {
  const trackAction = useTrackAction();
  const {
    form,
    car,
    multiStep,
    submitLabel = 'Send Enquiry',
    optInLabel = DEFAULT_OPT_IN_LABEL,
    termsLabel = DEFAULT_TERMS_LABEL,
    initialValues,
    extraFields,
    extraLabels,
    prepareValues,
    autoFocus,
  } = props;
  const site = useSite();
  const navigate = useNavigate();
  const formSettings = site.settings.leads?.forms;
  const dealerships = useMemo(() => site.dealerships.map((d) => ({ slug: d.slug, name: d.name })), [site.dealerships]);
  const config = useMemo(
    () => leadFormConfig(form, { ...formSettings, ...(multiStep === undefined ? {} : { multiStep }) }, dealerships),
    [form, formSettings, multiStep, dealerships],
  );
  // A car decides the dealership: its slug is sent (the schema's choice), and no select is shown.
  const carDealership = car ? site.dealerships.find((d) => d.id === car.dealership_id)?.slug : undefined;
  const hidden = new Set<string>(carDealership ? ['dealership_slug'] : []);
  const steps = config.steps.length ? config.steps.map((s) => s.filter((f) => !hidden.has(f))) : [visibleFields(config).filter((f) => !hidden.has(f))];
  const [step, setStep] = useState(0);
  const lastStep = step === steps.length - 1;

  const labels: Record<string, string> = {
    name: config.lastNameField ? 'First Name' : 'Name',
    last_name: 'Last Name',
    email: 'Email',
    phone: 'Phone',
    postcode: 'Postcode',
    location: 'Location',
    rego: 'Rego',
    category: 'Enquiry Type',
    dealership_slug: 'Dealership',
    preferred_date: 'Preferred Date',
    preferred_time: 'Preferred Time',
    message: 'Comments',
    opt_in: 'Opt in',
    terms_conditions: 'Terms of use',
    ...extraLabels,
  };

  const resolver = useMemo<Resolver<FieldValues>>(() => {
    const validate = precompiledLeadResolver(config, config.steps.length && step < config.steps.length - 1 ? { step } : {});
    // Empty text counts as not given, so a missing field reads '* This field is required'.
    return (values, context, options) => validate(withoutEmptyValues(values), context, options);
  }, [config, step]);

  const methods = useForm<FieldValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    defaultValues: { ...leadFormDefaults(config), ...(carDealership ? { dealership_slug: carDealership } : {}), ...initialValues },
  });
  const { handleSubmit, formState, setError, getValues, setValue, setFocus } = methods;

  // Stored contact details fill in what is still empty (after hydration: never during render).
  useEffect(() => {
    const stored = readStoredDetails(site.slug);
    if (!stored) return;
    for (const [name, value] of Object.entries(stored)) {
      if (typeof value === 'string' && value && !getValues(name)) setValue(name, value);
    }
  }, [site.slug, getValues, setValue]);

  const firstField = steps[step][0];
  const stepChanged = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the step; on first render only dialogs take focus
  useEffect(() => {
    if (stepChanged.current || autoFocus) setFocus(firstField);
    // Focus follows the step; on first render only dialogs take focus.
  }, [step]);

  // Until hydration the button stays disabled: a click then would send the form natively, without validation.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const idempotencyKey = useRef<string | null>(null);
  const sending = useRef(false);
  const [failure, setFailure] = useState<{ message: string; detail?: string } | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const onValid = async (values: FieldValues) => {
    if (!lastStep) {
      stepChanged.current = true;
      setStep(step + 1);
      return;
    }
    if (sending.current) return; // a second click while the first is on its way
    sending.current = true;
    setFailure(null);
    const key = idempotencyKey.current ?? newIdempotencyKey();
    idempotencyKey.current = key;
    const sent = withoutEmptyValues(prepareValues ? prepareValues(values) : values);
    const visit = currentVisit();
    const outcome = await submitLead(
      {
        form,
        values: sent,
        context: {
          car_id: car?.id,
          url: window.location.href,
          visited_pages: visitedPagesOf(visit),
          linked_query_params: linkedQueryParamsOf(visit),
          completed: true,
        },
      },
      key,
    );
    sending.current = false;
    if (outcome.ok) {
      storeDetails(site.slug, sent);
      if (car) rememberEnquireCar(window.localStorage, site.slug, car);
      trackAction(leadAction(form, car), { label: typeof sent.category === 'string' ? sent.category : config.category });
      // The thank-you page opens at its top (the form may have been far down the page, or in a dialog).
      await navigate(LEAD_SUCCESS_PATH, { state: { leadId: outcome.leadId } });
      window.scrollTo(0, 0);
      return;
    }
    // Same key only when the server may have stored the lead; otherwise the corrected form is a new attempt.
    if (!outcome.retrySameKey) idempotencyKey.current = null;
    for (const [name, message] of Object.entries(outcome.fields ?? {})) {
      if (name in labels) setError(name, { type: 'server', message });
    }
    // The field errors already come under 'Please fix the following errors:'; the server's same words are not repeated.
    const detail = outcome.fields && outcome.detail === LEAD_MESSAGES.fixErrors ? undefined : outcome.detail;
    setFailure({ message: outcome.message, detail });
  };

  const fieldFor = (name: LeadFieldName): ReactNode => {
    switch (name) {
      case 'name':
        return <TextField key={name} name="name" label={labels.name} required autoComplete={config.lastNameField ? 'given-name' : 'name'} />;
      case 'last_name':
        return <TextField key={name} name="last_name" label={labels.last_name} autoComplete="family-name" />;
      case 'email':
        return <TextField key={name} name="email" label={labels.email} type="email" required autoComplete="email" inputMode="email" />;
      case 'phone':
        return <TextField key={name} name="phone" label={labels.phone} type="tel" required autoComplete="tel" inputMode="tel" />;
      case 'postcode':
        return <PostcodeField key={name} required />;
      case 'location':
        return <LocationField key={name} label={labels.location} choices={config.locations} make={car?.make} />;
      case 'rego':
        return <TextField key={name} name="rego" label={labels.rego} hint="Optional" autoComplete="off" maxLength={12} />;
      case 'category':
        return <SelectField key={name} name="category" label={labels.category} required options={config.categories.map((c) => ({ value: c, label: c }))} />;
      case 'dealership_slug':
        return (
          <SelectField
            key={name}
            name="dealership_slug"
            label={labels.dealership_slug}
            required
            placeholder="Choose a dealership"
            options={config.dealerships.map((d) => ({ value: d.slug, label: d.name }))}
          />
        );
      case 'preferred_date':
        return <PreferredDateField key={name} label={labels.preferred_date} />;
      case 'preferred_time':
        return <PreferredTimeField key={name} label={labels.preferred_time} carLocationId={car?.location_id} />;
      case 'message':
        return (
          <div key={name} className="form-wide form-stack">
            {extraFields}
            <TextAreaField name="message" label={labels.message} required={config.commentsRequired} />
          </div>
        );
      case 'opt_in':
        return <CheckboxField key={name} name="opt_in" label={optInLabel} className="form-wide" />;
      case 'terms_conditions':
        return <CheckboxField key={name} name="terms_conditions" label={termsLabel} required className="form-wide" />;
      default:
        return null;
    }
  };

  const stepFields = steps[step];
  // Forms whose message is preset (Request Photos) still show their extra fields.
  const extrasShown = stepFields.includes('message') || !lastStep ? null : extraFields;

  return (
    <FormProvider {...methods}>
      <form className="lead-form" noValidate onSubmit={handleSubmit(onValid)} aria-busy={formState.isSubmitting || undefined}>
        {steps.length > 1 && (
          <ol className="form-steps" aria-label="Form steps">
            {steps.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the steps of a form are fixed and in order; the step is a place
              <li key={i} className={i === step ? 'current' : i < step ? 'done' : undefined} aria-current={i === step ? 'step' : undefined}>
                {STEP_TITLES[i] ?? `Step ${i + 1}`}
              </li>
            ))}
          </ol>
        )}
        {failure && (
          <div className="form-alert" role="alert" tabIndex={-1} ref={alertRef}>
            <p>{failure.message}</p>
            {failure.detail && <p className="form-alert-detail">{failure.detail}</p>}
          </div>
        )}
        <ErrorList
          labels={labels}
          submitCount={formState.submitCount}
          order={[...stepFields.flatMap((f) => (f === 'message' ? [...Object.keys(extraLabels ?? {}), f] : [f]))]}
        />
        <div className="lead-form-grid">
          {stepFields.map(fieldFor)}
          {extrasShown && <div className="form-wide form-stack">{extrasShown}</div>}
        </div>
        {/* Request Photos: the hidden text field carries 'Please send photos for this car' (docs/requirements/vehicle-browsing.md#screens). */}
        {config.presetMessage && <input type="hidden" defaultValue={config.presetMessage} {...methods.register('message')} />}
        <HoneypotField name={HONEYPOT_FIELD} />
        <div className="form-actions">
          {step > 0 && (
            <button
              type="button"
              className="button button-back"
              onClick={() => {
                stepChanged.current = true;
                setStep(step - 1);
              }}
            >
              Back
            </button>
          )}
          <button type="submit" className="button button-primary" disabled={!ready || formState.isSubmitting}>
            {formState.isSubmitting ? (
              <>
                <span className="spinner" aria-hidden="true" />
                Sending...
              </>
            ) : lastStep ? (
              submitLabel
            ) : (
              'Next'
            )}
          </button>
        </div>
        <p className="form-privacy">Fields marked * are required. We use your details only to answer your enquiry.</p>
      </form>
    </FormProvider>
  );
}
