// Platform admins edit the values a template locks (every tenant of the template shows them, staff cannot change them)
// and publish the template: the server reports the tenants the change reached, and refuses (writing nothing) when a
// tenant would not be served with it. A locked block's props use the block's own form; other locked values are JSON.
import { useEffect, useState } from 'react';
import type { TemplateChangeReport } from '../../runtime/tenants/template-change';
import { api } from './api';
import { blockType, rootSchema } from './doc-model';
import { FieldView, type FormContext, type Path } from './Fields';
import { objectFields } from './schema-form';
import { setAt } from './use-editor';
import './widgets/image';
import './widgets/alt-text';
import './widgets/colour';

interface TemplateLock {
  block?: string;
  prop?: string;
  path?: string;
  reason: string;
  blockType?: string;
  value: unknown;
}
interface Template {
  name: string;
  locks: TemplateLock[];
}

const targetOf = (l: TemplateLock) => (l.block ? `${l.prop ? `${l.prop} of ` : ''}block ${l.block}` : (l.path ?? ''));

/** The report as admins read it: one line per tenant the change reached. */
function reportLines(report: TemplateChangeReport[]): string[] {
  return report.map(
    (r) =>
      `${r.slug}${r.lockedChanges.length ? `: locked values changed: ${r.lockedChanges.join(', ')}` : ': changed'}${r.problems.length ? ` — would not be served: ${r.problems.join('; ')}` : ''}`,
  );
}

function LockEditor({ lock, value, onChange, index }: { lock: TemplateLock; value: unknown; onChange(v: unknown): void; index: number }) {
  const type = lock.blockType ? blockType(lock.blockType) : undefined;
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [textError, setTextError] = useState('');
  if (type && !lock.prop) {
    const props = (value ?? {}) as Record<string, unknown>;
    const ctx: FormContext = {
      problems: new Map(),
      typed: new Map(),
      site: '',
      setTyped: () => {},
      refOptions: () => [],
      set: (path: Path, v: unknown) => {
        const next = structuredClone(props);
        setAt(next, path.slice(1), v);
        onChange(next);
      },
    };
    return (
      <fieldset className="template-lock" aria-label={`Locked ${targetOf(lock)}`}>
        <legend>
          {type.title}: block {lock.block}
        </legend>
        <p className="help">Locked: {lock.reason}</p>
        {objectFields(type.propsSchema, rootSchema).map((f) => (
          <FieldView key={f.key} spec={f} value={props[f.key]} path={[`lock${index}`, f.key]} ctx={ctx} siblings={props} />
        ))}
      </fieldset>
    );
  }
  const id = `template-lock-${index}`;
  return (
    <div className="field template-lock">
      <label htmlFor={id}>Locked {targetOf(lock)} (JSON)</label>
      <textarea
        id={id}
        rows={4}
        value={text}
        aria-invalid={textError ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          try {
            onChange(JSON.parse(e.target.value));
            setTextError('');
          } catch {
            setTextError('This is not JSON yet: the value is kept as it was until it is.');
          }
        }}
      />
      <p className="help">Locked: {lock.reason}</p>
      {textError && (
        <p className="field-error" role="alert">
          {textError}
        </p>
      )}
    </div>
  );
}

function TemplateCard({ template }: { template: Template }) {
  const [values, setValues] = useState(() => template.locks.map((l) => l.value));
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ text: string; lines: string[]; error?: boolean } | null>(null);
  const changed = values.map((v, i) => JSON.stringify(v) !== JSON.stringify(template.locks[i]!.value));
  async function publish() {
    setBusy(true);
    const res = await api<{ report: TemplateChangeReport[] }>('POST', `/templates/${encodeURIComponent(template.name)}/publish`, {
      values: values.map((value, lock) => ({ lock, value })).filter((_, i) => changed[i]),
    });
    setBusy(false);
    if (!res.ok) return setResult({ text: res.error, lines: reportLines(res.body?.report ?? []), error: true });
    const n = res.data.report.length;
    setResult({
      text: `Published the ${template.name} template. It changed ${n} ${n === 1 ? 'site' : 'sites'}${n ? ':' : '.'}`,
      lines: reportLines(res.data.report),
    });
  }
  return (
    <section className="template-card" aria-labelledby={`template-${template.name}`}>
      <h2 id={`template-${template.name}`}>{template.name}</h2>
      {template.locks.length === 0 && <p className="muted">This template locks nothing.</p>}
      {template.locks.map((lock, i) => (
        <LockEditor key={targetOf(lock)} lock={lock} index={i} value={values[i]} onChange={(v) => setValues((list) => list.map((x, j) => (j === i ? v : x)))} />
      ))}
      {template.locks.length > 0 && (
        <button type="button" className="primary" disabled={busy || !changed.some(Boolean)} onClick={() => void publish()}>
          {busy ? 'Publishing…' : `Publish the ${template.name} template`}
        </button>
      )}
      {result && (
        <div className={`notice ${result.error ? 'notice-error' : 'notice-success'}`} role={result.error ? 'alert' : 'status'}>
          <p>{result.text}</p>
          {result.lines.length > 0 && (
            <ul aria-label={`Sites the ${template.name} template changed`}>
              {result.lines.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

export function TemplatesPage({ onBack }: { onBack(): void }) {
  const [templates, setTemplates] = useState<Template[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api<{ templates: Template[] }>('GET', '/templates').then((r) => (r.ok ? setTemplates(r.data.templates) : setError(r.error)));
  }, []);
  return (
    <main className="sites templates-page">
      <header className="sites-head">
        <h1>Templates</h1>
        <span className="muted">Locked values reach every site of a template when it is published</span>
        <button type="button" onClick={onBack}>
          Back to your sites
        </button>
      </header>
      {error && <p className="field-error">{error}</p>}
      {!templates && !error && <p className="muted">Loading the templates…</p>}
      {templates?.map((t) => (
        <TemplateCard key={t.name} template={t} />
      ))}
    </main>
  );
}
