import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { zoneOffsetMinutes } from './time/zoned';
import { collator, dateTimeFormat, formatDate, formatMoney, formatNumber, formatPhone, monthEnd, numberFormat, truncate, zonedDateParts } from './format';

describe('formatMoney (docs/requirements/dealer-services.md#constants: $ prefix, thousands commas, no decimals)', () => {
  it('formats dollars with commas and no decimals', () => {
    expect(formatMoney(30000)).toBe('$30,000');
    expect(formatMoney(1234567)).toBe('$1,234,567');
    expect(formatMoney(200)).toBe('$200');
    expect(formatMoney(0)).toBe('$0');
  });
  it('rounds half away from zero and puts the sign first', () => {
    expect(formatMoney(912.25)).toBe('$912');
    expect(formatMoney(1360.5)).toBe('$1,361');
    expect(formatMoney(-1234.5)).toBe('-$1,235');
    expect(formatMoney(-0.4)).toBe('$0');
  });
  it('gives an empty string for non-numbers', () => {
    expect(formatMoney(Number.NaN)).toBe('');
  });
});

describe('formatNumber', () => {
  it('adds thousands commas', () => {
    expect(formatNumber(100000)).toBe('100,000');
    expect(formatNumber(1.7, 2)).toBe('1.70');
  });

  it('groups whole numbers as en-AU does, negatives and the largest safe integers too', () => {
    const enAU = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 0 });
    const samples = [0, -0, 7, 999, 1000, -1000, 12345, -123456, 1234567, 99999999, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 60];
    for (let digits = 1; digits <= 16; digits++) samples.push(Number('9'.repeat(digits)), -Number('1'.repeat(digits)));
    for (const n of samples) expect(formatNumber(n)).toBe(enAU.format(n));
    expect(formatNumber(-1234567)).toBe('-1,234,567');
  });

  it('formats decimals as en-AU does: half away from zero on the number as written, carries, negatives and zeros', () => {
    expect(formatNumber(2.5, 1)).toBe('2.5');
    expect(formatNumber(1.45, 1)).toBe('1.5'); // Intl rounds '1.45' (toFixed gives 1.4: the double is below)
    expect(formatNumber(1.005, 2)).toBe('1.01');
    expect(formatNumber(9.96, 1)).toBe('10.0');
    expect(formatNumber(999999.95, 1)).toBe('1,000,000.0');
    expect(formatNumber(-0.04, 1)).toBe('-0.0');
    expect(formatNumber(12345.678, 2)).toBe('12,345.68');
    const samples = [0, -0, 0.05, 0.95, -0.95, 1.25, 2.675, 123.456, 1e-7, 5e-7, 1e20, 123456789.125, Number.MAX_SAFE_INTEGER / 7, 1e21, 2 ** 70];
    // A fixed sequence of varied numbers (a linear congruential generator): whole, short and long fractions, large.
    let seed = 17;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 3000; i++) {
      const magnitude = 10 ** Math.floor(next() * 12 - 3);
      const value = (next() - 0.3) * magnitude;
      samples.push(value, Number(value.toFixed(Math.floor(next() * 5))));
    }
    for (const decimals of [1, 2, 3]) {
      const enAU = new Intl.NumberFormat('en-AU', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
      for (const n of samples) expect(formatNumber(n, decimals), `${n} to ${decimals}`).toBe(enAU.format(n));
    }
  });
});

