// The date-time picker for every `x-widget: "date-time"` value (promotion, popup and announcement start and expiry):
// a native date and time input showing the site's wall clock, with the site's time zone named beside them, storing an
// ISO date-time with its offset (2026-12-24T17:00:00+11:00) so every server and browser reads the same instant.
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { siteTimeZone } from '../../../runtime/domain/time/site-time-zone';
import { pathText } from '../doc-model';
import { Labelled } from '../Fields';
import { docAtom } from '../store';
import { registerWidget, type WidgetProps } from '../widget-registry';
import { defaultTimeFor, shownDateTime, storedDateTime, zoneLabel } from './date-time-value';

function DateTimeField({ spec, value, path, ctx, messages }: WidgetProps) {
  const timeZone = siteTimeZone(useAtomValue(docAtom));
  const id = 'f-' + pathText(path).replace(/[^A-Za-z0-9_-]+/g, '-');
  const defaultTime = defaultTimeFor(spec.key);
  const shown = shownDateTime(value, timeZone, defaultTime);
  // A time typed before any date waits here until a date is picked (nothing can be stored without one).
  const [pendingTime, setPendingTime] = useState('');
  const time = shown.date ? shown.time : pendingTime;
  const instant = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  const store = (date: string, clock: string) =>
    ctx.set(path, date ? storedDateTime(date, clock, timeZone, defaultTime) : undefined, `Edit ${spec.label.toLowerCase()}`);
  return (
    <Labelled spec={spec} id={id} messages={messages}>
      <div className="date-time-inputs">
        <input
          id={id}
          type="date"
          value={shown.date}
          aria-invalid={messages.length ? true : undefined}
          aria-describedby={`${id}-zone`}
          onChange={(e) => store(e.target.value, time)}
        />
        <input
          type="time"
          step={1}
          aria-label={`${spec.label} time`}
          aria-describedby={`${id}-zone`}
          value={time}
          onChange={(e) => (shown.date ? store(shown.date, e.target.value) : setPendingTime(e.target.value))}
        />
        <span className="time-zone" id={`${id}-zone`}>
          {zoneLabel(timeZone, Number.isNaN(instant) ? Date.now() : instant)}
        </span>
      </div>
      {!spec.required && shown.date && (
        <button type="button" className="small link" onClick={() => ctx.set(path, undefined, `Clear ${spec.label.toLowerCase()}`)}>
          Clear {spec.label.toLowerCase()}
        </button>
      )}
    </Labelled>
  );
}

registerWidget('date-time', DateTimeField);
