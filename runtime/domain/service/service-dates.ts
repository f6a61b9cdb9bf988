// Preferred Service Date (issue 13; docs/requirements/dealer-services.md#screens, #data): only days the chosen service location is open, from its weekly
// opening hours and its special (holiday) hours, never in the past, counted in the location's own time zone.
import { hoursText, specialHoursFor, type SpecialHoursEntry } from '../locations/opening-hours';
import { locationTimeZone, type DealerLocation } from '../locations/location';
import { dateTimeFormat } from '../format';

export type ServiceLocation = DealerLocation & { special_hours?: SpecialHoursEntry[] | null };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar date (YYYY-MM-DD) it is at `now` in `timeZone`. */
export function dateIn(timeZone: string, now: Date | number): string {
  const parts = dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(now));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** A real calendar date in YYYY-MM-DD form (not 2026-02-30). */
function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 0 Sunday to 6 Saturday, as opening hour entries count weekdays. */
function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** Open on that date: a special (holiday) entry for the date decides; otherwise the weekly hours of its weekday. */
export function isLocationOpenOn(location: ServiceLocation, date: string): boolean {
  // The location's own special hours; entries naming another location are not its hours (docs/requirements/dealer-services.md#roles).
  const entries: readonly SpecialHoursEntry[] = location.special_hours ?? [];
  const own = entries.filter((e) => e.location_id === undefined || e.location_id === null || e.location_id === location.id);
  const special = specialHoursFor(
    own.map((e) => ({ ...e, location_id: location.id })),
    location.id,
  ).find((s) => s.date === date);
  if (special) return !special.closed;
  const entry = (location.contact_detail?.opening_hours ?? []).find((e) => e.weekday === weekdayOf(date));
  return hoursText(entry) !== null;
}

export type ServiceDateProblem = 'invalid' | 'past' | 'closed' | 'too-far';

/** Why a date cannot be booked at this location, or null when it can. */
export function serviceDateProblem(location: ServiceLocation, date: string, now: Date | number, windowDays?: number): ServiceDateProblem | null {
  if (!isIsoDate(date)) return 'invalid';
  const today = dateIn(locationTimeZone(location), now);
  if (date < today) return 'past';
  if (windowDays !== undefined && date > addDays(today, windowDays - 1)) return 'too-far';
  return isLocationOpenOn(location, date) ? null : 'closed';
}

/** The dates offered for a booking: from today (in the location's time zone) for `days` days, open days only. */
export function openServiceDates(location: ServiceLocation, now: Date | number, days: number): string[] {
  const today = dateIn(locationTimeZone(location), now);
  const dates: string[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDays(today, i);
    if (isLocationOpenOn(location, date)) dates.push(date);
  }
  return dates;
}

const DAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** 'Mon 24/11/2026' (docs/requirements/dealer-services.md#constants: dates display dd/mm/yyyy). */
export function serviceDateLabel(date: string): string {
  const [y, m, d] = date.split('-');
  return `${DAY_SHORT[weekdayOf(date)]} ${d}/${m}/${y}`;
}
