import { describe, expect, it } from 'vitest';
import { isoToZonedLocal, zonedLocalToIso } from './zoned';

const SYDNEY = 'Australia/Sydney';

describe('zonedLocalToIso (Australia/Sydney)', () => {
  it('summer (daylight time) is +11:00 and winter is +10:00', () => {
    expect(zonedLocalToIso('2026-01-15T09:00', SYDNEY)).toBe('2026-01-15T09:00:00+11:00');
    expect(zonedLocalToIso('2026-07-15T23:59', SYDNEY)).toBe('2026-07-15T23:59:00+10:00');
  });

  it('both sides of the October change (clocks forward at 02:00 on 4 October 2026)', () => {
    expect(zonedLocalToIso('2026-10-04T01:59', SYDNEY)).toBe('2026-10-04T01:59:00+10:00');
    expect(zonedLocalToIso('2026-10-04T03:00', SYDNEY)).toBe('2026-10-04T03:00:00+11:00');
    // 02:30 does not happen that night: the same instant as 03:30 daylight time.
    expect(zonedLocalToIso('2026-10-04T02:30', SYDNEY)).toBe('2026-10-04T03:30:00+11:00');
  });

  it('both sides of the April change (clocks back at 03:00 on 5 April 2026); 02:30 happens twice, the first is taken', () => {
    expect(zonedLocalToIso('2026-04-05T01:00', SYDNEY)).toBe('2026-04-05T01:00:00+11:00');
    expect(zonedLocalToIso('2026-04-05T02:30', SYDNEY)).toBe('2026-04-05T02:30:00+11:00');
    expect(zonedLocalToIso('2026-04-05T03:30', SYDNEY)).toBe('2026-04-05T03:30:00+10:00');
  });

  it('Brisbane has no daylight saving: +10:00 all year', () => {
    expect(zonedLocalToIso('2026-01-15T09:00', 'Australia/Brisbane')).toBe('2026-01-15T09:00:00+10:00');
    expect(zonedLocalToIso('2026-07-15T09:00', 'Australia/Brisbane')).toBe('2026-07-15T09:00:00+10:00');
  });

  it('refuses malformed input', () => {
    expect(zonedLocalToIso('15/01/2026 9am', SYDNEY)).toBeNull();
  });
});

describe('isoToZonedLocal', () => {
  it('shows a stored date-time as the wall clock of the site, whatever offset it was written with', () => {
    expect(isoToZonedLocal('2026-01-15T09:00:00+11:00', SYDNEY)).toBe('2026-01-15T09:00');
    expect(isoToZonedLocal('2026-07-14T23:00:00Z', SYDNEY)).toBe('2026-07-15T09:00');
    expect(isoToZonedLocal('2026-07-24', SYDNEY)).toBe('2026-07-24T00:00');
    expect(isoToZonedLocal('soon', SYDNEY)).toBeNull();
  });

  it('round-trips with zonedLocalToIso on both sides of both changes', () => {
    for (const local of ['2026-10-04T01:59', '2026-10-04T03:00', '2026-04-05T02:30', '2026-04-05T03:30']) {
      expect(isoToZonedLocal(zonedLocalToIso(local, SYDNEY)!, SYDNEY)).toBe(local);
    }
  });
});

describe('zonedLocalToIso in other Australian zones', () => {
  it('Adelaide: +10:30 in summer, +09:30 in winter; 02:30 on its October change day does not happen', () => {
    expect(zonedLocalToIso('2026-01-15T09:00', 'Australia/Adelaide')).toBe('2026-01-15T09:00:00+10:30');
    expect(zonedLocalToIso('2026-07-15T09:00', 'Australia/Adelaide')).toBe('2026-07-15T09:00:00+09:30');
    expect(zonedLocalToIso('2026-10-04T01:59', 'Australia/Adelaide')).toBe('2026-10-04T01:59:00+09:30');
    expect(zonedLocalToIso('2026-10-04T02:30', 'Australia/Adelaide')).toBe('2026-10-04T03:30:00+10:30');
    expect(zonedLocalToIso('2026-04-05T02:30', 'Australia/Adelaide')).toBe('2026-04-05T02:30:00+10:30');
    expect(zonedLocalToIso('2026-04-05T03:30', 'Australia/Adelaide')).toBe('2026-04-05T03:30:00+09:30');
  });

  it('Perth has no daylight saving: +08:00 all year, on the eastern states change days too', () => {
    for (const local of ['2026-01-15T09:00', '2026-04-05T02:30', '2026-07-15T23:59', '2026-10-04T02:30'])
      expect(zonedLocalToIso(local, 'Australia/Perth')).toBe(`${local}:00+08:00`);
  });

  it('keeps seconds (an expiry at 23:59:59)', () => {
    expect(zonedLocalToIso('2026-07-24T23:59:59', 'Australia/Brisbane')).toBe('2026-07-24T23:59:59+10:00');
    expect(isoToZonedLocal('2026-07-24T23:59:59+10:00', 'Australia/Perth', true)).toBe('2026-07-24T21:59:59');
  });
});
