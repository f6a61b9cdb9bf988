// Wall-clock date-times in a site's time zone <-> ISO date-times with their offset (the schemas' start and expiry
// format, e.g. 2025-07-01T00:00:00+10:00), for the editor's date-time pickers. Correct across daylight saving: the
// offset is the zone's offset at that moment (Australia/Sydney is +11:00 in summer and +10:00 in winter).

/** Minutes the zone is ahead of UTC at the instant `utcMs`. */
export function zoneOffsetMinutes(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((wall - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

const offsetText = (minutes: number) => {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
};

/**
 * The ISO date-time with offset of a wall-clock time (as a datetime-local input gives it: 2026-01-15T09:00) in the
 * zone. A time skipped when clocks go forward is read as the same span after the change (02:30 -> 03:30); a time
 * that happens twice when clocks go back is the first of the two (still daylight time). Null for malformed input.
 */
export function zonedLocalToIso(local: string, timeZone: string): string | null {
  const m = LOCAL.exec(local);
  if (!m) return null;
  const [, year, month, day, hour, minute, second = 0] = m;
  const wallMs = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  // The two offsets in force around that wall time (before and after any change within a day).
  const before = zoneOffsetMinutes(wallMs - 86_400_000, timeZone);
  const after = zoneOffsetMinutes(wallMs + 86_400_000, timeZone);
  const candidates = [before, after].map((offset) => wallMs - offset * 60_000).filter((utc, i, all) => all.indexOf(utc) === i);
  // A candidate is right when the zone's offset at that instant is the one assumed; the earliest such wins.
  const valid = candidates.filter((utc) => wallMs - zoneOffsetMinutes(utc, timeZone) * 60_000 === utc).sort((a, b) => a - b);
  const utc = valid[0] ?? wallMs - before * 60_000; // in a gap: read with the offset before the change
  const offset = zoneOffsetMinutes(utc, timeZone);
  const shown = new Date(utc + offset * 60_000).toISOString().slice(0, 19);
  return `${shown}${offsetText(offset)}`;
}

/**
 * The wall-clock time (YYYY-MM-DDTHH:mm, or YYYY-MM-DDTHH:mm:ss `withSeconds`) in the zone of an ISO date-time or
 * date; null when it is not one. A date alone is the start of that day.
 */
export function isoToZonedLocal(iso: string, timeZone: string, withSeconds = false): string | null {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  const utc = Date.parse(dateOnly ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(utc)) return null;
  const length = withSeconds ? 19 : 16;
  if (dateOnly) return `${iso}T00:00:00`.slice(0, length);
  const offset = zoneOffsetMinutes(utc, timeZone);
  return new Date(utc + offset * 60_000).toISOString().slice(0, length);
}
