// Shared display formatting (docs/requirements/dealer-services.md#constants: "$ prefix, thousands commas, no decimals",
// "Dates display dd/mm/yyyy", "Phone numbers format to 2-4-4 grouping with +61 turned to 0").

export const DEFAULT_TIME_ZONE = 'Australia/Brisbane';

type DateInput = Date | string | number;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

// Intl formatters are expensive to construct (a profile of page renders put 10% of server time in building one
// NumberFormat per call) and immutable once built: one instance per locale and options, reused.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.Collator>();

function cachedFormatter<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.Collator>(kind: string, locale: string, options: object, build: () => T): T {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A shared Intl.NumberFormat for the locale and options. */
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  cachedFormatter('number', locale, options, () => new Intl.NumberFormat(locale, options));

/** A shared Intl.DateTimeFormat for the locale and options. */
export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}) =>
  cachedFormatter('date', locale, options, () => new Intl.DateTimeFormat(locale, options));

/** A shared Intl.Collator for the locale and options (String#localeCompare with options builds one per call). */
export const collator = (locale: string, options: Intl.CollatorOptions = {}) =>
  cachedFormatter('collator', locale, options, () => new Intl.Collator(locale, options));

const byDecimals: Intl.NumberFormat[] = [];

/** Thousands commas; rounds half away from zero to `decimals` places. Non-finite numbers give ''. */
export function formatNumber(n: number, decimals = 0): string {
  if (!Number.isFinite(n)) return '';
  // Whole numbers (prices, km) are most calls of a page render: grouped by hand, as en-AU's format groups them.
  if (decimals === 0 && Number.isSafeInteger(n) && !Object.is(n, -0)) return groupedInteger(n);
  const fixed = decimals > 0 && Number.isInteger(decimals) ? roundedDecimal(n, decimals) : null;
  if (fixed !== null) return fixed;
  const format = (byDecimals[decimals] ??= numberFormat('en-AU', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }));
  return format.format(n);
}

/**
 * en-AU's format of `n` to `decimals` places, by hand: the browser's first Intl.NumberFormat loads its locale data,
 * one long task on a phone (an engine size on the vehicle page cost some 150 ms at Lighthouse's CPU slowdown).
 * Intl rounds the shortest decimal that reads back as `n` (String(n)) half away from zero, so this rounds that text.
 * Null when String(n) is in exponent form (Intl then does it).
 */
function roundedDecimal(n: number, decimals: number): string | null {
  const text = String(Math.abs(n));
  if (text.includes('e')) return null;
  const [whole, fraction = ''] = text.split('.');
  let digits = whole + fraction.slice(0, decimals).padEnd(decimals, '0');
  if (fraction.charCodeAt(decimals) >= 53 /* '5' */) {
    // Add one to the last kept digit, carrying leftwards ('9.96' at one place -> '10.0').
    let at = digits.length - 1;
    while (at >= 0 && digits[at] === '9') at--;
    digits = at < 0 ? `1${'0'.repeat(digits.length)}` : digits.slice(0, at) + String(Number(digits[at]) + 1) + '0'.repeat(digits.length - at - 1);
  }
  // Intl keeps the sign of a negative number that rounds to zero ('-0.0'), and of -0.
  return `${n < 0 || Object.is(n, -0) ? '-' : ''}${groupThousands(digits.slice(0, -decimals))}.${digits.slice(-decimals)}`;
}

