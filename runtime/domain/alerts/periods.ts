// When an alert is mailed: each frequency has periods (instant: the minute of the run; daily: the site's local day;
// weekly: the week of the site's weekly day), and a period is due once, inside the site's send window. The period's
// name is part of the mail's idempotency key, so a job run again in the same period finds its mail already queued.
import { dateTimeFormat } from '../format';
export type AlertFrequency = 'instant' | 'daily' | 'weekly' | 'off';
const ALERT_FREQUENCIES: readonly AlertFrequency[] = ['instant', 'daily', 'weekly', 'off'];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface AlertSchedule {
  timeZone: string;
  /** HH:MM, site time; start < end (the validator checks it). */
  window: { start: string; end: string };
  weeklyDay: Weekday;
}

interface LocalTime {
  date: string;
  hhmm: string;
  weekday: Weekday;
}

// The site's wall clock, read in parts; format.ts keeps one formatter per zone.
const formatterFor = (timeZone: string) =>
  dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    weekday: 'long',
  });

let lastLocal: { key: string; value: LocalTime } | undefined;

/** The site's wall clock at an instant. */
function localTime(nowMs: number, timeZone: string): LocalTime {
  const key = `${timeZone}\0${Math.floor(nowMs / 60_000)}`;
  if (lastLocal?.key === key) return lastLocal.value;
  lastLocal = { key, value: computeLocalTime(nowMs, timeZone) };
  return lastLocal.value;
}

function computeLocalTime(nowMs: number, timeZone: string): LocalTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(nowMs))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hhmm: `${parts.hour}:${parts.minute}`, weekday: (parts.weekday ?? '').toLowerCase() as Weekday };
}

const inSendWindow = (t: Pick<LocalTime, 'hhmm'>, window: AlertSchedule['window']) => t.hhmm >= window.start && t.hhmm < window.end;

/** The period the alert would be mailed for now, or null when it is not to be mailed now (off, outside the window,
 *  not the weekly day, or this period was already mailed). */
export function duePeriod(frequency: AlertFrequency, nowMs: number, schedule: AlertSchedule, lastPeriod: string | null): string | null {
  if (frequency === 'off') return null;
  const t = localTime(nowMs, schedule.timeZone);
  if (!inSendWindow(t, schedule.window)) return null;
  if (frequency === 'weekly' && t.weekday !== schedule.weeklyDay) return null;
  const period = frequency === 'instant' ? `instant:${t.date}T${t.hhmm}` : `${frequency}:${t.date}`;
  return period === lastPeriod ? null : period;
}

/** The one key of a mail: a shopper, one of their alerts, one period. The outbox refuses a second row with it. */
export const alertMailKey = (shopperId: string, alertId: string, period: string) => `alert:${shopperId}:${alertId}:${period}`;

export const isAlertFrequency = (v: unknown): v is AlertFrequency => typeof v === 'string' && (ALERT_FREQUENCIES as readonly string[]).includes(v);
