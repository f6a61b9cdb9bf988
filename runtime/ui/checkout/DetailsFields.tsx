// The shopper's details: name, email, phone, postcode (checked with the same rule the server uses).
import { useId } from 'react';
import type { JourneyDetails } from '../../domain/checkout';
import { limitPostcodeInput } from '../../domain/vehicle/postcode';

const FIELDS: { name: keyof JourneyDetails; label: string; type: string; autoComplete: string; inputMode?: 'numeric' | 'tel' | 'email' }[] = [
  { name: 'name', label: 'Full name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  { name: 'postcode', label: 'Postcode', type: 'text', autoComplete: 'postal-code', inputMode: 'numeric' },
];

export function DetailsFields({
  values,
  errors,
  onChange,
}: {
  values: Partial<JourneyDetails>;
  errors: Record<string, string>;
  onChange: (v: Partial<JourneyDetails>) => void;
}) {
  const id = useId();
  return (
    <div className="lead-form-grid checkout-details">
      {FIELDS.map((f) => (
        <div key={f.name} className={`form-field${errors[f.name] ? ' has-error' : ''}`}>
          <label className="form-label" htmlFor={`${id}-${f.name}`}>
            {f.label}
            <span className="form-required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <input
            id={`${id}-${f.name}`}
            name={f.name}
            className={`form-input${f.name === 'postcode' ? ' form-postcode' : ''}`}
            type={f.type}
            autoComplete={f.autoComplete}
            inputMode={f.inputMode}
            maxLength={f.name === 'postcode' ? 4 : 200}
            value={values[f.name] ?? ''}
            aria-invalid={Boolean(errors[f.name])}
            aria-describedby={errors[f.name] ? `${id}-${f.name}-error` : undefined}
            onChange={(e) => onChange({ ...values, [f.name]: f.name === 'postcode' ? limitPostcodeInput(e.target.value) : e.target.value })}
          />
          {errors[f.name] && (
            <p id={`${id}-${f.name}-error`} className="form-error">
              {errors[f.name]}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}
