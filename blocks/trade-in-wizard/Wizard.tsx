// The instant offer wizard (docs/requirements/dealer-services.md#screens, #states, #validation, #errors, #constants).
// One react-hook-form holds every step's values; each step
// checks its own fields with the rules of runtime/domain/trade-in (the same the server runs) before it calls the API.
import { useEffect, useReducer, useRef, type FormEvent } from 'react';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import {
  classifyLookup,
  DEFAULT_CONTACT_METHOD,
  defaultRegoState,
  selectionError,
  showBackButton,
  TRADE_IN_MESSAGES as M,
  vehicleDetailsErrors,
  visibleSteps,
} from '../../runtime/domain/trade-in';
import { HONEYPOT_FIELD } from '../../runtime/domain/leads';
import { useSite } from '../../runtime/renderer/site-context';
import { useTrackAction } from '../../runtime/ui/tracking';
import type { LeadFormCar } from '../../runtime/ui/forms/lead-car';
import { postJson, uploadImage } from './api';
import { DetailsStep } from './DetailsStep';
import { NoMatchPanel, OfferOutcomeView } from './panels';
import { ImagesStep, SelectionStep, VehicleStep } from './steps';
import { initialWizard, uploadedCount, wizardReducer } from './wizard-state';
import { resolvedSettings } from '../../runtime/domain/settings';

export interface WizardProps {
  car: LeadFormCar | null;
  contactHref: string | null;
  termsHref: string | null;
  phone: string | null;
}

export function Wizard({ car, contactHref, termsHref, phone }: WizardProps) {
  const site = useSite();
  const trackAction = useTrackAction();
  const settings = resolvedSettings(site.settings).tradeIn;
  const imageUpload = settings.imageUpload;
  const methods = useForm<FieldValues>({
    defaultValues: { rego: '', state: defaultRegoState(site.dealerships), desc: '', [HONEYPOT_FIELD]: '', PreferredContactMethod: DEFAULT_CONTACT_METHOD },
  });
  const { setError, clearErrors, getValues } = methods;
  const [state, dispatch] = useReducer(wizardReducer, undefined, initialWizard);
  const { view, busy, stepError, lookup, evaluation, images, offer } = state;
  const top = useRef<HTMLDivElement>(null);

  // The new step's heading takes focus so keyboard and screen reader users land on it.
  useEffect(() => {
    if (state.forward) requestAnimationFrame(() => top.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus());
  }, [state.forward]);

  const showErrors = (errors: Record<string, string> | null | undefined) => {
    for (const [name, message] of Object.entries(errors ?? {})) setError(name, { type: 'rule', message });
    return !!errors && Object.keys(errors).length > 0;
  };

  async function submitVehicle(e: FormEvent) {
    e.preventDefault();
    clearErrors();
    const { rego, state } = getValues();
    if (showErrors(vehicleDetailsErrors({ rego, state }))) return;
    dispatch({ type: 'busy' });
    trackAction('tradeInStart', { state });
    const r = await postJson<unknown[]>('/api/eval-expert/enter-vin', { rego, state, [HONEYPOT_FIELD]: getValues(HONEYPOT_FIELD) ?? '' });
    if (!r.ok) {
      showErrors(r.fields);
      return dispatch({ type: 'error', error: r.error });
    }
    dispatch({ type: 'looked-up', outcome: classifyLookup(r.data), imageUpload });
  }

  async function submitSelection(e: FormEvent) {
    e.preventDefault();
    clearErrors();
    const desc = getValues('desc');
    const error = selectionError(desc, lookup?.descriptions ?? []);
    if (error) return showErrors({ desc: error });
    dispatch({ type: 'busy' });
    const { rego, state } = getValues();
    const r = await postJson<unknown[]>('/api/eval-expert/manual-entry', { vin: lookup?.vin ?? '', desc, rego, state });
    if (!r.ok) return dispatch({ type: 'error', error: r.error });
    dispatch({ type: 'selected', outcome: classifyLookup(r.data), imageUpload });
  }

  async function submitImages(e: FormEvent) {
    e.preventDefault();
    if (!evaluation?.EvalID) return dispatch({ type: 'error', error: M.submitFailed });
    dispatch({ type: 'uploading' });
    // One image at a time, in order; those already sent are not sent again after a failure.
    for (const image of images) {
      if (image.status === 'done') continue;
      dispatch({ type: 'image-progress', id: image.id, status: 'uploading', progress: 0 });
      const r = await uploadImage(evaluation.EvalID, image.file, (progress) =>
        dispatch({ type: 'image-progress', id: image.id, status: 'uploading', progress }),
      );
      if (!r.ok) return dispatch({ type: 'image-failed', id: image.id, error: `${image.name}: ${r.error}` });
      dispatch({ type: 'image-progress', id: image.id, status: 'done', progress: 1 });
    }
    dispatch({ type: 'images-sent' });
  }

  const steps = visibleSteps(imageUpload);
  const currentIndex = steps.findIndex((s) => s.id === view);
  const errorBox = stepError && (
    <div className="form-alert" role="alert">
      {stepError}
    </div>
  );
  const back = () => dispatch({ type: 'back' });
  const backButton = showBackButton(view) && (
    <button type="button" className="button button-back" onClick={back} disabled={busy}>
      Back
    </button>
  );

  return (
    <FormProvider {...methods}>
      <div className="trade-in-wizard" ref={top} data-view={view}>
        {view !== 'outcome' && view !== 'no-match' && (
          <ol className="form-steps trade-in-progress" aria-label="Progress">
            {steps.map((s, i) => (
              <li
                key={s.id}
                className={i === currentIndex ? 'current' : i < currentIndex ? 'done' : undefined}
                aria-current={i === currentIndex ? 'step' : undefined}
              >
                {s.title}
              </li>
            ))}
          </ol>
        )}
        {view === 'vehicle' && <VehicleStep busy={busy} errorBox={errorBox} onSubmit={submitVehicle} />}
        {view === 'selection' && lookup && (
          <SelectionStep busy={busy} errorBox={errorBox} onSubmit={submitSelection} descriptions={lookup.descriptions} backButton={backButton} />
        )}
        {view === 'images' && (
          <ImagesStep
            busy={busy}
            errorBox={errorBox}
            onSubmit={submitImages}
            backButton={backButton}
            evaluation={evaluation}
            images={images}
            imageAlert={state.imageAlert}
            onChoose={(files) => dispatch({ type: 'images-chosen', files })}
            onRemove={(id) => dispatch({ type: 'image-removed', id })}
          />
        )}
        {view === 'details' && evaluation && (
          <DetailsStep
            evaluation={evaluation}
            car={car}
            termsHref={termsHref}
            errorBox={errorBox}
            backButton={backButton}
            imageCount={uploadedCount(state)}
            onError={(error) => dispatch({ type: 'error', error })}
            onDone={(offer) => dispatch({ type: 'offered', offer })}
          />
        )}
        {view === 'no-match' && <NoMatchPanel phone={phone} contactHref={contactHref} onBack={back} />}
        {view === 'outcome' && offer && <OfferOutcomeView offer={offer} phone={phone} />}
      </div>
    </FormProvider>
  );
}
