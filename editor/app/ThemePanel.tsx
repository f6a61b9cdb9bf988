// The site's theme: colours, logo (from the media library), font, corner radius and header style, from the schema's
// theme definition, with the WCAG AA contrast of every colour pair the stylesheet puts together (the validator's own
// check, runtime/domain/theme/contrast.ts) shown next to the colours as they change. The preview follows every change.
import { contrastRatio, THEME_PAIRS, themeColour } from '../../runtime/domain/theme/contrast';
import { rootSchema } from './doc-model';
import { FieldView, type FormContext } from './Fields';
import { objectFields } from './schema-form';
import './widgets/image';

const themeFields = objectFields(rootSchema.definitions.theme, rootSchema);
const isColour = (c: unknown): c is string => typeof c === 'string' && /^#[0-9a-fA-F]{6}$/.test(c);

export function ThemePanel({ theme, ctx }: { theme: Record<string, unknown>; ctx: FormContext }) {
  const rows = THEME_PAIRS.map(([fg, bg, minimum, what]) => {
    const a = themeColour(theme, fg);
    const b = themeColour(theme, bg);
    const ratio = isColour(a) && isColour(b) ? contrastRatio(a, b) : undefined;
    return { fg, bg, minimum, what, a, b, ratio, ok: ratio !== undefined && ratio >= minimum };
  });
  const failing = rows.filter((r) => r.ratio !== undefined && !r.ok).length;
  return (
    <form className="props-form" aria-label="Theme" onSubmit={(e) => e.preventDefault()}>
      <h2>Theme</h2>
      {themeFields.map((f) => (
        <FieldView key={f.key} spec={f} value={theme[f.key]} path={['theme', f.key]} ctx={ctx} />
      ))}
      <h3>Contrast (WCAG AA)</h3>
      <p className={failing ? 'field-error' : 'muted'} role="status" data-testid="contrast-summary">
        {failing
          ? `${failing} colour pair${failing === 1 ? ' is' : 's are'} below WCAG AA: some shoppers will not be able to read it.`
          : 'Every colour pair meets WCAG AA.'}
      </p>
      <table className="contrast-table" aria-label="Colour contrast">
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.fg}-${r.bg}`} className={r.ok ? 'ok' : 'bad'}>
              <td>
                <span className="swatch" style={{ color: r.a, background: r.b, padding: '0 .4em', border: '1px solid #ccc' }}>
                  Aa
                </span>
              </td>
              <td>{r.what}</td>
              <td>{r.ratio === undefined ? '—' : `${Math.floor(r.ratio * 100) / 100}:1`}</td>
              <td>{r.ratio === undefined ? '' : r.ok ? 'passes' : `below ${r.minimum}:1`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </form>
  );
}
