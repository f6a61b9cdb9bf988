// A moment as staff read it on the site's clock: "Tue 1 Dec 2026, 9:00 am AEST" (schedules, share links, dated blocks).
import { zoneAbbreviation } from './site-time-zone';

export function siteClockLabel(atMs: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-AU', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(new Date(atMs));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()} ${zoneAbbreviation(timeZone, atMs)}`;
}
