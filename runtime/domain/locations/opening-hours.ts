// Opening hours table (seed 001 §2, §4): Monday to Sunday, Closed, a 'Mon-Fri' summary.
import type { DealerLocation, OpeningHourEntry } from './location';
import { CLOSED_DAY_LINK_DEFAULTS } from './settings';
import type { ClosedDayLinkSettings } from '../../../schemas/generated/tenant';

/** Week order Monday to Sunday as weekday numbers (0 is Sunday). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export interface HoursRow {
  label: string;
  closed: boolean;
  /** Hours text, or 'Closed'. */
  text: string;
  /** On configured locations a closed day links to booking instead (seed 001 §2). */
  link?: { text: string; url: string };
}

export function hoursText(entry: OpeningHourEntry | undefined): string | null {
  if (!entry || entry.status === 'Closed') return null;
  const formatted = (entry.formated_hours ?? '').trim();
  if (formatted) return formatted;
  if (entry.open && entry.close) return `${entry.open} - ${entry.close}`;
  return null;
}

/** One row per day, Monday first; a day with no entry or no hours is Closed. */
export function weekHours(
  location: Pick<DealerLocation, 'id' | 'contact_detail'>,
  closedDayLink: ClosedDayLinkSettings = CLOSED_DAY_LINK_DEFAULTS,
): HoursRow[] {
  const entries = location.contact_detail?.opening_hours ?? [];
  const linkIds = closedDayLink.locationIds ?? [];
  const link = linkIds.includes(location.id)
    ? { text: closedDayLink.text ?? CLOSED_DAY_LINK_DEFAULTS.text, url: closedDayLink.url ?? CLOSED_DAY_LINK_DEFAULTS.url }
    : undefined;
  return WEEK_ORDER.map((weekday) => {
    const text = hoursText(entries.find((e) => e.weekday === weekday));
    const label = DAY_NAMES[weekday];
    if (text) return { label, closed: false, text };
    return link ? { label, closed: true, text: 'Closed', link } : { label, closed: true, text: 'Closed' };
  });
}

/** When Monday to Friday share the same open hours, they collapse into one 'Mon-Fri' row. */
export function summariseWeek(rows: readonly HoursRow[]): HoursRow[] {
  const weekdays = rows.slice(0, 5);
  const first = weekdays[0];
  const same = rows.length === 7 && !first.closed && weekdays.every((r) => !r.closed && r.text === first.text);
  return same ? [{ label: 'Mon-Fri', closed: false, text: first.text }, ...rows.slice(5)] : [...rows];
}

/** Special (holiday) hours in any of the shapes feeds send (seed 001 §3). */
export interface SpecialHoursEntry {
  date: string;
  status?: string | null;
  start_hour?: string | null;
  end_hour?: string | null;
  hours?: { begin?: string | null; end?: string | null } | null;
  location_id?: number | null;
}

export interface SpecialHoursRow {
  date: string;
  closed: boolean;
  text: string;
}

/** Holiday hours of one location only (seed 001 §6), by date, in one shape. */
export function specialHoursFor(entries: readonly SpecialHoursEntry[], locationId: number): SpecialHoursRow[] {
  return entries
    .filter((e) => e.location_id === locationId)
    .map((e) => {
      const start = e.start_hour ?? e.hours?.begin;
      const end = e.end_hour ?? e.hours?.end;
      const closed = (e.status ?? '').toLowerCase() === 'closed' || !start || !end;
      return { date: e.date, closed, text: closed ? 'Closed' : `${start} - ${end}` };
    })
    .sort((a, b) => a.date.localeCompare(b.date));
}
