// Opening hours table (docs/requirements/dealer-services.md#screens, #states): Monday to Sunday, Closed, a 'Mon-Fri' summary.
import { zonedDateParts } from '../format';
import { locationTimeZone, type DealerLocation, type OpeningHourEntry } from './location';
import type { ResolvedClosedDayLinkSettings } from '../settings';

/** Week order Monday to Sunday as weekday numbers (0 is Sunday). */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export interface HoursRow {
  label: string;
  closed: boolean;
  /** Hours text, or 'Closed'. */
  text: string;
  /** On configured locations a closed day links to booking instead (docs/requirements/dealer-services.md#screens). */
  link?: { text: string; url: string };
  /** Today's special (holiday) hours replaced the weekly ones on this row. */
  special?: { name?: string };
}

/** '08:30' -> '8:30am', '17:00' -> '5:00pm'; any other text is returned as it is. */
export function clockTime(value: string): string {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  if (!m) return value.trim();
  const hour = Number(m[1]);
  const suffix = hour < 12 ? 'am' : 'pm';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${m[2]}${suffix}`;
}

export function hoursText(entry: OpeningHourEntry | undefined): string | null {
  if (!entry || entry.status === 'Closed') return null;
  const formatted = (entry.formated_hours ?? '').trim();
  if (formatted) return formatted;
  if (entry.open && entry.close) return `${clockTime(entry.open)} - ${clockTime(entry.close)}`;
  return null;
}

/** One row per day, Monday first; a day with no entry or no hours is Closed. */
export function weekHours(location: Pick<DealerLocation, 'id' | 'contact_detail'>, closedDayLink: ResolvedClosedDayLinkSettings): HoursRow[] {
  const entries = location.contact_detail?.opening_hours ?? [];
  const link = closedDayLink.locationIds.includes(location.id) ? { text: closedDayLink.text, url: closedDayLink.url } : undefined;
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
  if (!first || rows.length !== 7) return [...rows];
  const same = !first.closed && weekdays.every((r) => !r.closed && !r.special && r.text === first.text);
  return same ? [{ label: 'Mon-Fri', closed: false, text: first.text }, ...rows.slice(5)] : [...rows];
}

/** Special (holiday) hours in any of the shapes feeds send (docs/requirements/dealer-services.md#data). */
export interface SpecialHoursEntry {
  date: string;
  status?: string | null;
  start_hour?: string | null;
  end_hour?: string | null;
  hours?: { begin?: string | null; end?: string | null } | null;
  location_id?: number | null;
  name?: string | null;
}

export interface SpecialHoursRow {
  /** yyyy-mm-dd */
  date: string;
  closed: boolean;
  /** Hours, or 'Closed'. */
  text: string;
  name?: string;
}

/** A special hours entry's opening and closing times, from either shape (start_hour/end_hour or hours.begin/end). */
export function specialHourTimes(e: Pick<SpecialHoursEntry, 'start_hour' | 'end_hour' | 'hours'>): { start: string | null; end: string | null } {
  return { start: e.start_hour || e.hours?.begin || null, end: e.end_hour || e.hours?.end || null };
}

/** Holiday hours of one location only (docs/requirements/dealer-services.md#roles), by date, in one shape. */
export function specialHoursFor(entries: readonly SpecialHoursEntry[], locationId: number): SpecialHoursRow[] {
  return entries
    .filter((e) => e.location_id === locationId)
    .map((e) => {
      const { start, end } = specialHourTimes(e);
      const closed = (e.status ?? '').toLowerCase() === 'closed' || !start || !end;
      const row: SpecialHoursRow = { date: e.date, closed, text: closed ? 'Closed' : `${clockTime(start)} - ${clockTime(end)}` };
      if (e.name) row.name = e.name;
      return row;
    })
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The location's own special hours (kept on the location in tenant documents), as rows by date. */
export function locationSpecialHours(location: Pick<DealerLocation, 'id' | 'special_hours'>): SpecialHoursRow[] {
  return specialHoursFor(
    (location.special_hours ?? []).map((e) => ({ ...e, location_id: location.id })),
    location.id,
  );
}

/** Today's date (yyyy-mm-dd) and weekday (0 Sunday) where the location is. */
export function localToday(now: Date, timeZone: string): { date: string; weekday: number } {
  const { year, month, day } = zonedDateParts(now, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { date: `${year}-${pad(month)}-${pad(day)}`, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

/** Special hours from today on: what the 'View Holiday Hours' dialog lists. */
export function upcomingSpecialHours(rows: readonly SpecialHoursRow[], today: string): SpecialHoursRow[] {
  return rows.filter((r) => r.date >= today);
}

/** The weekly rows with today's row replaced by today's special hours, when the location has some for today. */
export function withTodaysSpecialHours(rows: readonly HoursRow[], special: readonly SpecialHoursRow[], today: { date: string; weekday: number }): HoursRow[] {
  const todays = special.find((s) => s.date === today.date);
  if (!todays) return [...rows];
  const label = DAY_NAMES[today.weekday];
  return rows.map((row) =>
    row.label === label ? { label, closed: todays.closed, text: todays.text, special: todays.name ? { name: todays.name } : {} } : row,
  );
}

/** The Opening Hours table of a location at a moment: Monday to Sunday, today's holiday hours in, 'Mon-Fri' when shared. */
export function openingHoursTable(
  location: Pick<DealerLocation, 'id' | 'contact_detail' | 'special_hours' | 'address'>,
  now: Date,
  closedDayLink: ResolvedClosedDayLinkSettings,
): HoursRow[] {
  const today = localToday(now, locationTimeZone(location));
  return summariseWeek(withTodaysSpecialHours(weekHours(location, closedDayLink), locationSpecialHours(location), today));
}