/** '1,234,567' for a string of digits: en-AU's grouping (every three digits, a comma, from the last digit back). */
function groupThousands(digits: string): string {
  const head = digits.length % 3 || 3;
  let grouped = digits.slice(0, head);
  for (let at = head; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return grouped;
}

/** '-1,234,567' for a safe integer. */
const groupedInteger = (n: number) => `${n < 0 ? '-' : ''}${groupThousands(String(Math.abs(n)))}`;

/**
 * '$12,345'. Whole dollars: cents round half away from zero ($0.50 -> $1, -$0.50 -> -$1).
 * Negatives put the sign before the dollar sign ('-$1,234'); -0 after rounding shows '$0'.
 * Non-finite numbers give '' so a missing price never prints '$NaN'.
 */
export function formatMoney(n: number): string {
  if (!Number.isFinite(n)) return '';
  const whole = Math.sign(n) * Math.round(Math.abs(n));
  if (whole === 0) return '$0';
  return `${whole < 0 ? '-' : ''}$${formatNumber(Math.abs(whole))}`;
}

// The formatter of zonedDateParts per time zone (without building cachedFormatter's key per call).
const partsFormats = new Map<string, Intl.DateTimeFormat>();
// A time zone's offset from UTC in ms, per quarter hour of UTC time: formatToParts costs tens of microseconds, and a
// page asks for several dates (a car's rego, build and compliance dates, today). Offsets only change at DST and
// zone-rule transitions, which fall on quarter hours; bounded, as the instants come from stock feeds.
const offsets = new Map<string, Map<number, number>>();
const QUARTER_HOUR = 15 * 60_000;
const MAX_OFFSETS_PER_ZONE = 10_000;

/** The calendar parts from the time zone's formatter: the reference the offset memo is read from. */
function formattedParts(date: Date, timeZone: string) {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = dateTimeFormat('en-AU', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partsFormats.set(timeZone, format);
  }
  const calendar = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of format.formatToParts(date)) if (part.type in calendar) calendar[part.type as keyof typeof calendar] = Number(part.value);
  return calendar;
}

/** Calendar parts of an instant as seen in a time zone. */
export function zonedDateParts(date: Date, timeZone = DEFAULT_TIME_ZONE) {
  const time = date.getTime();
  if (!Number.isFinite(time)) return formattedParts(date, timeZone);
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  const quarter = Math.floor(time / QUARTER_HOUR);
  let offset = zone.get(quarter);
  if (offset === undefined) {
    const parts = formattedParts(date, timeZone);
    // Years 0-99 are taken as 1900-1999 by Date.UTC: set the year apart.
    const local = new Date(Date.UTC(2000, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second));
    local.setUTCFullYear(parts.year);
    offset = local.getTime() - (time - (((time % 1000) + 1000) % 1000));
    if (zone.size >= MAX_OFFSETS_PER_ZONE) zone.clear();
    zone.set(quarter, offset);
  }
  const local = new Date(time + offset);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** dd/mm/yyyy in Australia/Brisbane unless another IANA zone is passed; invalid input gives ''. */
export function formatDate(value: DateInput, timeZone = DEFAULT_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return '';
  const { year, month, day } = zonedDateParts(date, timeZone);
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}

/**
 * 2-4-4 grouping for 10-digit Australian numbers, '+61'/'61' becoming '0'
 * ('+61 7 3123 4567' -> '07 3123 4567'; mobiles too: '+61412345678' -> '04 1234 5678').
 * Other lengths (13 11 11, 1300 numbers written with fewer digits, 8-digit local numbers)
 * are returned trimmed and otherwise unchanged, since 2-4-4 would misgroup them.
 */
export function formatPhone(phone: string): string {
  const trimmed = (phone ?? '').trim();
  let digits = trimmed.replace(/\D/g, '');
  if (digits.startsWith('61') && digits.length === 11) digits = `0${digits.slice(2)}`;
  if (digits.length !== 10) return trimmed;
  return `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`;
}

/**
 * Last day of the month containing `now` (in the time zone), as the instant
 * 23:59:59.999 of that day there, so "offer ends" dates formatted in the same zone show that day.
 */
export function monthEnd(now: DateInput = new Date(), timeZone = DEFAULT_TIME_ZONE): Date {
  const date = toDate(now) ?? new Date();
  const { year, month } = zonedDateParts(date, timeZone);
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const wallClock = Date.UTC(year, month - 1, lastDay, 23, 59, 59, 999);
  // Offset of the zone at that wall-clock time (no DST in Brisbane, but other zones have it).
  const probe = new Date(wallClock);
  const seen = zonedDateParts(probe, timeZone);
  const offset = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second) - Math.floor(wallClock / 1000) * 1000;
  return new Date(wallClock - offset);
}

/**
 * Cuts text to at most `maxLength` characters and appends `ellipsis` ('...') when cut;
 * trailing whitespace before the ellipsis is dropped. Text within the limit is returned as is.
 */
export function truncate(text: string, maxLength: number, ellipsis = '...'): string {
  const value = text ?? '';
  if (value.length <= maxLength) return value;
  return `${value.slice(0, Math.max(0, maxLength)).trimEnd()}${ellipsis}`;
}
