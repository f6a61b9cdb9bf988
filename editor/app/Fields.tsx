// Renders form fields from FieldSpecs (see schema-form.ts): one small widget per kind, each with its description as
// help and the validator's problems for its path shown under it as the user types.
import { useState, type ReactNode } from 'react';
import { Advanced, splitTechnical } from './advanced-fields';
import { pathText } from './doc-model';
import { StableInput } from './StableInput';
import { boundsText, initialValue, parseNumberInput, type FieldSpec } from './schema-form';
import { widgetFor } from './widget-registry';

export type Path = (string | number)[];

export interface FormContext {
  /** Problems by readable path (pages["/"].blocks[0].props.heading). */
  problems: Map<string, string[]>;
  set(path: Path, value: unknown, label: string): void;
  refOptions(kind: 'location' | 'dealership' | 'page'): { value: string | number; label: string }[];
  /** Text typed into number fields that is not a number, by readable path: kept (not dropped), shown at the field,
   *  counted as a problem and blocking Publish until it is fixed. */
  typed: Map<string, { text: string; message: string }>;
  /** The slug of the site being edited (widgets call its APIs, e.g. the media library). */
  site: string;
  setTyped(path: Path, entry: { text: string; message: string } | undefined): void;
}

const idFor = (path: Path) => 'f-' + pathText(path).replace(/[^A-Za-z0-9_-]+/g, '-');

function Help({ spec, id, extra }: { spec: FieldSpec; id: string; extra?: string }) {
  const text = [spec.description, extra].filter(Boolean).join(' ');
  return text ? (
    <p className="help" id={`${id}-help`}>
      {text}
    </p>
  ) : null;
}

function Errors({ messages, id }: { messages: string[]; id: string }) {
  if (!messages.length) return null;
  return (
    <div className="field-error" id={`${id}-error`} role="alert">
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}

/** A setting with a default that is set explicitly can go back to it (the key is removed, so the default applies and
 *  later changes of the default reach this site too). */
function ResetToDefault({ spec, value, ctx, path }: { spec: FieldSpec; value: unknown; ctx?: FormContext; path?: Path }) {
  if (!ctx || !path || spec.required || spec.default === undefined || value === undefined || typeof path.at(-1) === 'number') return null;
  const shown = typeof spec.default === 'object' ? JSON.stringify(spec.default) : String(spec.default);
  return (
    <button
      type="button"
      className="small link reset-default"
      aria-label={`Reset ${spec.label} to its default (${shown})`}
      onClick={() => ctx.set(path, undefined, `Reset ${spec.label.toLowerCase()}`)}
    >
      Reset to default ({shown})
    </button>
  );
}

/** A field's label (with the required star), its input, reset to default, help and the validator's messages; widgets
 *  use it too, so every field looks and reads the same. */
export function Labelled({
  spec,
  id,
  children,
  messages,
  extra,
  value,
  ctx,
  path,
}: {
  spec: FieldSpec;
  id: string;
  children: ReactNode;
  messages: string[];
  extra?: string;
  value?: unknown;
  ctx?: FormContext;
  path?: Path;
}) {
  return (
    <div className={`field field-${spec.kind}${messages.length ? ' invalid' : ''}`}>
      <label htmlFor={id}>
        {spec.label}
        {spec.required && (
          <span className="required" aria-label="required">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      <ResetToDefault spec={spec} value={value} ctx={ctx} path={path} />
      <Help spec={spec} id={id} extra={extra} />
      <Errors messages={messages} id={id} />
    </div>
  );
}

const described = (id: string, spec: FieldSpec, messages: string[]) => ({
  id,
  'aria-invalid': messages.length ? true : undefined,
  'aria-describedby': [spec.description ? `${id}-help` : '', messages.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
});

function JsonField({ spec, value, path, ctx, messages }: { spec: FieldSpec; value: unknown; path: Path; ctx: FormContext; messages: string[] }) {
  const id = idFor(path);
  const [text, setText] = useState(() => (value === undefined ? '' : JSON.stringify(value, null, 2)));
  const [bad, setBad] = useState(false);
  return (
    <Labelled spec={spec} id={id} messages={bad ? [...messages, 'This is not valid JSON.'] : messages}>
      <textarea
        {...described(id, spec, messages)}
        className="json"
        rows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          try {
            ctx.set(path, text.trim() ? JSON.parse(text) : undefined, `Edit ${spec.label}`);
            setBad(false);
          } catch {
            setBad(true);
          }
        }}
      />
    </Labelled>
  );
}

function NumberField({
  spec,
  value,
  path,
  ctx,
  messages,
}: {
  spec: FieldSpec & { kind: 'number' };
  value: unknown;
  path: Path;
  ctx: FormContext;
  messages: string[];
}) {
  const id = idFor(path);
  const pending = ctx.typed.get(pathText(path));
  const [text, setText] = useState(typeof value === 'number' ? String(value) : '');
  // The typed text while it means the document's value ("5." while typing 5.5); otherwise the value itself, so undo,
  // redo and a restored revision show in the field.
  const parsed = parseNumberInput(text, spec);
  const shown = pending
    ? pending.text
    : parsed.ok && (parsed.value ?? null) === (typeof value === 'number' ? value : null)
      ? text
      : typeof value === 'number'
        ? String(value)
        : '';
  const all = pending ? [...messages, pending.message] : messages;
  return (
    <Labelled spec={spec} id={id} messages={all} extra={boundsText(spec)} value={value} ctx={ctx} path={path}>
      <input
        type="text"
        inputMode={spec.integer ? 'numeric' : 'decimal'}
        {...described(id, spec, all)}
        value={shown}
        placeholder={typeof spec.default === 'number' ? String(spec.default) : undefined}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          const r = parseNumberInput(next, spec);
          if (!r.ok) return ctx.setTyped(path, { text: next, message: r.message });
          if (pending) ctx.setTyped(path, undefined);
          const v = r.value === undefined ? (spec.nullable ? null : undefined) : r.value;
          if (v !== value) ctx.set(path, v, `Edit ${spec.label.toLowerCase()}`);
        }}
      />
    </Labelled>
  );
}

