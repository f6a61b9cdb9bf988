import { describe, expect, it } from 'vitest';
import {
  clockTime,
  localToday,
  locationSpecialHours,
  openingHoursTable,
  specialHoursFor,
  summariseWeek,
  upcomingSpecialHours,
  weekHours,
  withTodaysSpecialHours,
} from './opening-hours';
import type { OpeningHourEntry } from './location';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

// The site's closed-day link is for no location (the default).
const NO_LINK = withSettingsDefaults('locations').closedDayLink;

const open = (weekday: number, formated_hours = '8:30am - 5:30pm'): OpeningHourEntry => ({ weekday, status: 'Open', formated_hours });
const location = (opening_hours: OpeningHourEntry[]) => ({ id: 7, contact_detail: { opening_hours } });

describe('weekHours (docs/requirements/dealer-services.md#screens)', () => {
  it('runs Monday to Sunday and shows Closed days', () => {
    const rows = weekHours(location([open(0, '10am - 4pm'), open(1), open(2), open(3), open(4), open(5), { weekday: 6, status: 'Closed' }]), NO_LINK);
    expect(rows.map((r) => r.label)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(rows[5]).toEqual({ label: 'Saturday', closed: true, text: 'Closed' });
    expect(rows[6]).toEqual({ label: 'Sunday', closed: false, text: '10am - 4pm' });
  });
  it('builds hours from open and close, and treats missing days as Closed', () => {
    const rows = weekHours(location([{ weekday: 1, status: 'Open', open: '8:00am', close: '5:00pm' }]), NO_LINK);
    expect(rows[0]?.text).toBe('8:00am - 5:00pm');
    expect(rows[1]?.text).toBe('Closed');
  });
  it('links closed days to booking on configured locations', () => {
    const rows = weekHours(location([open(1)]), { locationIds: [7], text: 'Enquire Now', url: '/book-a-service' });
    expect(rows[6]).toEqual({ label: 'Sunday', closed: true, text: 'Closed', link: { text: 'Enquire Now', url: '/book-a-service' } });
  });
});

describe('summariseWeek', () => {
  it("shows 'Mon-Fri' when all five weekdays share hours", () => {
    const rows = summariseWeek(weekHours(location([1, 2, 3, 4, 5].map((d) => open(d)).concat(open(6, '9am - 5pm'))), NO_LINK));
    expect(rows).toEqual([
      { label: 'Mon-Fri', closed: false, text: '8:30am - 5:30pm' },
      { label: 'Saturday', closed: false, text: '9am - 5pm' },
      { label: 'Sunday', closed: true, text: 'Closed' },
    ]);
  });
  it('keeps every day when weekdays differ', () => {
    const rows = summariseWeek(weekHours(location([open(1), open(2), open(3), open(4), open(5, '8:30am - 9:00pm')]), NO_LINK));
    expect(rows).toHaveLength(7);
  });
});

describe('specialHoursFor (docs/requirements/dealer-services.md#roles: filtered to their location)', () => {
  it('keeps only the location, normalises shapes and sorts by date', () => {
    expect(
      specialHoursFor(
        [
          { date: '2025-12-26', status: 'Open', hours: { begin: '9am', end: '1pm' }, location_id: 7 },
          { date: '2025-12-25', status: 'Closed', location_id: 7 },
          { date: '2025-12-24', status: 'Open', start_hour: '8am', end_hour: '12pm', location_id: 8 },
        ],
        7,
      ),
    ).toEqual([
      { date: '2025-12-25', closed: true, text: 'Closed' },
      { date: '2025-12-26', closed: false, text: '9am - 1pm' },
    ]);
  });
});

describe('clock times and holiday hours (docs/requirements/dealer-services.md#data, #roles)', () => {
  it('writes 24-hour times as shoppers read them', () => {
    expect(clockTime('08:30')).toBe('8:30am');
    expect(clockTime('17:00')).toBe('5:00pm');
    expect(clockTime('12:00')).toBe('12:00pm');
    expect(clockTime('00:15')).toBe('12:15am');
    expect(clockTime('9am')).toBe('9am');
    expect(weekHours(location([{ weekday: 1, status: 'Open', open: '08:30', close: '17:30' }]), NO_LINK)[0]?.text).toBe('8:30am - 5:30pm');
  });

  const week = [1, 2, 3, 4, 5].map((d) => ({ weekday: d, status: 'Open', open: '08:30', close: '17:30' }) as OpeningHourEntry);
  const qld = {
    id: 7,
    address: { state: 'QLD' },
    contact_detail: { opening_hours: week },
    special_hours: [
      { date: '2026-12-25', status: 'Closed', name: 'Christmas Day' },
      { date: '2026-12-24', status: 'Open', start_hour: '08:30', end_hour: '12:00' },
      { date: '2026-11-01', status: 'Closed' },
    ],
  };

  it("replaces today's weekly hours with today's special hours, and no 'Mon-Fri' summary then", () => {
    // Friday 25 December 2026, 10am in Brisbane
    const rows = openingHoursTable(qld, new Date('2026-12-25T00:00:00Z'), NO_LINK);
    expect(rows.map((r) => r.label)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(rows[4]).toEqual({ label: 'Friday', closed: true, text: 'Closed', special: { name: 'Christmas Day' } });
    expect(rows[3]?.text).toBe('8:30am - 5:30pm');
    // Thursday 24 December: open short hours
    expect(openingHoursTable(qld, new Date('2026-12-24T01:00:00Z'), NO_LINK)[3]).toEqual({
      label: 'Thursday',
      closed: false,
      text: '8:30am - 12:00pm',
      special: {},
    });
    // an ordinary week collapses to Mon-Fri
    expect(openingHoursTable(qld, new Date('2026-12-10T01:00:00Z'), NO_LINK)[0]).toEqual({ label: 'Mon-Fri', closed: false, text: '8:30am - 5:30pm' });
  });

  it("uses the location's own time zone for today", () => {
    const perth = { ...qld, address: { state: 'WA' } };
    // 15:30 UTC on 24 Dec is already the 25th in Brisbane (01:30) but still the 24th in Perth (23:30)
    expect(localToday(new Date('2026-12-24T15:30:00Z'), 'Australia/Brisbane').date).toBe('2026-12-25');
    expect(localToday(new Date('2026-12-24T16:30:00Z'), 'Australia/Brisbane').date).toBe('2026-12-25');
    expect(localToday(new Date('2026-12-24T16:30:00Z'), 'Australia/Perth').date).toBe('2026-12-25');
    expect(localToday(new Date('2026-12-24T15:30:00Z'), 'Australia/Perth')).toEqual({ date: '2026-12-24', weekday: 4 });
    expect(openingHoursTable(perth, new Date('2026-12-24T15:30:00Z'), NO_LINK)[3]?.special).toBeDefined();
  });

  it('lists upcoming special hours of the location only, by date', () => {
    const rows = locationSpecialHours(qld);
    expect(rows.map((r) => r.date)).toEqual(['2026-11-01', '2026-12-24', '2026-12-25']);
    expect(upcomingSpecialHours(rows, '2026-12-01')).toEqual([
      { date: '2026-12-24', closed: false, text: '8:30am - 12:00pm' },
      { date: '2026-12-25', closed: true, text: 'Closed', name: 'Christmas Day' },
    ]);
    expect(withTodaysSpecialHours(weekHours(qld, NO_LINK), rows, { date: '2026-12-02', weekday: 3 })).toEqual(weekHours(qld, NO_LINK));
  });
});
