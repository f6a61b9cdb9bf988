// The wizard's first steps, one component each: Vehicle Details, Vehicle Selection and Upload Images. They draw the
// step and report the shopper's moves; the container calls the API. (Your Details is DetailsStep.tsx.)
import type { FormEvent, ReactNode } from 'react';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { IMAGE_ACCEPT, MAX_IMAGES, REGO_MAX_LENGTH, REGO_STATES, type VehicleResult } from '../../runtime/domain/trade-in';
import { HONEYPOT_FIELD } from '../../runtime/domain/leads';
import { FieldShell, HoneypotField, SelectField, TextField } from '../../runtime/ui/forms/fields';
import { VehicleLine } from './VehicleLine';
import type { ChosenImage } from './wizard-state';

const STATE_LABELS: Record<(typeof REGO_STATES)[number], string> = { qld: 'QLD', nsw: 'NSW', vic: 'VIC', sa: 'SA', wa: 'WA', tas: 'TAS', act: 'ACT', nt: 'NT' };

interface StepProps {
  busy: boolean;
  errorBox: ReactNode;
  onSubmit: (e: FormEvent) => void;
}

function SubmitButton({ busy, busyLabel, label }: { busy: boolean; busyLabel: string; label: string }) {
  return (
    <button type="submit" className="button button-primary" disabled={busy}>
      {busy ? (
        <>
          <span className="spinner" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        label
      )}
    </button>
  );
}

export function VehicleStep({ busy, errorBox, onSubmit }: StepProps) {
  return (
    <form className="lead-form" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
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
        <SubmitButton busy={busy} busyLabel="Searching..." label="Find My Car" />
      </div>
    </form>
  );
}

export function SelectionStep({ busy, errorBox, onSubmit, descriptions, backButton }: StepProps & { descriptions: string[]; backButton: ReactNode }) {
  const { register, getValues } = useFormContext<FieldValues>();
  return (
    <form className="lead-form" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
      <h3 data-step-heading tabIndex={-1}>
        Vehicle Selection
      </h3>
      <p>We found more than one match for {getValues('rego').toUpperCase()}. Choose your car:</p>
      {errorBox}
      <FieldShell name="desc" label="Your car" required>
        {({ describedBy, invalid }) => (
          <div role="radiogroup" aria-describedby={describedBy} aria-invalid={invalid || undefined} className="trade-in-choices">
            {descriptions.map((d) => (
              <label key={d} className="trade-in-choice">
                <input type="radio" value={d} {...register('desc')} /> {d}
              </label>
            ))}
          </div>
        )}
      </FieldShell>
      <div className="form-actions">
        {backButton}
        <SubmitButton busy={busy} busyLabel="Loading..." label="Next" />
      </div>
    </form>
  );
}

export function ImagesStep({
  busy,
  errorBox,
  onSubmit,
  backButton,
  evaluation,
  images,
  imageAlert,
  onChoose,
  onRemove,
}: StepProps & {
  backButton: ReactNode;
  evaluation: VehicleResult | null;
  images: ChosenImage[];
  imageAlert: string | null;
  onChoose: (files: File[]) => void;
  onRemove: (id: number) => void;
}) {
  return (
    <form className="lead-form" noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
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
            onChoose(Array.from(e.target.files ?? []));
            e.target.value = '';
          }}
        />
      </label>
      {images.length > 0 && (
        <ul className="trade-in-images" aria-label="Chosen photos">
          {images.map((img) => (
            <li key={img.id}>
              <span className="trade-in-image-name">{img.name}</span>
              <progress max={1} value={img.progress} aria-label={`Upload of ${img.name}`} />
              <span className="trade-in-image-status">
                {img.status === 'done' ? 'Uploaded' : img.status === 'uploading' ? `${Math.round(img.progress * 100)}%` : ''}
              </span>
              {img.status === 'waiting' && !busy && (
                <button type="button" className="link-button" onClick={() => onRemove(img.id)} aria-label={`Remove ${img.name}`}>
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="form-actions">
        {backButton}
        <SubmitButton busy={busy} busyLabel="Uploading..." label={images.some((i) => i.status !== 'done') ? 'Upload and Continue' : 'Next'} />
      </div>
    </form>
  );
}
