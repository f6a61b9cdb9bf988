import { describe, expect, it } from 'vitest';
import type { OpeningHour } from '../../schemas/generated/tenant';
import { hoursProblems, putSpecialHours, removeSpecialHours, setDayHours, weeklyGrid } from './hours';
import { summariseWeek, weekHours } from '../domain/locations/opening-hours';
import { validateTenantDocument } from '../tenants/validate';
import { loadTenant } from '../tenants/load';
import { withSettingsDefaults } from '../../test-support/settings-defaults';

// The site's closed-day link is for no location (the default).
const NO_LINK = withSettingsDefaults('locations').closedDayLink;

const week: OpeningHour[] = [
  { weekday: 0, status: 'Closed' },
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, open: '08:30', close: '17:30' })),
  { weekday: 6, status: 'Open', open: '08:30', close: '16:00' },
];

describe('weekly opening hours grid', () => {
  it('lists Monday to Sunday, a day without an entry as closed', () => {
    const grid = weeklyGrid(week.filter((h) => h.weekday !== 3));
    expect(grid.map((d) => d.name)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    expect(grid[2]).toEqual({ weekday: 3, name: 'Wednesday', closed: true, open: '', close: '' });
    expect(grid[5]).toEqual({ weekday: 6, name: 'Saturday', closed: false, open: '08:30', close: '16:00' });
  });

  it("changes Saturday's hours, and the table and the 'Mon-Fri' summary follow", () => {
    const next = setDayHours(week, 6, { close: '13:00' });
    expect(next.find((h) => h.weekday === 6)).toEqual({ weekday: 6, status: 'Open', open: '08:30', close: '13:00' });
    expect(week.find((h) => h.weekday === 6)!.close).toBe('16:00'); // the input is left alone
    const rows = summariseWeek(weekHours({ id: 1, contact_detail: { phone: '0732501100', opening_hours: next } }, NO_LINK));
    expect(rows.map((r) => `${r.label} ${r.text}`)).toEqual(['Mon-Fri 8:30am - 5:30pm', 'Saturday 8:30am - 1:00pm', 'Sunday Closed']);
  });

  it('a Closed toggle keeps the times for reopening; a closed Wednesday breaks the Mon-Fri summary', () => {
    const closed = setDayHours(week, 3, { closed: true });
    expect(closed.find((h) => h.weekday === 3)).toEqual({ weekday: 3, status: 'Closed', open: '08:30', close: '17:30' });
    const rows = summariseWeek(weekHours({ id: 1, contact_detail: { phone: '0732501100', opening_hours: closed } }, NO_LINK));
    expect(rows[0]).toMatchObject({ label: 'Monday', text: '8:30am - 5:30pm' });
    expect(rows[2]).toMatchObject({ label: 'Wednesday', text: 'Closed' });
    expect(setDayHours(closed, 3, { closed: false }).find((h) => h.weekday === 3)).toEqual({ weekday: 3, status: 'Open', open: '08:30', close: '17:30' });
    expect(() => setDayHours(week, 7, {})).toThrow(/not 0 \(Sunday\) to 6/);
  });

  it('keeps one entry per day, sorted Sunday to Saturday', () => {
    const next = setDayHours([{ weekday: 5, status: 'Open', open: '09:00', close: '17:00' }], 2, { open: '10:00', close: '16:00' });
    expect(next.map((h) => h.weekday)).toEqual([2, 5]);
  });
});

describe('special (holiday) hours', () => {
  it('adds a closure by date, replaces the same date, sorts by date and removes', () => {
    let list = putSpecialHours([{ date: '2026-12-26', status: 'Closed', name: 'Boxing Day' }], { date: '2026-12-25', closed: true, name: ' Christmas Day ' });
    expect(list).toEqual([
      { date: '2026-12-25', status: 'Closed', name: 'Christmas Day' },
      { date: '2026-12-26', status: 'Closed', name: 'Boxing Day' },
    ]);
    list = putSpecialHours(list, { date: '2026-12-26', closed: false, start: '10:00', end: '14:00', name: 'Boxing Day' });
    expect(list[1]).toEqual({ date: '2026-12-26', status: 'Open', start_hour: '10:00', end_hour: '14:00', name: 'Boxing Day' });
    expect(removeSpecialHours(list, '2026-12-25').map((s) => s.date)).toEqual(['2026-12-26']);
  });
});

describe('hours problems (the validator uses them)', () => {
  it('an open day needs both times, closing after opening; one entry per day', () => {
    expect(hoursProblems(week, [])).toEqual([]);
    expect(
      hoursProblems(
        [
          { weekday: 6, status: 'Open', open: '08:30' },
          { weekday: 6, status: 'Closed' },
        ],
        [],
      ),
    ).toEqual([
      { at: ['contact_detail', 'opening_hours', 0, 'close'], message: 'Saturday is open: give its closing time (hh:mm), or mark it Closed.' },
      { at: ['contact_detail', 'opening_hours', 1, 'weekday'], message: 'Saturday has more than one entry; keep one.' },
    ]);
    expect(hoursProblems([{ weekday: 1, status: 'Open', open: '17:00', close: '09:00' }], [])).toEqual([
      { at: ['contact_detail', 'opening_hours', 0, 'close'], message: 'Monday closes at 09:00, which is not after it opens (17:00).' },
    ]);
    // A feed's formatted text stands in for the times.
    expect(hoursProblems([{ weekday: 1, status: 'Open', formated_hours: 'By appointment' }], [])).toEqual([]);
  });

  it('special hours need real, unique dates and, when open, both times', () => {
    expect(
      hoursProblems(
        [],
        [
          { date: '2026-02-30', status: 'Closed' },
          { date: '2026-12-25', status: 'Open' },
          { date: '2026-12-25', status: 'Closed' },
        ],
      ),
    ).toEqual([
      { at: ['special_hours', 0, 'date'], message: '"2026-02-30" is not a date (yyyy-mm-dd).' },
      { at: ['special_hours', 1, 'start_hour'], message: '2026-12-25 is open: give its opening and closing times (hh:mm), or mark it Closed.' },
      { at: ['special_hours', 2, 'date'], message: '2026-12-25 has special hours twice; keep one.' },
    ]);
  });

  it('reads open special hours in the hours { begin, end } shape too', () => {
    expect(hoursProblems([], [{ date: '2026-12-24', status: 'Open', hours: { begin: '08:30', end: '12:00' } }])).toEqual([]);
    expect(hoursProblems([], [{ date: '2026-12-24', status: 'Open', hours: { begin: '12:00', end: '08:30' } }])).toEqual([
      { at: ['special_hours', 0, 'hours', 'end'], message: '2026-12-24 closes at 08:30, which is not after it opens (12:00).' },
    ]);
    expect(hoursProblems([], [{ date: '2026-12-24', status: 'Open', hours: { begin: '8am' } }])).toEqual([
      { at: ['special_hours', 0, 'hours', 'begin'], message: '2026-12-24 is open: give its opening and closing times (hh:mm), or mark it Closed.' },
    ]);
  });

  it('the tenant validator reports them at the location', () => {
    const loaded = loadTenant('tenants/harbourside-mazda.json', 'tenants/templates');
    if (!loaded.ok) throw new Error('the shipped tenant should load');
    // biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
    const doc = structuredClone(loaded.doc) as any;
    expect(validateTenantDocument(doc).ok).toBe(true);
    doc.dealerships[0].locations[0].contact_detail.opening_hours = setDayHours(doc.dealerships[0].locations[0].contact_detail.opening_hours, 6, {
      close: '07:00',
    });
    const bad = validateTenantDocument(doc);
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.problems.filter((p) => p.code === 'opening-hours').map((p) => p.path + ' ' + p.message)).toEqual([
        `dealerships[0].locations[0].contact_detail.opening_hours[6].close Saturday closes at 07:00, which is not after it opens (08:30). (location "${doc.dealerships[0].locations[0].name}")`,
      ]);
  });
});
