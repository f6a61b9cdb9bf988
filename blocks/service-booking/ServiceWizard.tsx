// The service booking wizard (docs/requirements/dealer-services.md#screens, #validation, #errors): steps per variant, each checked before moving on by the same
// rules the server runs (runtime/domain/service); the last step files a Service Enquiry lead and goes to /success.
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useFormContext, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { autoSelectedLocation } from '../../runtime/domain/locations';
import { HONEYPOT_FIELD, LEAD_SUCCESS_PATH, leadAction, newIdempotencyKey } from '../../runtime/domain/leads';
import {
  AU_STATES,
  chosenLocation,
  locationsForDealership,
  notableDisclaimerFor,
  openServiceDates,
  serviceDateLabel,
  serviceFormConfig,
  serviceFormDefaults,
  serviceSettings,
  validateServiceStep,
  type ServiceField,
  type ServiceFormConfig,
  type ServiceSite,
} from '../../runtime/domain/service';
import { useSite } from '../../runtime/renderer/site-context';
import { readStoredDetails, storeDetails } from '../../runtime/ui/forms/browser-storage';
import { ErrorList } from '../../runtime/ui/forms/ErrorList';
import { CheckboxField, FieldShell, HoneypotField, PostcodeField, SelectField, TextAreaField, TextField } from '../../runtime/ui/forms/fields';
import { submitLead, withoutEmptyValues } from '../../runtime/ui/forms/submit-lead';
import { currentVisit, linkedQueryParamsOf, visitedPagesOf } from '../../runtime/ui/forms/visited-pages';
import { useTrackAction } from '../../runtime/ui/tracking';
import '../../runtime/ui/forms/forms.css';

const LABELS: Record<ServiceField, string> = {
  name: 'First Name',
  last_name: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  street: 'Street',
  suburb: 'Suburb',
  state: 'State',
  postcode: 'Postcode',
  vehicle_make: 'Vehicle Make',
  vehicle_model: 'Vehicle Model',
  vehicle_year: 'Vehicle Year',
  rego: 'Vehicle Rego',
  vehicle_state: 'Vehicle State',
  service_interval: 'Service Interval',
  service_type: 'Service Type',
  repair_issue: 'Repair Issue',
  dealership_slug: 'Dealership',
  location_id: 'Location',
  preferred_date: 'Preferred Service Date',
  message: 'Comments',
  opt_in: 'Opt in',
};

const stateOptions = AU_STATES.map((s) => ({ value: s, label: s }));

