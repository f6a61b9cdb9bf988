// Money ($ prefix) and kilometre (kms suffix) inputs with thousands separators and quick picks (docs/requirements/dealer-services.md#validation, #constants).
import { useController, useFormContext, type FieldValues } from 'react-hook-form';
import { FieldShell } from './fields';
import { displayWholeNumber, KMS_QUICK_PICKS, moneyQuickPicks, parseWholeNumber, quickPickLabel } from './number-input';

interface WholeNumberFieldProps {
  name: string;
  label: string;
  unit: 'money' | 'kms';
  required?: boolean;
  quickPicks?: readonly number[];
  className?: string;
}

function WholeNumberField({ name, label, unit, required, quickPicks = [], className }: WholeNumberFieldProps) {
  const { control } = useFormContext<FieldValues>();
  const { field } = useController({ name, control });
  const value = typeof field.value === 'number' ? field.value : '';
  return (
    <FieldShell name={name} label={label} required={required} className={`form-number form-${unit}${className ? ` ${className}` : ''}`}>
      {({ id, describedBy, invalid }) => (
        <>
          <div className="form-affix">
            {unit === 'money' && (
              <span className="form-prefix" aria-hidden="true">
                $
              </span>
            )}
            <input
              id={id}
              ref={field.ref}
              name={field.name}
              type="text"
              inputMode="numeric"
              className="form-input"
              value={displayWholeNumber(value)}
              aria-required={required || undefined}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={(e) => field.onChange(parseWholeNumber(e.target.value))}
              onBlur={field.onBlur}
            />
            {unit === 'kms' && (
              <span className="form-suffix" aria-hidden="true">
                kms
              </span>
            )}
          </div>
          {quickPicks.length > 0 && (
            <div className="quick-picks" role="group" aria-label={`Quick picks for ${label}`}>
              {quickPicks.map((pick) => (
                <button
                  key={pick}
                  type="button"
                  className={`quick-pick${value === pick ? ' selected' : ''}`}
                  aria-pressed={value === pick}
                  onClick={() => field.onChange(pick)}
                >
                  {quickPickLabel(pick, unit)}
                </button>
              ))}
            </div>
          )}
        </>
      )}
    </FieldShell>
  );
}

/** Dollars: '$' before the number, thousands separators, quick picks $5,000 to $70,000 (or $300,000 to $800,000). */
export function MoneyField({
  highValueQuickPicks = false,
  showQuickPicks = true,
  picks,
  ...rest
}: Omit<WholeNumberFieldProps, 'unit' | 'quickPicks'> & { highValueQuickPicks?: boolean; showQuickPicks?: boolean; picks?: readonly number[] }) {
  // `picks`: a site's own list (finance settings); else the standard lists
  return <WholeNumberField {...rest} unit="money" quickPicks={showQuickPicks ? (picks ?? moneyQuickPicks(highValueQuickPicks)) : []} />;
}

/** Kilometres: 'kms' after the number, thousands separators, quick picks. */
export function KmsField({ showQuickPicks = true, ...rest }: Omit<WholeNumberFieldProps, 'unit' | 'quickPicks'> & { showQuickPicks?: boolean }) {
  return <WholeNumberField {...rest} unit="kms" quickPicks={showQuickPicks ? KMS_QUICK_PICKS : []} />;
}