export function FieldView({
  spec,
  value,
  path,
  ctx,
  depth = 0,
  siblings,
}: {
  spec: FieldSpec;
  value: unknown;
  path: Path;
  ctx: FormContext;
  depth?: number;
  siblings?: Record<string, unknown>;
}) {
  const id = idFor(path);
  const messages = ctx.problems.get(pathText(path)) ?? [];
  const label = `Edit ${spec.label.toLowerCase()}`;
  const set = (v: unknown) => ctx.set(path, v, label);
  const refKind = 'ref' in spec ? spec.ref : undefined;
  const Widget = widgetFor(spec.widget);
  if (Widget) {
    const prefix = pathText(path);
    const below = [...ctx.problems].filter(([k]) => k === prefix || k.startsWith(`${prefix}[`) || k.startsWith(`${prefix}.`)).flatMap(([, m]) => m);
    return <Widget spec={spec} value={value} path={path} ctx={ctx} messages={below} siblings={siblings} />;
  }

  if (refKind) {
    const options = ctx.refOptions(refKind);
    return (
      <Labelled spec={spec} id={id} messages={messages}>
        <select
          {...described(id, spec, messages)}
          value={value === undefined || value === null ? '' : String(value)}
          onChange={(e) => {
            const picked = options.find((o) => String(o.value) === e.target.value);
            set(picked ? picked.value : undefined);
          }}
        >
          <option value="">(none)</option>
          {options.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
      </Labelled>
    );
  }

  switch (spec.kind) {
    case 'text':
    case 'textarea':
    case 'image': {
      const props = {
        ...described(id, spec, messages),
        value: typeof value === 'string' ? value : '',
        placeholder: typeof spec.default === 'string' ? spec.default : undefined,
        maxLength: undefined,
        onChange: (e: { target: { value: string } }) => set(e.target.value === '' && !spec.required ? undefined : e.target.value),
      };
      const extra = spec.maxLength ? `Up to ${spec.maxLength} characters.` : undefined;
      return (
        <Labelled spec={spec} id={id} messages={messages} extra={extra} value={value} ctx={ctx} path={path}>
          {spec.kind === 'textarea' ? (
            <textarea rows={6} {...props} />
          ) : (
            <StableInput type={spec.kind === 'image' ? 'url' : 'text'} handlerKey={pathText(path)} {...props} />
          )}
          {spec.kind === 'image' && typeof value === 'string' && value && <img className="image-thumb" src={value} alt="" />}
        </Labelled>
      );
    }
    case 'colour': {
      const current = typeof value === 'string' ? value : typeof spec.default === 'string' ? spec.default : '';
      return (
        <Labelled spec={spec} id={id} messages={messages} value={value} ctx={ctx} path={path}>
          <div className="colour-row">
            <input
              type="color"
              aria-label={`${spec.label} picker`}
              value={/^#[0-9a-fA-F]{6}$/.test(current) ? current.toLowerCase() : '#000000'}
              onChange={(e) => set(e.target.value)}
            />
            <StableInput
              type="text"
              handlerKey={pathText(path)}
              {...described(id, spec, messages)}
              value={typeof value === 'string' ? value : ''}
              placeholder={typeof spec.default === 'string' ? spec.default : '#rrggbb'}
              onChange={(e) => set(e.target.value === '' && !spec.required ? undefined : e.target.value)}
            />
          </div>
        </Labelled>
      );
    }
    case 'number':
      return <NumberField spec={spec} value={value} path={path} ctx={ctx} messages={messages} />;
    case 'select':
      return (
        <Labelled spec={spec} id={id} messages={messages} value={value} ctx={ctx} path={path}>
          <select
            {...described(id, spec, messages)}
            value={value === undefined || value === null ? '' : String(value)}
            onChange={(e) => set(e.target.value === '' ? undefined : spec.options.find((o) => String(o.value) === e.target.value)?.value)}
          >
            {(!spec.required || value === undefined) && <option value="">{spec.default !== undefined ? `Default (${String(spec.default)})` : '(none)'}</option>}
            {spec.options.map((o) => (
              <option key={String(o.value)} value={String(o.value)}>
                {o.label}
              </option>
            ))}
          </select>
        </Labelled>
      );
    case 'boolean': {
      const checked = typeof value === 'boolean' ? value : spec.default === true;
      return (
        <div className={`field field-boolean${messages.length ? ' invalid' : ''}`}>
          <label className="check">
            <input type="checkbox" {...described(id, spec, messages)} checked={checked} onChange={(e) => set(e.target.checked)} /> {spec.label}
          </label>
          <ResetToDefault spec={spec} value={value} ctx={ctx} path={path} />
          <Help spec={spec} id={id} />
          <Errors messages={messages} id={id} />
        </div>
      );
    }
    case 'checkboxes': {
      const list = Array.isArray(value) ? value : Array.isArray(spec.default) ? spec.default : [];
      return (
        <fieldset className="field field-checkboxes">
          <legend>{spec.label}</legend>
          {spec.options.map((o) => (
            <label key={String(o.value)} className="check">
              <input
                type="checkbox"
                checked={list.includes(o.value)}
                onChange={(e) => set(e.target.checked ? [...list, o.value] : list.filter((v: unknown) => v !== o.value))}
              />{' '}
              {o.label}
            </label>
          ))}
          <Help spec={spec} id={id} />
          <Errors messages={messages} id={id} />
        </fieldset>
      );
    }
    case 'list': {
      const items = Array.isArray(value) ? value : [];
      const full = spec.maxItems !== undefined && items.length >= spec.maxItems;
      return (
        <fieldset className="field field-list">
          <legend>{spec.label}</legend>
          <Help spec={spec} id={id} />
          <Errors messages={messages} id={id} />
          <ol className="list-items">
            {items.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items are edited by their path (their place), as their typed text and problems are; moving one keeps focus on the place
              <li key={i} className="list-item">
                <FieldView
                  spec={{ ...spec.item, label: `${spec.item.kind === 'object' ? 'Item' : spec.label} ${i + 1}` }}
                  value={item}
                  path={[...path, i]}
                  ctx={ctx}
                  depth={depth + 1}
                />
                <div className="item-actions">
                  <button
                    type="button"
                    className="small"
                    disabled={i === 0}
                    aria-label={`Move ${spec.label} ${i + 1} up`}
                    onClick={() => set(items.map((x, j) => (j === i - 1 ? items[i] : j === i ? items[i - 1] : x)))}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="small"
                    disabled={i === items.length - 1}
                    aria-label={`Move ${spec.label} ${i + 1} down`}
                    onClick={() => set(items.map((x, j) => (j === i + 1 ? items[i] : j === i ? items[i + 1] : x)))}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="small danger"
                    aria-label={`Remove ${spec.label} ${i + 1}`}
                    onClick={() => set(items.filter((_, j) => j !== i))}
                  >
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ol>
          <button type="button" className="small" disabled={full} onClick={() => set([...items, initialValue(spec.item)])}>
            Add to {spec.label.toLowerCase()}
          </button>
          {full && <p className="help">At most {spec.maxItems}.</p>}
        </fieldset>
      );
    }
    case 'object': {
      const obj = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
      const [plain, technical] = splitTechnical(spec.fields);
      const body = (
        <>
          <Help spec={spec} id={id} />
          <Errors messages={messages} id={id} />
          {plain.map((f) => (
            <FieldView key={f.key} spec={f} value={obj[f.key]} path={[...path, f.key]} ctx={ctx} depth={depth + 1} siblings={obj} />
          ))}
          <Advanced show={technical.length > 0}>
            {technical.map((f) => (
              <FieldView key={f.key} spec={f} value={obj[f.key]} path={[...path, f.key]} ctx={ctx} depth={depth + 1} siblings={obj} />
            ))}
          </Advanced>
        </>
      );
      if (depth >= 1) {
        return (
          <details className="field field-object" open={depth < 2}>
            <summary>{spec.label}</summary>
            {body}
          </details>
        );
      }
      return (
        <fieldset className="field field-object">
          <legend>{spec.label}</legend>
          {body}
        </fieldset>
      );
    }
    default:
      return <JsonField spec={spec} value={value} path={path} ctx={ctx} messages={messages} />;
  }
}