function LocationSelect({ config, required }: { config: ServiceFormConfig; required: boolean }) {
  const { register, setValue, getValues } = useFormContext<FieldValues>();
  const dealership = useWatch({ name: 'dealership_slug' });
  const locationId = useWatch({ name: 'location_id' });
  const options = useMemo(() => locationsForDealership(config, dealership), [config, dealership]);
  // docs/requirements/dealer-services.md#states: a single option is selected automatically, once.
  const autoSelected = useRef(false);
  useEffect(() => {
    const current = getValues('location_id');
    if (current && !options.some((l) => String(l.id) === String(current))) setValue('location_id', '');
    const only = autoSelectedLocation(options, autoSelected.current || Boolean(getValues('location_id')));
    if (!only) return;
    autoSelected.current = true;
    setValue('location_id', String(only.id));
  }, [options, getValues, setValue]);
  const disclaimer = notableDisclaimerFor(config, locationId);
  const field = register('location_id', {
    onChange: (e: { target: { value: string } }) => {
      // A location belongs to one dealership: choosing it chooses that dealership too.
      const chosen = chosenLocation(config, e.target.value);
      if (chosen?.dealership_slug && config.dealershipSelect) setValue('dealership_slug', chosen.dealership_slug);
      setValue('preferred_date', '');
    },
  });
  return (
    <>
      <FieldShell name="location_id" label={LABELS.location_id} required={required}>
        {({ id, describedBy, invalid }) => (
          <select
            id={id}
            className="form-input form-select"
            defaultValue={locationId ?? ''}
            aria-required={required || undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            {...field}
          >
            <option value="">Choose a location</option>
            {options.map((l) => (
              <option key={l.id} value={String(l.id)}>
                {l.name}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      {disclaimer && (
        <p className="service-disclaimer form-wide" role="note">
          {disclaimer}
        </p>
      )}
    </>
  );
}

/** Only days the chosen location is open, from today in its time zone (docs/requirements/dealer-services.md#screens; issue 13). */
function PreferredDateSelect({ config, required }: { config: ServiceFormConfig; required: boolean }) {
  const { register } = useFormContext<FieldValues>();
  const locationId = useWatch({ name: 'location_id' });
  const location = chosenLocation(config, locationId);
  const dates = useMemo(() => (location ? openServiceDates(location, Date.now(), config.bookingWindowDays) : []), [location, config.bookingWindowDays]);
  return (
    <FieldShell
      name="preferred_date"
      label={LABELS.preferred_date}
      required={required}
      hint={location ? undefined : 'Choose a location to see the days it is open.'}
    >
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className="form-input form-select"
          disabled={!location}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...register('preferred_date')}
        >
          <option value="">{location ? 'Choose a date' : 'Choose a location first'}</option>
          {dates.map((d) => (
            <option key={d} value={d}>
              {serviceDateLabel(d)}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

export function ServiceWizard({ submitLabel, optInLabel }: { submitLabel: string; optInLabel: string }) {
  const site = useSite();
  const trackAction = useTrackAction();
  const navigate = useNavigate();
  const config = useMemo(
    () => serviceFormConfig(serviceSettings(site.settings.service), site as unknown as ServiceSite, site.settings.locations?.dropdown),
    [site],
  );
  const [step, setStep] = useState(0);
  const [stepMessage, setStepMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<{ message: string; detail?: string } | null>(null);
  const lastStep = step === config.steps.length - 1;
  const stepRef = useRef(step);
  stepRef.current = step;

  const resolver = useMemo<Resolver<FieldValues>>(
    () => (values) => {
      const errors = validateServiceStep(config, stepRef.current, withoutEmptyValues(values), Date.now());
      setStepMessage(errors?.step ?? null);
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
  const moved = useRef(false);
  const fields = config.steps[step].fields;
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the step, not the fields list or setFocus identities
  useEffect(() => {
    if (moved.current) setFocus(fields[0]);
    // Focus follows the step (not on first render).
  }, [step]);
  const messageRef = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each submit moves focus to the message again, even when its text is the same as before
  useEffect(() => {
    if (stepMessage || failure) messageRef.current?.focus();
  }, [stepMessage, failure, formState.submitCount]);

  const idempotencyKey = useRef<string | null>(null);
  const sending = useRef(false);
  const onValid = async (values: FieldValues) => {
    if (!lastStep) {
      moved.current = true;
      setStep(step + 1);
      return;
    }
    if (sending.current) return;
    sending.current = true;
    setFailure(null);
    const key = idempotencyKey.current ?? newIdempotencyKey();
    idempotencyKey.current = key;
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
      storeDetails(site.slug, sent);
      trackAction(leadAction('service'), { label: config.category });
      await navigate(LEAD_SUCCESS_PATH, { state: { leadId: outcome.leadId } });
      window.scrollTo(0, 0);
      return;
    }
    if (!outcome.retrySameKey) idempotencyKey.current = null;
    // A field of an earlier step refused by the server: go back to the step that holds it.
    const fieldErrors = Object.entries(outcome.fields ?? {}).filter(([name]) => name in LABELS);
    const stepWithError = config.steps.findIndex((s) => s.fields.some((f) => fieldErrors.some(([name]) => name === f)));
    if (stepWithError >= 0 && stepWithError !== step) setStep(stepWithError);
    for (const [name, message] of fieldErrors) setError(name, { type: 'server', message });
    setFailure({ message: outcome.message, detail: outcome.fields ? undefined : outcome.detail });
  };

  const required = (f: ServiceField) => config.required.includes(f);
  const fieldFor = (name: ServiceField) => {
    const label = LABELS[name];
    switch (name) {
      case 'email':
        return <TextField key={name} name={name} label={label} type="email" required autoComplete="email" inputMode="email" />;
      case 'phone':
        return <TextField key={name} name={name} label={label} type="tel" required autoComplete="tel" inputMode="tel" />;
      case 'name':
        return <TextField key={name} name={name} label={label} required autoComplete="given-name" />;
      case 'last_name':
        return <TextField key={name} name={name} label={label} autoComplete="family-name" hint="Optional" />;
      case 'street':
        return <TextField key={name} name={name} label={label} autoComplete="address-line1" hint="Optional" />;
      case 'suburb':
        return <TextField key={name} name={name} label={label} autoComplete="address-level2" hint="Optional" />;
      case 'state':
        return <SelectField key={name} name={name} label={label} placeholder="Optional" options={stateOptions} />;
      case 'postcode':
        return <PostcodeField key={name} />;
      case 'vehicle_year':
        return <TextField key={name} name={name} label={label} required={required(name)} inputMode="numeric" maxLength={4} placeholder="e.g. 2019" />;
      case 'rego':
        return (
          <TextField
            key={name}
            name={name}
            label={label}
            required={required(name)}
            autoComplete="off"
            maxLength={12}
            hint={required(name) ? undefined : 'Optional'}
          />
        );
      case 'vehicle_state':
        return <SelectField key={name} name={name} label={label} options={stateOptions} />;
      case 'service_interval':
        return config.serviceIntervals.length ? (
          <SelectField
            key={name}
            name={name}
            label={label}
            required={required(name)}
            placeholder={required(name) ? 'Choose an interval' : 'Optional'}
            options={config.serviceIntervals.map((v) => ({ value: v, label: v }))}
          />
        ) : (
          <TextField key={name} name={name} label={label} required={required(name)} placeholder="e.g. 45,000 km or 36 months" />
        );
      case 'service_type':
        return (
          <SelectField
            key={name}
            name={name}
            label={label}
            required
            placeholder="Choose a service"
            options={config.serviceTypes.map((v) => ({ value: v, label: v }))}
          />
        );
      case 'repair_issue':
        return <TextAreaField key={name} name={name} label="Any repair issue? (optional)" rows={3} className="form-wide" />;
      case 'dealership_slug':
        return (
          <SelectField
            key={name}
            name={name}
            label={label}
            required
            placeholder="Choose a dealership"
            options={config.dealerships.map((d) => ({ value: d.slug, label: d.name }))}
          />
        );
      case 'location_id':
        return config.locations.length ? <LocationSelect key={name} config={config} required={required(name)} /> : null;
      case 'preferred_date':
        return <PreferredDateSelect key={name} config={config} required={required(name)} />;
      case 'message':
        return <TextAreaField key={name} name={name} label={`${label} (optional)`} className="form-wide" />;
      case 'opt_in':
        return <CheckboxField key={name} name={name} label={optInLabel} className="form-wide" />;
      default:
        return <TextField key={name} name={name} label={label} required={required(name)} />;
    }
  };

  return (
    <FormProvider {...methods}>
      <form className="lead-form service-wizard" noValidate onSubmit={handleSubmit(onValid)} aria-busy={formState.isSubmitting || undefined}>
        {config.steps.length > 1 && (
          <ol className="form-steps" aria-label="Form steps">
            {config.steps.map((s, i) => (
              <li key={s.id} className={i === step ? 'current' : i < step ? 'done' : undefined} aria-current={i === step ? 'step' : undefined}>
                {s.title}
              </li>
            ))}
          </ol>
        )}
        <h3 className="service-step-title">{config.steps[step].title}</h3>
        {(stepMessage || failure) && (
          <div className="form-alert service-step-message" role="alert" tabIndex={-1} ref={messageRef}>
            {stepMessage && <p>{stepMessage}</p>}
            {failure && <p>{failure.message}</p>}
            {failure?.detail && <p className="form-alert-detail">{failure.detail}</p>}
          </div>
        )}
        <ErrorList labels={LABELS} submitCount={formState.submitCount} order={fields} />
        <div className="lead-form-grid">{fields.map(fieldFor)}</div>
        <HoneypotField name={HONEYPOT_FIELD} />
        <div className="form-actions">
          {step > 0 && (
            <button
              type="button"
              className="button button-back"
              onClick={() => {
                moved.current = true;
                setStepMessage(null);
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
        <p className="form-privacy">Fields marked * are required. We use your details only to book your service.</p>
      </form>
    </FormProvider>
  );
}
