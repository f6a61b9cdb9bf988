import { describe, expect, it } from 'vitest';
import { specialHoursFor, summariseWeek, weekHours } from './opening-hours';
import type { OpeningHourEntry } from './location';

const open = (weekday: number, formated_hours = '8:30am - 5:30pm'): OpeningHourEntry => ({ weekday, status: 'Open', formated_hours });
const location = (opening_hours: OpeningHourEntry[]) => ({ id: 7, contact_detail: { opening_hours } });

describe('weekHours (seed 001 §2)', () => {
  it('runs Monday to Sunday and shows Closed days', () => {
    const rows = weekHours(location([open(0, '10am - 4pm'), open(1), open(2), open(3), open(4), open(5), { weekday: 6, status: 'Closed' }]));
    expect(rows.map((r) => r.label)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(rows[5]).toEqual({ label: 'Saturday', closed: true, text: 'Closed' });
    expect(rows[6]).toEqual({ label: 'Sunday', closed: false, text: '10am - 4pm' });
  });
  it('builds hours from open and close, and treats missing days as Closed', () => {
    const rows = weekHours(location([{ weekday: 1, status: 'Open', open: '8:00am', close: '5:00pm' }]));
    expect(rows[0].text).toBe('8:00am - 5:00pm');
    expect(rows[1].text).toBe('Closed');
  });
  it('links closed days to booking on configured locations', () => {
    const rows = weekHours(location([open(1)]), { locationIds: [7], text: 'Enquire Now', url: '/book-a-service' });
    expect(rows[6]).toEqual({ label: 'Sunday', closed: true, text: 'Closed', link: { text: 'Enquire Now', url: '/book-a-service' } });
  });
});

describe('summariseWeek', () => {
  it("shows 'Mon-Fri' when all five weekdays share hours", () => {
    const rows = summariseWeek(weekHours(location([1, 2, 3, 4, 5].map((d) => open(d)).concat(open(6, '9am - 5pm')))));
    expect(rows).toEqual([
      { label: 'Mon-Fri', closed: false, text: '8:30am - 5:30pm' },
      { label: 'Saturday', closed: false, text: '9am - 5pm' },
      { label: 'Sunday', closed: true, text: 'Closed' },
    ]);
  });
  it('keeps every day when weekdays differ', () => {
    const rows = summariseWeek(weekHours(location([open(1), open(2), open(3), open(4), open(5, '8:30am - 9:00pm')])));
    expect(rows).toHaveLength(7);
  });
});

describe('specialHoursFor (seed 001 §6: filtered to their location)', () => {
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
