// The instant offer wizard (docs/requirements/dealer-services.md#screens, #states, #validation, #errors, #constants).
// One react-hook-form holds every step's values; each step
// checks its own fields with the rules of runtime/domain/trade-in (the same the server runs) before it calls the API.
import { useRef, useState, type FormEvent } from 'react';
import { FormProvider, useForm, type FieldValues } from 'react-hook-form';
import {
  addImages,
  classifyLookup,
  DEFAULT_CONTACT_METHOD,
  defaultRegoState,
  IMAGE_ACCEPT,
  MAX_IMAGES,
  previousView,
  REGO_MAX_LENGTH,
  REGO_STATES,
  selectionError,
  showBackButton,
  stepAfterEvaluation,
  TRADE_IN_MESSAGES as M,
  vehicleDetailsErrors,
  viewAfterLookup,
  visibleSteps,
  type VehicleResult,
  type WizardView,
} from '../../runtime/domain/trade-in';
import { HONEYPOT_FIELD } from '../../runtime/domain/leads';
import { useSite } from '../../runtime/renderer/site-context';
import { useTrackAction } from '../../runtime/ui/tracking';
import { FieldShell, HoneypotField, SelectField, TextField } from '../../runtime/ui/forms/fields';
import type { LeadFormCar } from '../../runtime/ui/forms/lead-car';
import { postJson, uploadImage } from './api';
import { DetailsStep, type OfferResult } from './DetailsStep';
import { NoMatchPanel, OfferOutcomeView } from './panels';
import { VehicleLine } from './VehicleLine';
import { resolvedSettings } from '../../runtime/domain/settings';

export interface WizardProps {
  car: LeadFormCar | null;
  contactHref: string | null;
  termsHref: string | null;
  phone: string | null;
}

interface ChosenImage {
  /** Tells apart two photos of one name; a photo removed from the middle must not pass its row to the next. */
  id: number;
  file: File;
  name: string;
  size: number;
  status: 'waiting' | 'uploading' | 'done';
  progress: number;
}

const STATE_LABELS: Record<string, string> = { qld: 'QLD', nsw: 'NSW', vic: 'VIC', sa: 'SA', wa: 'WA', tas: 'TAS', act: 'ACT', nt: 'NT' };

