import { describe, expect, it } from 'vitest';
import { produce } from 'immer';
import { allLocations, applyOpeningHoursToAll, copySpecialHours } from './location-hours';

const week = [
  { weekday: 1, status: 'Open', open: '08:30', close: '17:30' },
  { weekday: 6, status: 'Open', open: '09:00', close: '13:00' },
];
type Loc = { name: string; contact_detail: { phone: string; opening_hours?: object[] }; special_hours?: object[] };
const doc: { dealerships: { name: string; locations: Loc[] }[] } = {
  dealerships: [
    {
      name: 'Southern Cross Toyota',
      locations: [
        {
          name: 'Sales',
          contact_detail: { phone: '1', opening_hours: week },
          special_hours: [{ date: '2026-12-25', status: 'Closed', name: 'Christmas Day' }],
        },
        {
          name: 'Service',
          contact_detail: { phone: '2', opening_hours: [] },
          special_hours: [{ date: '2026-12-24', status: 'Open', start_hour: '08:00', end_hour: '12:00' }],
        },
      ],
    },
    { name: 'Southern Cross Kia', locations: [{ name: 'Sales', contact_detail: { phone: '3' } }] },
  ],
};

describe('sharing hours between locations', () => {
  it('lists every location of every dealership', () => {
    expect(allLocations(doc).map((l) => l.label)).toEqual(['Southern Cross Toyota › Sales', 'Southern Cross Toyota › Service', 'Southern Cross Kia › Sales']);
  });

  it('applies one location’s weekly hours to all the others, as copies, keeping their other contact details', () => {
    let changed = 0;
    const next = produce(doc, (d) => {
      changed = applyOpeningHoursToAll(d, { d: 0, l: 0 });
    });
    expect(changed).toBe(2);
    expect(next.dealerships[0]!.locations[1]!.contact_detail).toEqual({ phone: '2', opening_hours: week });
    expect(next.dealerships[1]!.locations[0]!.contact_detail).toEqual({ phone: '3', opening_hours: week });
    expect(next.dealerships[1]!.locations[0]!.contact_detail.opening_hours).not.toBe(next.dealerships[0]!.locations[0]!.contact_detail.opening_hours);
    // Applying again changes nothing.
    produce(next, (d) => {
      expect(applyOpeningHoursToAll(d, { d: 0, l: 0 })).toBe(0);
    });
  });

  it('copies special hours to other locations: the same date is replaced, other dates stay, sorted by date', () => {
    let changed = 0;
    const next = produce(doc, (d) => {
      changed = copySpecialHours(d, { d: 0, l: 0 }, [
        { d: 0, l: 1 },
        { d: 1, l: 0 },
      ]);
    });
    expect(changed).toBe(2);
    expect(next.dealerships[0]!.locations[1]!.special_hours).toEqual([
      { date: '2026-12-24', status: 'Open', start_hour: '08:00', end_hour: '12:00' },
      { date: '2026-12-25', status: 'Closed', name: 'Christmas Day' },
    ]);
    expect(next.dealerships[1]!.locations[0]!.special_hours).toEqual([{ date: '2026-12-25', status: 'Closed', name: 'Christmas Day' }]);
  });
});
