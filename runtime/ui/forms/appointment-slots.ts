// Test drive appointment times from the chosen location's opening hours (docs/requirements/dealer-services.md#calls "Test drive appointment
// slots"; the seed does not show the service, so they are computed here): every half hour from opening until half an
// hour before closing, none on a closed day.
import type { DealerLocation, OpeningHourEntry } from '../../domain/locations';
import { dateTimeFormat } from '../../domain/format';

export const SLOT_MINUTES = 30;

/** '09:00', '9:00am', '5:30 pm' -> minutes after midnight; null when unreadable. */
export function parseClock(text: string | null | undefined): number | null {
  const m = /^\s*(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?\s*$/i.exec(text ?? '');
  if (!m) return null;
  let hours = Number(m[1]);
  const minutes = Number(m[2] ?? 0);
  const meridiem = m[3]?.toLowerCase();
  if (meridiem === 'pm' && hours < 12) hours += 12;
  if (meridiem === 'am' && hours === 12) hours = 0;
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

function openingSpan(entry: OpeningHourEntry | undefined): [number, number] | null {
  if (!entry || entry.status === 'Closed') return null;
  let open = parseClock(entry.open);
  let close = parseClock(entry.close);
  if ((open === null || close === null) && entry.formated_hours) {
    const [a, b] = entry.formated_hours.split(/\s*[-–]\s*/);
    open = parseClock(a);
    close = parseClock(b);
  }
  return open !== null && close !== null && close > open ? [open, close] : null;
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** '14:30' -> '2:30pm'. */
export function slotLabel(value: string): string {
  const minutes = parseClock(value);
  if (minutes === null) return value;
  const h = Math.floor(minutes / 60);
  return `${((h + 11) % 12) + 1}:${String(minutes % 60).padStart(2, '0')}${h < 12 ? 'am' : 'pm'}`;
}

/** Weekday (0 Sunday) of a 'yyyy-mm-dd' calendar date, independent of the browser's time zone. */
export function weekdayOf(isoDate: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return null;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).getUTCDay();
}

/** Slot values ('HH:MM') on a date at a location; [] for a closed day or an unknown date. */
export function appointmentSlots(location: Pick<DealerLocation, 'contact_detail'> | null | undefined, isoDate: string): string[] {
  const weekday = weekdayOf(isoDate);
  if (weekday === null || !location) return [];
  const span = openingSpan(location.contact_detail?.opening_hours?.find((e) => e.weekday === weekday));
  if (!span) return [];
  const slots: string[] = [];
  for (let t = span[0]; t + SLOT_MINUTES <= span[1]; t += SLOT_MINUTES) slots.push(clock(t));
  return slots;
}

/** 'yyyy-mm-dd' of the day after `now` in the dealer's time zone: the earliest bookable day. */
export function earliestBookableDate(now: Date, timeZone = 'Australia/Brisbane'): string {
  const tomorrow = new Date(now.getTime() + 24 * 3600 * 1000);
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(tomorrow);
}
