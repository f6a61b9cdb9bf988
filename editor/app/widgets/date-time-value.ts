// What the date-time picker shows and stores (pure, so it is unit tested without a browser): the stored value is an
// ISO date-time with its offset, shown as the wall clock of the site's time zone in a date and a time input.
import { isoToZonedLocal, zoneOffsetMinutes, zonedLocalToIso } from '../../../runtime/domain/time/zoned';
import { zoneAbbreviation } from '../../../runtime/domain/time/site-time-zone';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An expiry (or end) ends at the last second of a day picked without a time; anything else starts at its first. */
export const defaultTimeFor = (key: string) => (/expir|end/i.test(key) ? '23:59:59' : '00:00:00');

/** The date and time inputs' values for a stored value: a date alone shows with the time it stands for. */
export function shownDateTime(stored: unknown, timeZone: string, defaultTime: string): { date: string; time: string } {
  if (typeof stored !== 'string' || !stored) return { date: '', time: '' };
  if (DATE_ONLY.test(stored)) return { date: stored, time: defaultTime };
  const local = isoToZonedLocal(stored, timeZone, true);
  return local ? { date: local.slice(0, 10), time: local.slice(11) } : { date: '', time: '' };
}

/** What to store for a date and a time typed in the site's zone (a time input gives HH:mm or HH:mm:ss). */
export function storedDateTime(date: string, time: string, timeZone: string, defaultTime: string): string | undefined {
  if (!DATE_ONLY.test(date)) return undefined;
  const clock = /^\d{2}:\d{2}(:\d{2})?$/.test(time) ? time : defaultTime;
  return zonedLocalToIso(`${date}T${clock}`, timeZone) ?? undefined;
}

/** "Australia/Sydney (AEDT, UTC+11:00)": the zone named beside the inputs, as it is at the instant shown (or now). */
export function zoneLabel(timeZone: string, atMs: number): string {
  const minutes = zoneOffsetMinutes(atMs, timeZone);
  const abs = Math.abs(minutes);
  const offset = `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${timeZone} (${zoneAbbreviation(timeZone, atMs)}, UTC${offset})`;
}
