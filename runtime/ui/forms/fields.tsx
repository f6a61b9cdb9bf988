// Shared form fields (docs/requirements/dealer-services.md#validation) over react-hook-form's context: a label, the input, and its error under it.
// Every field reads its error from the form state, so the same message shows at the field and in the error list.
import { useId, type ReactNode } from 'react';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { limitPostcodeInput, POSTCODE_MAX_LENGTH } from '../../domain/vehicle/postcode';
import { MarkupText } from './MarkupText';

function useFieldIds(name: string) {
  const generated = useId();
  const id = `f${generated.replace(/[^a-zA-Z0-9_-]/g, '')}-${name.replace(/[^a-zA-Z0-9_-]/g, '-')}`;
  return { id, errorId: `${id}-error`, hintId: `${id}-hint` };
}

function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext<FieldValues>();
  const error = formState.errors[name];
  return typeof error?.message === 'string' ? error.message : undefined;
}

interface ShellProps {
  name: string;
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

/** Label, input and the field's error message, wired together for screen readers. */
export function FieldShell({ name, label, required, hint, className, children }: ShellProps) {
  const { id, errorId, hintId } = useFieldIds(name);
  const error = useFieldError(name);
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form-field${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="form-label">
        {label}
        {required && (
          <span className="form-required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}

interface TextFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'date' | 'time' | 'datetime-local';
  required?: boolean;
  autoComplete?: string;
  placeholder?: string;
  hint?: ReactNode;
  className?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  maxLength?: number;
}

/** The value a field starts with, rendered into the server HTML too (register alone sets it only after hydration). */
function useStartValue(name: string): unknown {
  const { getValues } = useFormContext<FieldValues>();
  return getValues(name);
}
const asText = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);

export function TextField({ name, label, type = 'text', required, autoComplete, placeholder, hint, className, inputMode, maxLength }: TextFieldProps) {
  const { register } = useFormContext<FieldValues>();
  const start = asText(useStartValue(name));
  return (
    <FieldShell name={name} label={label} required={required} hint={hint} className={className}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type={type}
          className="form-input"
          autoComplete={autoComplete}
          placeholder={placeholder}
          inputMode={inputMode}
          maxLength={maxLength}
          defaultValue={start}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...register(name)}
        />
      )}
    </FieldShell>
  );
}

export function TextAreaField({
  name,
  label,
  required,
  placeholder,
  rows = 4,
  className,
}: {
  name: string;
  label: string;
  required?: boolean;
  placeholder?: string;
  rows?: number;
  className?: string;
}) {
  const { register } = useFormContext<FieldValues>();
  const start = asText(useStartValue(name));
  return (
    <FieldShell name={name} label={label} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          className="form-input form-textarea"
          rows={rows}
          placeholder={placeholder}
          defaultValue={start}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...register(name)}
        />
      )}
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

export function SelectField({
  name,
  label,
  options,
  required,
  placeholder,
  className,
}: {
  name: string;
  label: string;
  options: readonly SelectOption[];
  required?: boolean;
  placeholder?: string;
  className?: string;
}) {
  const { register } = useFormContext<FieldValues>();
  const start = asText(useStartValue(name));
  return (
    <FieldShell name={name} label={label} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className="form-input form-select"
          defaultValue={start}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...register(name)}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** A checkbox whose label may carry markup (bold, italic, links: docs/requirements/dealer-services.md#validation "Checkbox labels may contain markup"). */
export function CheckboxField({
  name,
  label,
  required,
  className,
  startChecked = false,
}: {
  name: string;
  label: string;
  required?: boolean;
  className?: string;
  /** Ticked when the form has no value for it yet (the form then reads it from the box). */
  startChecked?: boolean;
}) {
  const { register } = useFormContext<FieldValues>();
  const { id, errorId } = useFieldIds(name);
  const error = useFieldError(name);
  const value = useStartValue(name);
  const start = value === undefined ? startChecked : value === true;
  return (
    <div className={`form-field form-check${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <div className="form-check-row">
        <input
          id={id}
          type="checkbox"
          className="form-checkbox"
          defaultChecked={start}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...register(name)}
        />
        <label htmlFor={id} className="form-check-label">
          <MarkupText text={label} />
        </label>
      </div>
      {error && (
        <p id={errorId} className="form-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Postcode: at most 4 characters kept while typing, numeric keypad on phones (docs/requirements/dealer-services.md#validation). */
export function PostcodeField({
  name = 'postcode',
  label = 'Postcode',
  required,
  className,
}: {
  name?: string;
  label?: string;
  required?: boolean;
  className?: string;
}) {
  const { register } = useFormContext<FieldValues>();
  const field = register(name, { setValueAs: (v: unknown) => (typeof v === 'string' ? limitPostcodeInput(v.trim()) : v) });
  const start = asText(useStartValue(name));
  return (
    <FieldShell name={name} label={label} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type="text"
          className="form-input form-postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={POSTCODE_MAX_LENGTH}
          defaultValue={start}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          {...field}
          onInput={(e) => {
            // maxLength does not stop pasted or scripted text in every browser: keep 4 characters regardless.
            const input = e.currentTarget;
            if (input.value.length > POSTCODE_MAX_LENGTH) input.value = limitPostcodeInput(input.value);
          }}
        />
      )}
    </FieldShell>
  );
}

/** A field no person sees: bots fill it in, and the server drops what they send. */
export function HoneypotField({ name }: { name: string }) {
  const { register } = useFormContext<FieldValues>();
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label>
        Leave this field empty
        <input type="text" tabIndex={-1} autoComplete="off" {...register(name)} />
      </label>
    </div>
  );
}
