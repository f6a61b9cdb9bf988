import { describe, expect, it } from 'vitest';
import { viewDay, visitorKey } from './visits';

describe('viewDay', () => {
  it("is the calendar day in the site's time zone, across daylight saving", () => {
    // 23:30 UTC on 20 November is 09:30 on the 21st in Brisbane (+10) and 10:30 in Sydney (+11, daylight time)
    expect(viewDay(Date.parse('2026-11-20T23:30:00Z'), 'Australia/Brisbane')).toBe('2026-11-21');
    expect(viewDay(Date.parse('2026-11-20T13:59:59Z'), 'Australia/Brisbane')).toBe('2026-11-20');
    expect(viewDay(Date.parse('2026-11-20T14:00:00Z'), 'Australia/Brisbane')).toBe('2026-11-21');
    expect(viewDay(Date.parse('2026-11-20T12:59:59Z'), 'Australia/Sydney')).toBe('2026-11-20');
    expect(viewDay(Date.parse('2026-11-20T13:00:00Z'), 'Australia/Sydney')).toBe('2026-11-21');
    expect(viewDay(Date.parse('2026-11-20T15:59:59Z'), 'Australia/Perth')).toBe('2026-11-20');
  });
});

describe('visitorKey', () => {
  it('is the same for one address, site, car and day, and differs when any of them does', () => {
    const key = visitorKey('site-a', 1, '2026-11-20', '203.0.113.7');
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(visitorKey('site-a', 1, '2026-11-20', '203.0.113.7')).toBe(key);
    const others = [
      visitorKey('site-a', 1, '2026-11-20', '203.0.113.8'),
      visitorKey('site-a', 2, '2026-11-20', '203.0.113.7'),
      visitorKey('site-a', 1, '2026-11-21', '203.0.113.7'),
      visitorKey('site-b', 1, '2026-11-20', '203.0.113.7'),
    ];
    expect(new Set([key, ...others]).size).toBe(5);
    expect(key).not.toContain('203');
  });
});
