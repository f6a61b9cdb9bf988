// The Opening Hours table (docs/requirements/dealer-services.md#screens, #states): Monday to Sunday, Closed or the Enquire Now link, 'Mon-Fri' when the
// weekdays share hours, today's holiday hours in place of the weekly ones, a type selector when the same place has
// several location types, and the 'View Holiday Hours' dialog.
import { useId, useState } from 'react';
import { formatDate } from '../../domain/format';
import {
  DAY_NAMES,
  locationSpecialHours,
  pathResolves,
  locationTimeZone,
  localToday,
  locationTypesAtSamePlace,
  openingHoursTable,
  upcomingSpecialHours,
  type DealerLocation,
} from '../../domain/locations';
import { SiteLink } from '../../renderer/SiteLink';
import { useSite } from '../../renderer/site-context';
import { Dialog } from '../dialogs/Dialog';
import { resolvedSettings } from '../../domain/settings';

const TYPE_LABELS: Record<string, string> = { service: 'Service', parts: 'Parts' };
const locationTypeLabel = (l: Pick<DealerLocation, 'location_type'>) => TYPE_LABELS[l.location_type ?? ''] ?? 'Sales';

function HolidayHoursDialog({ location, now }: { location: DealerLocation; now: Date }) {
  const [open, setOpen] = useState(false);
  const today = localToday(now, locationTimeZone(location)).date;
  const rows = upcomingSpecialHours(locationSpecialHours(location), today);
  if (!rows.length) return null;
  return (
    <>
      <button type="button" className="link-button holiday-hours-open" onClick={() => setOpen(true)}>
        View Holiday Hours
      </button>
      <Dialog title={`Holiday Hours: ${location.name}`} open={open} onClose={() => setOpen(false)} className="holiday-hours-dialog">
        <table className="holiday-hours">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col">Hours</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const weekday = DAY_NAMES[new Date(`${r.date}T00:00:00Z`).getUTCDay()];
              return (
                <tr key={r.date}>
                  <td>
                    {weekday} {formatDate(`${r.date}T12:00:00Z`, 'UTC')}
                    {r.name && <span className="holiday-name">{r.name}</span>}
                  </td>
                  <td>{r.closed ? 'Closed' : 'Open'}</td>
                  <td>{r.closed ? '-' : r.text}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Dialog>
    </>
  );
}

export function OpeningHours({
  location,
  all,
  now,
  headingLevel: Heading,
}: {
  location: DealerLocation;
  all: readonly DealerLocation[];
  now: Date;
  /** One level below the heading the hours sit under. */
  headingLevel: 'h2' | 'h3' | 'h4';
}) {
  const site = useSite();
  const selectId = useId();
  const samePlace = locationTypesAtSamePlace(location, all);
  const [chosenId, setChosenId] = useState(location.id);
  const chosen = samePlace.find((l) => l.id === chosenId) ?? location;
  const rows = openingHoursTable(chosen, now, resolvedSettings(site.settings).locations.closedDayLink);
  // The Enquire Now link only to a page that exists on this site (or a full external address).
  const linkWorks = (url: string) => /^https?:\/\//.test(url) || pathResolves(site.pages, url);
  return (
    <div className="hours">
      <Heading className="hours-title">Opening Hours</Heading>
      {samePlace.length > 1 && (
        // docs/requirements/dealer-services.md#states: the type selector changes which location's hours are shown
        <p className="hours-type">
          <label htmlFor={selectId}>Show hours for </label>
          <select id={selectId} value={chosen.id} onChange={(e) => setChosenId(Number(e.target.value))}>
            {samePlace.map((l) => (
              <option key={l.id} value={l.id}>
                {locationTypeLabel(l)}
              </option>
            ))}
          </select>
        </p>
      )}
      <table>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className={[row.closed ? 'closed' : '', row.special ? 'special' : ''].join(' ').trim() || undefined}>
              <th scope="row">{row.label}</th>
              <td>
                {row.link && row.closed && linkWorks(row.link.url) ? <SiteLink href={row.link.url}>{row.link.text}</SiteLink> : row.text}
                {row.special && <span className="hours-special"> ({row.special.name ?? 'Holiday hours'})</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <HolidayHoursDialog location={chosen} now={now} />
    </div>
  );
}
