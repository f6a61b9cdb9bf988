// A dollar input outside react-hook-form (the finance calculator): '$' before the number, thousands separators while
// typing with the caret kept beside the same digit, and quick-pick buttons (docs/requirements/dealer-services.md#validation, #constants). Labelled by its
// <label>, the quick picks are a labelled group of buttons with aria-pressed; all reachable by keyboard.
import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { displayWholeNumber, parseWholeNumber, quickPickLabel } from './number-input';

export interface MoneyInputProps {
  id: string;
  label: string;
  value: number | '';
  onChange: (value: number | '') => void;
  quickPicks?: readonly number[];
  invalid?: boolean;
  describedBy?: string;
  name?: string;
}

/** Where the caret goes in `text` so that `digitsBefore` digits precede it. */
export function caretAfterDigits(text: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/\d/.test(text.charAt(i)) && ++seen === digitsBefore) return i + 1;
  }
  return text.length;
}

export function MoneyInput({ id, label, value, onChange, quickPicks = [], invalid, describedBy, name }: MoneyInputProps) {
  const input = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const shown = displayWholeNumber(value);

  useLayoutEffect(() => {
    const el = input.current;
    if (pendingCaret.current === null || !el || document.activeElement !== el) return;
    const at = caretAfterDigits(el.value, pendingCaret.current);
    pendingCaret.current = null;
    el.setSelectionRange(at, at);
  });

  const change = (e: ChangeEvent<HTMLInputElement>) => {
    const caret = e.target.selectionStart ?? e.target.value.length;
    // digits left of the caret, leading zeros dropped as parseWholeNumber drops them
    const before = e.target.value.slice(0, caret).replace(/\D/g, '');
    const leadingZeros = e.target.value.replace(/\D/g, '').match(/^0+(?=\d)/)?.[0].length ?? 0;
    pendingCaret.current = Math.max(0, before.length - Math.min(leadingZeros, before.length));
    onChange(parseWholeNumber(e.target.value));
  };

  return (
    <>
      <div className="form-affix money-input">
        <span className="form-prefix" aria-hidden="true">
          $
        </span>
        <input
          ref={input}
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className="form-input"
          value={shown}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={change}
        />
      </div>
      {quickPicks.length > 0 && (
        <div className="quick-picks" role="group" aria-label={`Quick picks for ${label}`}>
          {quickPicks.map((pick) => (
            <button
              key={pick}
              type="button"
              className={`quick-pick${value === pick ? ' selected' : ''}`}
              aria-pressed={value === pick}
              onClick={() => onChange(pick)}
            >
              {quickPickLabel(pick, 'money')}
            </button>
          ))}
        </div>
      )}
    </>
  );
}
