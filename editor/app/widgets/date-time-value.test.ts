import { describe, expect, it } from 'vitest';
import { defaultTimeFor, shownDateTime, storedDateTime, zoneLabel } from './date-time-value';

describe('the date-time picker', () => {
  it('stores what staff pick as the instant in the site zone, with that day’s offset', () => {
    expect(storedDateTime('2026-12-24', '17:00', 'Australia/Sydney', '00:00:00')).toBe('2026-12-24T17:00:00+11:00');
    expect(storedDateTime('2026-06-24', '17:00', 'Australia/Sydney', '00:00:00')).toBe('2026-06-24T17:00:00+10:00');
    expect(storedDateTime('2026-12-24', '17:00', 'Australia/Adelaide', '00:00:00')).toBe('2026-12-24T17:00:00+10:30');
    expect(storedDateTime('2026-12-24', '17:00', 'Australia/Brisbane', '00:00:00')).toBe('2026-12-24T17:00:00+10:00');
    expect(storedDateTime('2026-12-24', '17:00:30', 'Australia/Perth', '00:00:00')).toBe('2026-12-24T17:00:30+08:00');
  });

  it('on the day Sydney and Adelaide clocks go forward, a time before and after the change gets its own offset', () => {
    expect(storedDateTime('2026-10-04', '01:00', 'Australia/Sydney', '00:00:00')).toBe('2026-10-04T01:00:00+10:00');
    expect(storedDateTime('2026-10-04', '23:59:59', 'Australia/Sydney', '00:00:00')).toBe('2026-10-04T23:59:59+11:00');
    expect(storedDateTime('2026-10-04', '01:00', 'Australia/Adelaide', '00:00:00')).toBe('2026-10-04T01:00:00+09:30');
    expect(storedDateTime('2026-10-04', '23:59:59', 'Australia/Adelaide', '00:00:00')).toBe('2026-10-04T23:59:59+10:30');
  });

  it('a date picked without a time starts a promotion at 00:00:00 and ends it at 23:59:59', () => {
    expect(defaultTimeFor('start')).toBe('00:00:00');
    expect(defaultTimeFor('expiry')).toBe('23:59:59');
    expect(defaultTimeFor('expiryDate')).toBe('23:59:59');
    expect(storedDateTime('2026-07-24', '', 'Australia/Brisbane', defaultTimeFor('expiry'))).toBe('2026-07-24T23:59:59+10:00');
    expect(storedDateTime('', '10:00', 'Australia/Brisbane', '00:00:00')).toBeUndefined();
  });

  it('shows a stored value as the site’s wall clock, whatever offset it was written with', () => {
    expect(shownDateTime('2025-07-24T23:59:59+10:00', 'Australia/Brisbane', '00:00:00')).toEqual({ date: '2025-07-24', time: '23:59:59' });
    expect(shownDateTime('2025-07-24T23:59:59+10:00', 'Australia/Perth', '00:00:00')).toEqual({ date: '2025-07-24', time: '21:59:59' });
    expect(shownDateTime('2026-01-01T00:30:00+10:00', 'Australia/Sydney', '00:00:00')).toEqual({ date: '2026-01-01', time: '01:30:00' });
    // an older document's date alone: the whole day, shown with the time it stands for
    expect(shownDateTime('2025-07-24', 'Australia/Sydney', '23:59:59')).toEqual({ date: '2025-07-24', time: '23:59:59' });
    expect(shownDateTime(undefined, 'Australia/Sydney', '00:00:00')).toEqual({ date: '', time: '' });
  });

  it('names the zone beside the inputs with its abbreviation and offset at that instant', () => {
    expect(zoneLabel('Australia/Sydney', Date.parse('2026-12-24T17:00:00+11:00'))).toBe('Australia/Sydney (AEDT, UTC+11:00)');
    expect(zoneLabel('Australia/Sydney', Date.parse('2026-06-24T17:00:00+10:00'))).toBe('Australia/Sydney (AEST, UTC+10:00)');
    expect(zoneLabel('Australia/Adelaide', Date.parse('2026-06-24T17:00:00+09:30'))).toBe('Australia/Adelaide (ACST, UTC+09:30)');
    expect(zoneLabel('Australia/Perth', Date.parse('2026-12-24T17:00:00+08:00'))).toBe('Australia/Perth (AWST, UTC+08:00)');
  });
});
