// The pieces every stepped lead form shows the same way: the list of steps and the Back / Next / send buttons.

/** The steps of a form, the current one marked; nothing when the form has one step. */
export function FormStepList({ titles, current }: { titles: readonly string[]; current: number }) {
  if (titles.length < 2) return null;
  return (
    <ol className="form-steps" aria-label="Form steps">
      {titles.map((title, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the steps of a form are fixed and in order; the step is a place
        <li key={i} className={i === current ? 'current' : i < current ? 'done' : undefined} aria-current={i === current ? 'step' : undefined}>
          {title}
        </li>
      ))}
    </ol>
  );
}

/** Back (after the first step) and the button that goes Next, or sends on the last step. */
export function StepActions({
  onBack,
  lastStep,
  submitLabel,
  ready,
  submitting,
}: {
  /** Undefined on the first step: no Back button. */
  onBack?: () => void;
  lastStep: boolean;
  submitLabel: string;
  /** Until hydration the button stays disabled: a click then would send the form natively, without validation. */
  ready: boolean;
  submitting: boolean;
}) {
  return (
    <div className="form-actions">
      {onBack && (
        <button type="button" className="button button-back" onClick={onBack}>
          Back
        </button>
      )}
      <button type="submit" className="button button-primary" disabled={!ready || submitting}>
        {submitting ? (
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
  );
}