export function Wizard({ car, contactHref, termsHref, phone }: WizardProps) {
  const site = useSite();
  const trackAction = useTrackAction();
  const settings = resolvedSettings(site.settings).tradeIn;
  const imageUpload = settings.imageUpload;
  const methods = useForm<FieldValues>({
    defaultValues: { rego: '', state: defaultRegoState(site.dealerships), desc: '', [HONEYPOT_FIELD]: '', PreferredContactMethod: DEFAULT_CONTACT_METHOD },
  });
  const { setError, clearErrors, getValues } = methods;
  const [view, setView] = useState<WizardView>('vehicle');
  const [history, setHistory] = useState<WizardView[]>(['vehicle']);
  const [busy, setBusy] = useState(false);
  const [stepError, setStepError] = useState<string | null>(null);
  const [lookup, setLookup] = useState<{ vin: string; descriptions: string[] } | null>(null);
  const [evaluation, setEvaluation] = useState<VehicleResult | null>(null);
  const [images, setImages] = useState<ChosenImage[]>([]);
  const nextImageId = useRef(0);
  const [imageAlert, setImageAlert] = useState<string | null>(null);
  const [offer, setOffer] = useState<OfferResult | null>(null);
  const top = useRef<HTMLDivElement>(null);

  const go = (next: WizardView) => {
    setStepError(null);
    setView(next);
    setHistory((h) => [...h, next]);
    // The new step's heading takes focus so keyboard and screen reader users land on it.
    requestAnimationFrame(() => top.current?.querySelector<HTMLElement>('[data-step-heading]')?.focus());
  };
  const back = () => {
    const prev = previousView(history);
    setStepError(null);
    setView(prev.view);
    setHistory(prev.history);
  };

  const showErrors = (errors: Record<string, string> | null | undefined) => {
    for (const [name, message] of Object.entries(errors ?? {})) setError(name, { type: 'rule', message });
    return !!errors && Object.keys(errors).length > 0;
  };

  async function submitVehicle(e: FormEvent) {
    e.preventDefault();
    clearErrors();
    const { rego, state } = getValues();
    if (showErrors(vehicleDetailsErrors({ rego, state }))) return;
    setBusy(true);
    trackAction('tradeInStart', { state });
    const r = await postJson<unknown[]>('/api/eval-expert/enter-vin', { rego, state, [HONEYPOT_FIELD]: getValues(HONEYPOT_FIELD) ?? '' });
    setBusy(false);
    if (!r.ok) {
      showErrors(r.fields);
      return setStepError(r.error);
    }
    const outcome = classifyLookup(r.data);
    if (outcome.kind === 'descriptions') setLookup({ vin: outcome.vin, descriptions: outcome.descriptions });
    if (outcome.kind === 'evaluation') setEvaluation(outcome.vehicle);
    go(viewAfterLookup(outcome, imageUpload));
  }

  async function submitSelection(e: FormEvent) {
    e.preventDefault();
    clearErrors();
    const desc = getValues('desc');
    const error = selectionError(desc, lookup?.descriptions ?? []);
    if (error) return showErrors({ desc: error });
    setBusy(true);
    const { rego, state } = getValues();
    const r = await postJson<unknown[]>('/api/eval-expert/manual-entry', { vin: lookup?.vin ?? '', desc, rego, state });
    setBusy(false);
    if (!r.ok) return setStepError(r.error);
    const outcome = classifyLookup(r.data);
    if (outcome.kind !== 'evaluation') return setStepError(M.submitFailed);
    setEvaluation(outcome.vehicle);
    go(stepAfterEvaluation(imageUpload));
  }

  function chooseImages(files: FileList | null) {
    if (!files?.length) return;
    const added = Array.from(files).map(
      (file): ChosenImage => ({ id: nextImageId.current++, file, name: file.name, size: file.size, status: 'waiting', progress: 0 }),
    );
    const result = addImages(images, added);
    setImages(result.images);
    setImageAlert(result.alert);
  }

  async function submitImages(e: FormEvent) {
    e.preventDefault();
    if (!evaluation?.EvalID) return setStepError(M.submitFailed);
    setBusy(true);
    setStepError(null);
    // One image at a time, in order; those already sent are not sent again after a failure.
    for (let i = 0; i < images.length; i++) {
      if (images[i].status === 'done') continue;
      const update = (patch: Partial<ChosenImage>) => setImages((list) => list.map((img, j) => (j === i ? { ...img, ...patch } : img)));
      update({ status: 'uploading', progress: 0 });
      const r = await uploadImage(evaluation.EvalID, images[i].file, (progress) => update({ progress }));
      if (!r.ok) {
        update({ status: 'waiting', progress: 0 });
        setBusy(false);
        return setStepError(`${images[i].name}: ${r.error}`);
      }
      update({ status: 'done', progress: 1 });
    }
    setBusy(false);
    go('details');
  }

  const steps = visibleSteps(imageUpload);
  const currentIndex = steps.findIndex((s) => s.id === view);
  const errorBox = stepError && (
    <div className="form-alert" role="alert">
      {stepError}
    </div>
  );
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

        {view === 'vehicle' && (
          <form className="lead-form" noValidate onSubmit={submitVehicle} aria-busy={busy || undefined}>
            <h3 data-step-heading tabIndex={-1}>
              Vehicle Details
            </h3>
            {errorBox}
            <div className="lead-form-grid">
              <TextField name="rego" label="Registration number" required autoComplete="off" maxLength={REGO_MAX_LENGTH + 2} />
              <SelectField name="state" label="State" required options={REGO_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }))} />
            </div>
            <HoneypotField name={HONEYPOT_FIELD} />
            <div className="form-actions">
              <button type="submit" className="button button-primary" disabled={busy}>
                {busy ? (
                  <>
                    <span className="spinner" aria-hidden="true" />
                    Searching...
                  </>
                ) : (
                  'Find My Car'
                )}
              </button>
            </div>
          </form>
        )}

        {view === 'selection' && lookup && (
          <form className="lead-form" noValidate onSubmit={submitSelection} aria-busy={busy || undefined}>
            <h3 data-step-heading tabIndex={-1}>
              Vehicle Selection
            </h3>
            <p>We found more than one match for {getValues('rego').toUpperCase()}. Choose your car:</p>
            {errorBox}
            <FieldShell name="desc" label="Your car" required>
              {({ describedBy, invalid }) => (
                <div role="radiogroup" aria-describedby={describedBy} aria-invalid={invalid || undefined} className="trade-in-choices">
                  {lookup.descriptions.map((d) => (
                    <label key={d} className="trade-in-choice">
                      <input type="radio" value={d} {...methods.register('desc')} /> {d}
                    </label>
                  ))}
                </div>
              )}
            </FieldShell>
            <div className="form-actions">
              {backButton}
              <button type="submit" className="button button-primary" disabled={busy}>
                {busy ? (
                  <>
                    <span className="spinner" aria-hidden="true" />
                    Loading...
                  </>
                ) : (
                  'Next'
                )}
              </button>
            </div>
          </form>
        )}

        {view === 'images' && (
          <form className="lead-form" noValidate onSubmit={submitImages} aria-busy={busy || undefined}>
            <h3 data-step-heading tabIndex={-1}>
              Upload Images
            </h3>
            <VehicleLine vehicle={evaluation} />
            <p>Optional: add up to {MAX_IMAGES} photos of your car (JPEG, JPG, PNG, GIF or HEIC, each under 10MB).</p>
            {errorBox}
            {imageAlert && (
              <div className="form-alert" role="alert" data-testid="image-alert">
                {imageAlert}
              </div>
            )}
            <label className="button button-outline trade-in-file">
              Choose photos
              <input
                type="file"
                multiple
                accept={IMAGE_ACCEPT}
                disabled={busy}
                onChange={(e) => {
                  chooseImages(e.target.files);
                  e.target.value = '';
                }}
              />
            </label>
            {images.length > 0 && (
              <ul className="trade-in-images" aria-label="Chosen photos">
                {images.map((img, i) => (
                  <li key={img.id}>
                    <span className="trade-in-image-name">{img.name}</span>
                    <progress max={1} value={img.progress} aria-label={`Upload of ${img.name}`} />
                    <span className="trade-in-image-status">
                      {img.status === 'done' ? 'Uploaded' : img.status === 'uploading' ? `${Math.round(img.progress * 100)}%` : ''}
                    </span>
                    {img.status === 'waiting' && !busy && (
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => setImages((list) => list.filter((_, j) => j !== i))}
                        aria-label={`Remove ${img.name}`}
                      >
                        Remove
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            <div className="form-actions">
              {backButton}
              <button type="submit" className="button button-primary" disabled={busy}>
                {busy ? (
                  <>
                    <span className="spinner" aria-hidden="true" />
                    Uploading...
                  </>
                ) : images.some((i) => i.status !== 'done') ? (
                  'Upload and Continue'
                ) : (
                  'Next'
                )}
              </button>
            </div>
          </form>
        )}

        {view === 'details' && evaluation && (
          <DetailsStep
            evaluation={evaluation}
            car={car}
            termsHref={termsHref}
            errorBox={errorBox}
            backButton={backButton}
            imageCount={images.filter((i) => i.status === 'done').length}
            onError={setStepError}
            onDone={(result) => {
              setOffer(result);
              go('outcome');
            }}
          />
        )}

        {view === 'no-match' && <NoMatchPanel phone={phone} contactHref={contactHref} onBack={back} />}
        {view === 'outcome' && offer && <OfferOutcomeView offer={offer} phone={phone} />}
      </div>
    </FormProvider>
  );
}
