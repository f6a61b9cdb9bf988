// The site's time zone (`x-widget: "time-zone"`): a choice of the Australian zones, or none, which means the zone of
// the first location's state (named in the first option, so staff see what an empty setting means).
import { useAtomValue } from 'jotai';
import { defaultSiteTimeZone } from '../../../runtime/domain/time/site-time-zone';
import { pathText } from '../doc-model';
import { Labelled } from '../Fields';
import { docAtom } from '../store';
import { registerWidget, type WidgetProps } from '../widget-registry';

function TimeZoneField({ spec, value, path, ctx, messages }: WidgetProps) {
  const fallback = defaultSiteTimeZone(useAtomValue(docAtom));
  const id = 'f-' + pathText(path).replace(/[^A-Za-z0-9_-]+/g, '-');
  const options = spec.kind === 'select' ? spec.options : [];
  return (
    <Labelled spec={spec} id={id} messages={messages}>
      <select
        id={id}
        value={typeof value === 'string' ? value : ''}
        aria-invalid={messages.length ? true : undefined}
        onChange={(e) => ctx.set(path, e.target.value || undefined, `Edit ${spec.label.toLowerCase()}`)}
      >
        <option value="">From the first location ({fallback})</option>
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

registerWidget('time-zone', TimeZoneField);
