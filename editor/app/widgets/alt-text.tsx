// An image's description (alt text), with a "Decorative" choice: a ticked box stores an explicit empty description,
// which the validator accepts as "this picture adds nothing a shopper needs"; an empty, unticked field is missing and
// the validator asks for a description (its message shows under the field).
import { pathText } from '../doc-model';
import { Labelled } from '../Fields';
import { registerWidget, type WidgetProps } from '../widget-registry';

function AltText({ spec, value, path, ctx, messages }: WidgetProps) {
  const id = 'f-' + pathText(path).replace(/[^A-Za-z0-9_-]+/g, '-');
  const decorative = value === '';
  const text = typeof value === 'string' ? value : '';
  const label = `Edit ${spec.label.toLowerCase()}`;
  const describedBy = [spec.description ? `${id}-help` : '', messages.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <Labelled spec={spec} id={id} messages={messages}>
      <input
        id={id}
        type="text"
        value={text}
        disabled={decorative}
        maxLength={'maxLength' in spec ? spec.maxLength : undefined}
        placeholder={decorative ? 'Decorative: no description' : 'What the picture shows'}
        aria-invalid={messages.length ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => ctx.set(path, e.target.value === '' ? undefined : e.target.value, label)}
      />
      <label className="checkbox-inline">
        <input
          type="checkbox"
          checked={decorative}
          onChange={(e) => ctx.set(path, e.target.checked ? '' : undefined, `Mark ${spec.label.toLowerCase()} decorative`)}
        />{' '}
        Decorative (the picture adds nothing a shopper needs)
      </label>
    </Labelled>
  );
}

registerWidget('alt-text', AltText);
