// The opening hours widgets: a weekly grid (Monday to Sunday, a Closed toggle and opening and closing times per day)
// and special (holiday) hours by date. Changes go through the pure operations in runtime/document/hours.ts, which
// the validator's opening-hours check shares.
import { useState } from 'react';
import type { OpeningHour, SpecialHour } from '../../../schemas/generated/tenant';
import { putSpecialHours, removeSpecialHours, setDayHours, weeklyGrid } from '../../../runtime/document/hours';
import { registerWidget, type WidgetProps } from '../widget-registry';

function Problems({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <div className="field-error" role="alert">
      {[...new Set(messages)].map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}

function OpeningHoursGrid({ spec, value, path, ctx, messages }: WidgetProps) {
  const hours = Array.isArray(value) ? (value as OpeningHour[]) : [];
  const change = (weekday: number, name: string, c: { closed?: boolean; open?: string; close?: string }) =>
    ctx.set(path, setDayHours(hours, weekday, c), `Change ${name}'s hours`);
  return (
    <fieldset className={`field field-hours${messages.length ? ' invalid' : ''}`}>
      <legend>{spec.label}</legend>
      {spec.description && <p className="help">{spec.description}</p>}
      <table className="hours-grid">
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Closed</th>
            <th scope="col">Opens</th>
            <th scope="col">Closes</th>
          </tr>
        </thead>
        <tbody>
          {weeklyGrid(hours).map((d) => (
            <tr key={d.weekday} data-weekday={d.weekday}>
              <th scope="row">{d.name}</th>
              <td>
                <input
                  type="checkbox"
                  aria-label={`${d.name} closed`}
                  checked={d.closed}
                  onChange={(e) =>
                    change(d.weekday, d.name, {
                      closed: e.target.checked,
                      ...(!e.target.checked && !d.open && !d.close ? { open: '09:00', close: '17:00' } : {}),
                    })
                  }
                />
              </td>
              <td>
                <input
                  type="time"
                  aria-label={`${d.name} opens`}
                  value={d.open}
                  disabled={d.closed}
                  onChange={(e) => change(d.weekday, d.name, { open: e.target.value })}
                />
              </td>
              <td>
                <input
                  type="time"
                  aria-label={`${d.name} closes`}
                  value={d.close}
                  disabled={d.closed}
                  onChange={(e) => change(d.weekday, d.name, { close: e.target.value })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Problems messages={messages} />
    </fieldset>
  );
}

function SpecialHoursList({ spec, value, path, ctx, messages }: WidgetProps) {
  const list = Array.isArray(value) ? (value as SpecialHour[]) : [];
  const [draft, setDraft] = useState({ date: '', name: '', closed: true, start: '09:00', end: '13:00' });
  const [error, setError] = useState('');
  const put = (entry: Parameters<typeof putSpecialHours>[1], label: string) => ctx.set(path, putSpecialHours(list, entry), label);
  function add() {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) return setError('Choose the date first.');
    if (list.some((s) => s.date === draft.date)) return setError(`${draft.date} already has special hours: change them in the list.`);
    setError('');
    put({ date: draft.date, closed: draft.closed, start: draft.start, end: draft.end, name: draft.name }, `Add special hours on ${draft.date}`);
    setDraft({ ...draft, date: '', name: '' });
  }
  return (
    <fieldset className={`field field-special-hours${messages.length ? ' invalid' : ''}`}>
      <legend>{spec.label}</legend>
      {spec.description && <p className="help">{spec.description}</p>}
      {list.length === 0 && <p className="empty">No special hours.</p>}
      <ul className="special-hours">
        {list.map((s) => {
          const closed = s.status !== 'Open';
          const entry = { date: s.date, closed, start: s.start_hour, end: s.end_hour, name: s.name };
          return (
            <li key={s.date} data-date={s.date}>
              <strong>{s.date}</strong> {s.name && <span>{s.name}</span>}
              <label className="check">
                <input
                  type="checkbox"
                  checked={closed}
                  aria-label={`${s.date} closed`}
                  onChange={(e) =>
                    put({ ...entry, closed: e.target.checked, start: entry.start ?? '09:00', end: entry.end ?? '13:00' }, `Change special hours on ${s.date}`)
                  }
                />{' '}
                Closed
              </label>
              {!closed && (
                <>
                  <input
                    type="time"
                    aria-label={`${s.date} opens`}
                    value={s.start_hour ?? ''}
                    onChange={(e) => put({ ...entry, start: e.target.value }, `Change special hours on ${s.date}`)}
                  />
                  <input
                    type="time"
                    aria-label={`${s.date} closes`}
                    value={s.end_hour ?? ''}
                    onChange={(e) => put({ ...entry, end: e.target.value }, `Change special hours on ${s.date}`)}
                  />
                </>
              )}
              <button
                type="button"
                className="small danger"
                aria-label={`Remove special hours on ${s.date}`}
                onClick={() => ctx.set(path, removeSpecialHours(list, s.date), `Remove special hours on ${s.date}`)}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
      <div className="special-hours-add" role="group" aria-label="Add special hours">
        <label>
          Date <input type="date" value={draft.date} onChange={(e) => setDraft({ ...draft, date: e.target.value })} />
        </label>
        <label>
          Name <input type="text" value={draft.name} placeholder="Christmas Day" onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </label>
        <label className="check">
          <input type="checkbox" checked={draft.closed} onChange={(e) => setDraft({ ...draft, closed: e.target.checked })} /> Closed all day
        </label>
        {!draft.closed && (
          <>
            <label>
              Opens <input type="time" value={draft.start} onChange={(e) => setDraft({ ...draft, start: e.target.value })} />
            </label>
            <label>
              Closes <input type="time" value={draft.end} onChange={(e) => setDraft({ ...draft, end: e.target.value })} />
            </label>
          </>
        )}
        <button type="button" className="small" onClick={add}>
          Add special hours
        </button>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <Problems messages={messages} />
    </fieldset>
  );
}

registerWidget('opening-hours', OpeningHoursGrid);
registerWidget('special-hours', SpecialHoursList);
