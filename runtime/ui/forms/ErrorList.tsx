// The list of everything to fix, headed as the seed says (docs/requirements/dealer-services.md#validation, #errors), and the form-level alert.
import { useEffect, useRef } from 'react';
import { useFormContext, type FieldValues } from 'react-hook-form';

const ERROR_LIST_HEADING = 'Please fix the following errors:';

/** Shown after a submit with errors; each entry moves focus to its field. Focus lands on the list itself first. */
export function ErrorList({ labels, submitCount, order = [] }: { labels: Record<string, string>; submitCount: number; order?: readonly string[] }) {
  const { formState, setFocus } = useFormContext<FieldValues>();
  const ref = useRef<HTMLDivElement>(null);
  const entries = Object.entries(formState.errors)
    .filter(([name, e]) => name !== 'root' && typeof e?.message === 'string')
    .map(([name, e]) => ({ name, label: labels[name] ?? name, message: e!.message as string }))
    // In the order the fields appear on screen, not the order the validator reports them.
    .sort((a, b) => rank(order, a.name) - rank(order, b.name));
  const shown = entries.length > 0 && submitCount > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves only when a submit fails, not on every keystroke that changes the list
  useEffect(() => {
    if (shown) ref.current?.focus();
    // Only when a submit fails: not on every keystroke that changes the list.
  }, [submitCount]);
  if (!shown) return null;
  return (
    <div className="form-error-list" role="alert" tabIndex={-1} ref={ref}>
      <p className="form-error-list-heading">{ERROR_LIST_HEADING}</p>
      <ul>
        {entries.map((e) => (
          <li key={e.name}>
            <button type="button" className="link-button" onClick={() => setFocus(e.name)}>
              <strong>{e.label}:</strong> {e.message}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

const rank = (order: readonly string[], name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