describe('formatDate (dd/mm/yyyy, Brisbane)', () => {
  it('uses the Brisbane calendar day by default', () => {
    // 20:00 UTC on 31 Jan is 06:00 on 1 Feb in Brisbane (UTC+10)
    expect(formatDate(new Date('2025-01-31T20:00:00Z'))).toBe('01/02/2025');
    expect(formatDate('2025-07-24T00:00:00+10:00')).toBe('24/07/2025');
  });
  it('accepts another time zone', () => {
    expect(formatDate(new Date('2025-01-31T20:00:00Z'), 'UTC')).toBe('31/01/2025');
  });
  it('gives an empty string for invalid dates', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatPhone (2-4-4 with +61 turned to 0)', () => {
  it('groups landlines and mobiles 2-4-4', () => {
    expect(formatPhone('+61 7 3123 4567')).toBe('07 3123 4567');
    expect(formatPhone('0731234567')).toBe('07 3123 4567');
    expect(formatPhone('+61412345678')).toBe('04 1234 5678');
  });
  it('leaves other lengths unchanged', () => {
    expect(formatPhone(' 13 11 11 ')).toBe('13 11 11');
    expect(formatPhone('3123 4567')).toBe('3123 4567');
  });
});

describe('monthEnd', () => {
  it('is the last day of the current month in Brisbane', () => {
    expect(formatDate(monthEnd(new Date('2024-02-10T03:00:00Z')))).toBe('29/02/2024');
    expect(formatDate(monthEnd(new Date('2025-06-30T15:00:00Z')))).toBe('31/07/2025'); // 1 July in Brisbane
    expect(monthEnd(new Date('2025-04-02T00:00:00Z')).toISOString()).toBe('2025-04-30T13:59:59.999Z');
  });
});

describe('truncate', () => {
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(truncate('short', 400)).toBe('short');
    expect(truncate('abcdef', 3)).toBe('abc...');
    expect(truncate('abc def', 4)).toBe('abc...');
    expect(truncate('a'.repeat(401), 400)).toBe(`${'a'.repeat(400)}...`);
  });
});

describe('shared Intl formatters', () => {
  it('reuses one instance per locale and options, and keeps options apart', () => {
    expect(numberFormat('en-AU', { maximumFractionDigits: 1 })).toBe(numberFormat('en-AU', { maximumFractionDigits: 1 }));
    expect(numberFormat('en-AU', { maximumFractionDigits: 1 })).not.toBe(numberFormat('en-AU', { maximumFractionDigits: 2 }));
    expect(dateTimeFormat('en-AU', { timeZone: 'Australia/Perth' })).not.toBe(dateTimeFormat('en-AU', { timeZone: 'Australia/Brisbane' }));
    expect(collator('en-AU', { numeric: true }).compare('CX-5', 'CX-30')).toBeLessThan(0);
    // Decimals in one call never leak into the next.
    expect(formatNumber(1234.56, 1)).toBe('1,234.6');
    expect(formatNumber(1234.56)).toBe('1,235');
    expect(formatNumber(2.5, 2)).toBe('2.50');
  });
});

describe('zonedDateParts (offsets kept per quarter hour)', () => {
  const ZONES = [
    'Australia/Brisbane',
    'Australia/Sydney',
    'Australia/Adelaide',
    'Australia/Lord_Howe',
    'Australia/Perth',
    'UTC',
    'America/St_Johns',
    'Asia/Kathmandu',
  ];
  // The reference: the editor's offset of a zone at an instant (time/zoned.ts, a fresh Intl formatter each call).
  const byFormatter = (date: Date, timeZone: string) => {
    const local = new Date(date.getTime() + zoneOffsetMinutes(date.getTime(), timeZone) * 60_000);
    const [year, month, day, hour, minute, second] = [
      local.getUTCFullYear(),
      local.getUTCMonth() + 1,
      local.getUTCDate(),
      local.getUTCHours(),
      local.getUTCMinutes(),
      local.getUTCSeconds(),
    ];
    return { year, month, day, hour, minute, second };
  };
  it('gives what Intl gives for any instant, also next to one already asked for (DST changes included)', () => {
    const instant = fc.integer({ min: Date.UTC(1971, 0, 1), max: Date.UTC(2060, 0, 1) });
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), instant, fc.integer({ min: -3_600_000, max: 3_600_000 }), (zone, time, step) => {
        for (const at of [time, time + step, time + (step % 900_000)]) expect(zonedDateParts(new Date(at), zone)).toEqual(byFormatter(new Date(at), zone));
      }),
      { numRuns: 3000 },
    );
  });
  it("is right on both sides of Sydney's and Lord Howe's clock changes", () => {
    // Sydney: 2026-04-05 03:00 AEDT -> 02:00 AEST (16:00 UTC on the 4th); Lord Howe moves half an hour at 15:00 UTC.
    for (const zone of ['Australia/Sydney', 'Australia/Lord_Howe'])
      for (let t = Date.UTC(2026, 3, 4, 14, 0); t <= Date.UTC(2026, 3, 4, 17, 0); t += 60_000 * 7 + 1234)
        expect(zonedDateParts(new Date(t), zone)).toEqual(byFormatter(new Date(t), zone));
  });
});
