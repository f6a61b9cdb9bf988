// Test drive appointment times (docs/requirements/vehicle-browsing.md#calls "Test drive appointment slots"): the server
// answers them from the chosen location's opening hours and holiday hours, and the booking form only shows its answer.
// Every half hour from opening until half an hour before closing; none on a closed day or a holiday the location closes.
import { dateTimeFormat } from '../format';
import type { DealerLocation, OpeningHourEntry } from './location';
import { specialHourTimes } from './opening-hours';

const SLOT_MINUTES = 30;

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

function span(openText: string | null | undefined, closeText: string | null | undefined, formatted?: string | null): [number, number] | null {
  let open = parseClock(openText);
  let close = parseClock(closeText);
  if ((open === null || close === null) && formatted) {
    const [a, b] = formatted.split(/\s*[-–]\s*/);
    open = parseClock(a);
    close = parseClock(b);
  }
  return open !== null && close !== null && close > open ? [open, close] : null;
}

function openingSpan(entry: OpeningHourEntry | undefined): [number, number] | null {
  if (!entry || entry.status === 'Closed') return null;
  return span(entry.open, entry.close, entry.formated_hours);
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
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  // 2025-02-30 is not a day: Date would roll it over to March.
  if (date.getUTCMonth() !== Number(m[2]) - 1 || date.getUTCDate() !== Number(m[3])) return null;
  return date.getUTCDay();
}

type SlotLocation = Pick<DealerLocation, 'id' | 'contact_detail' | 'special_hours'>;

/** Slot values ('HH:MM') on a date at a location; [] for a closed day, a closed holiday or an unknown date. */
export function appointmentSlots(location: SlotLocation | null | undefined, isoDate: string): string[] {
  const weekday = weekdayOf(isoDate);
  if (weekday === null || !location) return [];
  // Holiday hours replace the weekly hours of their date (either shape: start_hour/end_hour or hours.begin/end).
  const holiday = location.special_hours?.find((s) => s.date === isoDate);
  const open = holiday
    ? holiday.status === 'Closed'
      ? null
      : span(specialHourTimes(holiday).start, specialHourTimes(holiday).end)
    : openingSpan(location.contact_detail?.opening_hours?.find((e) => e.weekday === weekday));
  if (!open) return [];
  const slots: string[] = [];
  for (let t = open[0]; t + SLOT_MINUTES <= open[1]; t += SLOT_MINUTES) slots.push(clock(t));
  return slots;
}

/** 'yyyy-mm-dd' of the day after `now` in the dealer's time zone: the earliest bookable day. */
export function earliestBookableDate(now: Date, timeZone = 'Australia/Brisbane'): string {
  const tomorrow = new Date(now.getTime() + 24 * 3600 * 1000);
  return dateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(tomorrow);
}

export const SLOTS_BAD_DATE = 'Choose a date as yyyy-mm-dd, for example 2025-07-07.';
export const SLOTS_PAST_DATE = 'Test drives can be booked from tomorrow. Please choose a later date.';

export interface AppointmentSlotsAnswer {
  date: string;
  location_id: number;
  location: string;
  slots: { value: string; label: string }[];
}

/** What the slots call answers for a date at a location, or the sentence saying what is wrong with the date. */
export function appointmentSlotsAnswer(
  location: SlotLocation & Pick<DealerLocation, 'name'>,
  isoDate: string,
  now: Date,
  timeZone?: string,
): AppointmentSlotsAnswer | { error: string } {
  if (weekdayOf(isoDate) === null) return { error: SLOTS_BAD_DATE };
  if (isoDate < earliestBookableDate(now, timeZone)) return { error: SLOTS_PAST_DATE };
  return {
    date: isoDate,
    location_id: location.id,
    location: location.name,
    slots: appointmentSlots(location, isoDate).map((value) => ({ value, label: slotLabel(value) })),
  };
}
