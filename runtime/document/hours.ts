// Editing a location's opening hours as pure functions: the weekly grid (Monday first, a Closed toggle per day) and
// special (holiday) hours by date. The editor's hours widgets call them; the validator's opening-hours check uses
// hoursProblems, so the editor and CI agree on what is wrong.
import type { OpeningHour, SpecialHour } from '../../schemas/generated/tenant';
import { specialHourTimes } from '../domain/locations/opening-hours';

const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export interface DayHours {
  weekday: number;
  name: string;
  closed: boolean;
  open: string;
  close: string;
}

/** One row per day, Monday first. A day with no entry, or marked Closed, is closed. */
export function weeklyGrid(hours: readonly OpeningHour[] | undefined): DayHours[] {
  return WEEK_ORDER.map((weekday) => {
    const entry = (hours ?? []).find((h) => h.weekday === weekday);
    return { weekday, name: DAY_NAMES[weekday], closed: !entry || entry.status === 'Closed', open: entry?.open ?? '', close: entry?.close ?? '' };
  });
}

/** The opening hours with one day changed (its times kept when it is closed, so reopening it brings them back);
 *  one entry per day, Sunday (0) to Saturday (6). A feed's formatted text is dropped for a day staff change. */
export function setDayHours(
  hours: readonly OpeningHour[] | undefined,
  weekday: number,
  change: { closed?: boolean; open?: string; close?: string },
): OpeningHour[] {
  if (!Number.isInteger(weekday) || weekday < 0 || weekday > 6) throw new RangeError(`weekday ${weekday} is not 0 (Sunday) to 6 (Saturday)`);
  const day = weeklyGrid(hours).find((d) => d.weekday === weekday)!;
  const next = { ...day, ...change };
  const entry: OpeningHour = { weekday, status: next.closed ? 'Closed' : 'Open' };
  if (next.open) entry.open = next.open;
  if (next.close) entry.close = next.close;
  const others = (hours ?? []).filter((h) => h.weekday !== weekday);
  return [...others, entry].sort((a, b) => a.weekday - b.weekday);
}

/** Adds special hours for a date (closed unless times are given), or replaces that date's; sorted by date. */
export function putSpecialHours(
  list: readonly SpecialHour[] | undefined,
  entry: { date: string; closed: boolean; start?: string; end?: string; name?: string },
): SpecialHour[] {
  const item: SpecialHour = { date: entry.date, status: entry.closed ? 'Closed' : 'Open' };
  if (!entry.closed && entry.start) item.start_hour = entry.start;
  if (!entry.closed && entry.end) item.end_hour = entry.end;
  if (entry.name?.trim()) item.name = entry.name.trim();
  return [...(list ?? []).filter((s) => s.date !== entry.date), item].sort((a, b) => a.date.localeCompare(b.date));
}

export function removeSpecialHours(list: readonly SpecialHour[] | undefined, date: string): SpecialHour[] {
  return (list ?? []).filter((s) => s.date !== date);
}

export interface HoursProblem {
  /** Path segments below the location. */
  at: (string | number)[];
  message: string;
}

const realDate = (d: string) => {
  if (!DATE.test(d)) return false;
  const t = new Date(`${d}T00:00:00Z`);
  return t.toISOString().slice(0, 10) === d;
};

/** What is wrong with a location's hours, in words for dealer staff. */
export function hoursProblems(hours: readonly OpeningHour[] | undefined, special: readonly SpecialHour[] | undefined): HoursProblem[] {
  const problems: HoursProblem[] = [];
  const seen = new Set<number>();
  (hours ?? []).forEach((h, i) => {
    const day = DAY_NAMES[h.weekday] ?? `day ${h.weekday}`;
    if (seen.has(h.weekday)) problems.push({ at: ['contact_detail', 'opening_hours', i, 'weekday'], message: `${day} has more than one entry; keep one.` });
    seen.add(h.weekday);
    if (h.status !== 'Open' || h.formated_hours?.trim()) return;
    if (!h.open || !TIME.test(h.open))
      problems.push({ at: ['contact_detail', 'opening_hours', i, 'open'], message: `${day} is open: give its opening time (hh:mm), or mark it Closed.` });
    if (!h.close || !TIME.test(h.close))
      problems.push({ at: ['contact_detail', 'opening_hours', i, 'close'], message: `${day} is open: give its closing time (hh:mm), or mark it Closed.` });
    if (h.open && h.close && TIME.test(h.open) && TIME.test(h.close) && h.close <= h.open)
      problems.push({ at: ['contact_detail', 'opening_hours', i, 'close'], message: `${day} closes at ${h.close}, which is not after it opens (${h.open}).` });
  });
  const dates = new Set<string>();
  (special ?? []).forEach((s, i) => {
    if (!realDate(s.date)) problems.push({ at: ['special_hours', i, 'date'], message: `"${s.date}" is not a date (yyyy-mm-dd).` });
    if (dates.has(s.date)) problems.push({ at: ['special_hours', i, 'date'], message: `${s.date} has special hours twice; keep one.` });
    dates.add(s.date);
    if (s.status !== 'Open') return;
    // Either shape of the times: start_hour/end_hour, or hours.begin/end.
    const { start, end } = specialHourTimes(s);
    const field = (name: 'start_hour' | 'end_hour', other: 'begin' | 'end') => (s.hours && !s[name] ? ['hours', other] : [name]);
    if (!start || !TIME.test(start) || !end || !TIME.test(end))
      problems.push({
        at: ['special_hours', i, ...field('start_hour', 'begin')],
        message: `${s.date} is open: give its opening and closing times (hh:mm), or mark it Closed.`,
      });
    else if (end <= start)
      problems.push({ at: ['special_hours', i, ...field('end_hour', 'end')], message: `${s.date} closes at ${end}, which is not after it opens (${start}).` });
  });
  return problems;
}
