// The service booking wizard (docs/requirements/dealer-services.md#screens, #validation, #errors): steps per variant, each checked before moving on by the same
// rules the server runs (runtime/domain/service); the last step files a Service Enquiry lead and goes to /success.
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { FormProvider, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { HONEYPOT_FIELD, LEAD_SUCCESS_PATH, leadAction, newIdempotencyKey } from '../../runtime/domain/leads';
import { serviceFormConfig, serviceFormDefaults, validateServiceStep, type ServiceSite } from '../../runtime/domain/service';
import { resolvedSettings } from '../../runtime/domain/settings';
import { useSite } from '../../runtime/renderer/site-context';
import { readStoredDetails, storeDetails } from '../../runtime/ui/forms/browser-storage';
import { ErrorList } from '../../runtime/ui/forms/ErrorList';
import { HoneypotField } from '../../runtime/ui/forms/fields';
import { FormStepList, StepActions } from '../../runtime/ui/forms/step-parts';
import { initialSteppedForm, isLastStep, keyToSend, stepOfFields, steppedFormReducer } from '../../runtime/ui/forms/stepped-form';
import { submitLead, withoutEmptyValues } from '../../runtime/ui/forms/submit-lead';
import { currentVisit, linkedQueryParamsOf, visitedPagesOf } from '../../runtime/ui/forms/visited-pages';
import { useTrackAction } from '../../runtime/ui/tracking';
import { LABELS, ServiceFieldView } from './service-fields';
import '../../runtime/ui/forms/forms.css';

export function ServiceWizard({ submitLabel, optInLabel }: { submitLabel: string; optInLabel: string }) {
  const site = useSite();
  const trackAction = useTrackAction();
  const navigate = useNavigate();
  const config = useMemo(
    () => serviceFormConfig(resolvedSettings(site.settings).service, site as unknown as ServiceSite, resolvedSettings(site.settings).locations.dropdown),
    [site],
  );
  const [state, dispatch] = useReducer(steppedFormReducer, config.steps.length, initialSteppedForm);
  const { step, stepMessage, failure } = state;
  const lastStep = isLastStep(state);
  // The resolver is made once; it reads the step shown when it runs.
  const stepRef = useRef(step);
  stepRef.current = step;

  const resolver = useMemo<Resolver<FieldValues>>(
    () => (values) => {
      const errors = validateServiceStep(config, stepRef.current, withoutEmptyValues(values), Date.now());
      dispatch({ type: 'checked', stepMessage: errors?.step ?? null });
      if (!errors) return { values, errors: {} };
      return { values: {}, errors: Object.fromEntries(Object.entries(errors.fields).map(([name, message]) => [name, { type: 'validate', message }])) };
    },
    [config],
  );
  const methods = useForm<FieldValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    defaultValues: { ...serviceFormDefaults(config), [HONEYPOT_FIELD]: '' },
  });
  const { handleSubmit, formState, setError, getValues, setValue, setFocus } = methods;

  useEffect(() => {
    const stored = readStoredDetails(site.slug);
    if (!stored) return;
    for (const [name, value] of Object.entries(stored)) if (typeof value === 'string' && value && !getValues(name)) setValue(name, value);
  }, [site.slug, getValues, setValue]);

  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  // As in LeadForm: a step past the end (the editor gave the form fewer steps) shows the last one.
  const stepConfig = config.steps[Math.min(step, config.steps.length - 1)];
  const fields = stepConfig?.fields ?? [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the step, not the fields list or setFocus identities
  useEffect(() => {
    if (state.moved && fields[0]) setFocus(fields[0]);
    // Focus follows the step (not on first render).
  }, [step]);
  const messageRef = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each submit moves focus to the message again, even when its text is the same as before
  useEffect(() => {
    if (stepMessage || failure) messageRef.current?.focus();
  }, [stepMessage, failure, formState.submitCount]);

  // A second click while the first send is on its way: a ref, as both clicks may come before a render.
  const sending = useRef(false);
  const onValid = async (values: FieldValues) => {
    if (!lastStep) return dispatch({ type: 'next' });
    if (sending.current) return;
    sending.current = true;
    const key = keyToSend(state, newIdempotencyKey());
    dispatch({ type: 'send', freshKey: key });
    const sent = withoutEmptyValues(values);
    const visit = currentVisit();
    const outcome = await submitLead(
      {
        form: 'service',
        values: sent,
        context: { url: window.location.href, visited_pages: visitedPagesOf(visit), linked_query_params: linkedQueryParamsOf(visit), completed: true },
      },
      key,
    );
    sending.current = false;
    if (outcome.ok) {
      dispatch({ type: 'sent' });
      storeDetails(site.slug, sent);
      trackAction(leadAction('service'), { label: config.category });
      await navigate(LEAD_SUCCESS_PATH, { state: { leadId: outcome.leadId } });
      window.scrollTo(0, 0);
      return;
    }
    const fieldErrors = Object.entries(outcome.fields ?? {}).filter(([name]) => name in LABELS);
    // A field of an earlier step refused by the server: go back to the step that holds it.
    const toStep = stepOfFields(
      config.steps.map((s) => s.fields),
      fieldErrors.map(([name]) => name),
    );
    dispatch({
      type: 'failed',
      failure: { message: outcome.message, detail: outcome.fields ? undefined : outcome.detail },
      retrySameKey: outcome.retrySameKey,
      toStep,
    });
    for (const [name, message] of fieldErrors) setError(name, { type: 'server', message });
  };

  return (
    <FormProvider {...methods}>
      <form className="lead-form service-wizard" noValidate onSubmit={handleSubmit(onValid)} aria-busy={formState.isSubmitting || undefined}>
        <FormStepList titles={config.steps.map((s) => s.title)} current={step} />
        <h3 className="service-step-title">{stepConfig?.title}</h3>
        {(stepMessage || failure) && (
          <div className="form-alert service-step-message" role="alert" tabIndex={-1} ref={messageRef}>
            {stepMessage && <p>{stepMessage}</p>}
            {failure && <p>{failure.message}</p>}
            {failure?.detail && <p className="form-alert-detail">{failure.detail}</p>}
          </div>
        )}
        <ErrorList labels={LABELS} submitCount={formState.submitCount} order={fields} />
        <div className="lead-form-grid">
          {fields.map((name) => (
            <ServiceFieldView key={name} name={name} config={config} optInLabel={optInLabel} />
          ))}
        </div>
        <HoneypotField name={HONEYPOT_FIELD} />
        <StepActions
          onBack={step > 0 ? () => dispatch({ type: 'back' }) : undefined}
          lastStep={lastStep}
          submitLabel={submitLabel}
          ready={ready}
          submitting={formState.isSubmitting}
        />
        <p className="form-privacy">Fields marked * are required. We use your details only to book your service.</p>
      </form>
    </FormProvider>
  );
}
