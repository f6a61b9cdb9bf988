// The colour field for every `x-widget: "colour"` prop: a colour picker and its #rrggbb text. A theme colour shows,
// at the field, the WCAG AA contrast warnings of the pairs it takes part in: the validator's own check
// (runtime/domain/theme/contrast.ts), so the editor and CI agree.
import { useAtomValue } from 'jotai';
import { themeContrastWarnings } from '../../../runtime/domain/theme/contrast';
import { pathText } from '../doc-model';
import { docAtom } from '../store';
import { registerWidget, type WidgetProps } from '../widget-registry';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The contrast warnings shown at a colour field: only theme colours have pairs. */
export function contrastWarningsAt(doc: { theme?: Record<string, unknown> }, path: (string | number)[]): string[] {
  if (path.length !== 2 || path[0] !== 'theme' || !doc.theme) return [];
  return themeContrastWarnings(doc.theme, String(path[1])).map((w) => w.message);
}

function ColourField({ spec, value, path, ctx, messages }: WidgetProps) {
  const doc = useAtomValue(docAtom);
  const id = 'f-' + pathText(path).replace(/[^A-Za-z0-9_-]+/g, '-');
  const current = typeof value === 'string' ? value : '';
  const warnings = contrastWarningsAt(doc, path);
  const set = (v: string) => ctx.set(path, v === '' ? undefined : v, spec.label);
  return (
    <div className="field colour-field">
      <label htmlFor={id}>{spec.label}</label>
      <div className="colour-inputs">
        <input
          type="color"
          aria-label={`${spec.label} picker`}
          value={HEX.test(current) ? current.toLowerCase() : '#000000'}
          onChange={(e) => set(e.target.value)}
        />
        <input
          id={id}
          type="text"
          value={current}
          placeholder={typeof spec.default === 'string' ? spec.default : '#rrggbb'}
          onChange={(e) => set(e.target.value.trim())}
          aria-invalid={messages.length > 0}
        />
      </div>
      {spec.description && <p className="help">{spec.description}</p>}
      {messages.map((m) => (
        <p key={m} className="field-error" role="alert">
          {m}
        </p>
      ))}
      {warnings.map((w) => (
        <p key={w} className="field-warning" role="status">
          Low contrast: {w}
        </p>
      ))}
    </div>
  );
}

registerWidget('colour', ColourField);
