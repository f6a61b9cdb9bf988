// One lead form for every lead block and dialog (docs/requirements/dealer-services.md#screens to #errors): the fields come from leadFormConfig (the site's
// settings.leads.forms), validation from leadFormSchema through react-hook-form, with the build's precompiled Ajv code
// (no schema compiled in the browser; the server checks the same schema), and a submission goes to POST /api/leads
// with an idempotency key.
import { useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
// Imported file by file, not from the domain/leads index: that also holds the server's Ajv compiler (validate.ts),
// which shoppers' browsers never need.
import { leadAction } from '../../domain/leads/events';
import { dealershipFilterOf, shownDealerships } from '../../domain/locations/shown-dealerships';
import { HONEYPOT_FIELD, leadFormConfig, leadFormDefaults, visibleFields, type LeadFormKind } from '../../domain/leads/form-config';
import { LEAD_MESSAGES } from '../../domain/leads/messages';
import { LEAD_SUCCESS_PATH, newIdempotencyKey } from '../../domain/leads/submission';
import { useSite } from '../../renderer/site-context';
import { readStoredDetails, storeDetails } from './browser-storage';
import { rememberEnquireCar } from '../site-storage';
import { ErrorList } from './ErrorList';
import { precompiledLeadResolver } from './precompiled-resolver';
import { HoneypotField } from './fields';
import type { LeadFormCar } from './lead-car';
import { LeadFormStep, leadFormLabels } from './LeadFormStep';
import { FormStepList, StepActions } from './step-parts';
import { initialSteppedForm, isLastStep, keyToSend, steppedFormReducer } from './stepped-form';
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
  const dealerships = useMemo(
    () => shownDealerships(site.dealerships, dealershipFilterOf(site.settings)).map((d) => ({ slug: d.slug, name: d.name })),
    [site.dealerships, site.settings],
  );
  const config = useMemo(
    () => leadFormConfig(form, { ...formSettings, ...(multiStep === undefined ? {} : { multiStep }) }, dealerships),
    [form, formSettings, multiStep, dealerships],
  );
  // A car decides the dealership: its slug is sent (the schema's choice), and no select is shown.
  const carDealership = car ? site.dealerships.find((d) => d.id === car.dealership_id)?.slug : undefined;
  const hidden = new Set<string>(carDealership ? ['dealership_slug'] : []);
  const steps = config.steps.length ? config.steps.map((s) => s.filter((f) => !hidden.has(f))) : [visibleFields(config).filter((f) => !hidden.has(f))];
  const [state, dispatch] = useReducer(steppedFormReducer, steps.length, initialSteppedForm);
  const { step, failure } = state;
  const lastStep = isLastStep(state);
  const labels = leadFormLabels(config, extraLabels);

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

  // The editor may give a shown form fewer steps: a step past the end shows the last one.
  const stepFields = steps[Math.min(step, steps.length - 1)] ?? [];
  const firstField = stepFields[0];
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the step; on first render only dialogs take focus
  useEffect(() => {
    if ((state.moved || autoFocus) && firstField) setFocus(firstField);
    // Focus follows the step; on first render only dialogs take focus.
  }, [step]);

  // Until hydration the button stays disabled: a click then would send the form natively, without validation.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  // A second click while the first send is on its way: a ref, as both clicks may come before a render.
  const sending = useRef(false);
  const alertRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const onValid = async (values: FieldValues) => {
    if (!lastStep) return dispatch({ type: 'next' });
    if (sending.current) return;
    sending.current = true;
    const key = keyToSend(state, newIdempotencyKey());
    dispatch({ type: 'send', freshKey: key });
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
      dispatch({ type: 'sent' });
      storeDetails(site.slug, sent);
      if (car) rememberEnquireCar(window.localStorage, site.slug, car);
      trackAction(leadAction(form, car), { label: typeof sent.category === 'string' ? sent.category : config.category });
      // The thank-you page opens at its top (the form may have been far down the page, or in a dialog).
      await navigate(LEAD_SUCCESS_PATH, { state: { leadId: outcome.leadId } });
      window.scrollTo(0, 0);
      return;
    }
    for (const [name, message] of Object.entries(outcome.fields ?? {})) {
      if (name in labels) setError(name, { type: 'server', message });
    }
    // The field errors already come under 'Please fix the following errors:'; the server's same words are not repeated.
    const detail = outcome.fields && outcome.detail === LEAD_MESSAGES.fixErrors ? undefined : outcome.detail;
    // Same key only when the server may have stored the lead; otherwise the corrected form is a new attempt.
    dispatch({ type: 'failed', failure: { message: outcome.message, detail }, retrySameKey: outcome.retrySameKey });
  };

  // Forms whose message is preset (Request Photos) still show their extra fields.
  const extrasShown = stepFields.includes('message') || !lastStep ? null : extraFields;

  return (
    <FormProvider {...methods}>
      <form className="lead-form" noValidate onSubmit={handleSubmit(onValid)} aria-busy={formState.isSubmitting || undefined}>
        <FormStepList titles={steps.map((_, i) => STEP_TITLES[i] ?? `Step ${i + 1}`)} current={step} />
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
        <LeadFormStep
          fields={stepFields}
          config={config}
          labels={labels}
          car={car}
          extraFields={extraFields}
          trailingExtras={extrasShown}
          optInLabel={optInLabel}
          termsLabel={termsLabel}
        />
        {/* Request Photos: the hidden text field carries 'Please send photos for this car' (docs/requirements/vehicle-browsing.md#screens). */}
        {config.presetMessage && <input type="hidden" defaultValue={config.presetMessage} {...methods.register('message')} />}
        <HoneypotField name={HONEYPOT_FIELD} />
        <StepActions
          onBack={step > 0 ? () => dispatch({ type: 'back' }) : undefined}
          lastStep={lastStep}
          submitLabel={submitLabel}
          ready={ready}
          submitting={formState.isSubmitting}
        />
        <p className="form-privacy">Fields marked * are required. We use your details only to answer your enquiry.</p>
      </form>
    </FormProvider>
  );
}
