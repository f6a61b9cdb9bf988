import { describe, expect, it } from 'vitest';
import { datedBlockStates, windowState, withDatesFromToday } from './dated-blocks';

const BRISBANE = 'Australia/Brisbane';
const SYDNEY = 'Australia/Sydney';
const banner = (id: string, start: string, expiry: string) => ({ id, type: 'promo-banner', props: { heading: 'Sale', start, expiry } });

describe('dated blocks', () => {
  it('says which blocks are scheduled or expired, with when, on the site clock', () => {
    const now = Date.parse('2026-07-10T00:00:00Z');
    const states = datedBlockStates(
      [
        banner('past', '2026-06-01T00:00:00+10:00', '2026-06-30T23:59:59+10:00'),
        banner('now', '2026-07-01T00:00:00+10:00', '2026-07-24T23:59:59+10:00'),
        banner('later', '2026-08-01T09:00:00+10:00', '2026-08-10T23:59:59+10:00'),
        { id: 'popup', type: 'popup-promotion', props: { expiryDate: '2026-07-09' } },
        { id: 'plain', type: 'hero', props: { heading: 'Hi' } },
      ],
      now,
      BRISBANE,
    );
    expect(Object.fromEntries(states)).toEqual({
      past: { state: 'expired', label: 'Expired', detail: 'Ended Tue 30 June 2026, 11:59 pm AEST' },
      later: { state: 'scheduled', label: 'Scheduled', detail: 'Shows from Sat 1 Aug 2026, 9:00 am AEST' },
      popup: { state: 'expired', label: 'Expired', detail: 'Ended Thu 9 July 2026, 11:59 pm AEST' },
    });
  });

  it('counts both ends as inside the window', () => {
    const w = { start: '2026-07-01T00:00:00+10:00', expiry: '2026-07-24T23:59:59+10:00' };
    expect(windowState(w, Date.parse('2026-07-01T00:00:00+10:00'), BRISBANE)).toBe('live');
    expect(windowState(w, Date.parse('2026-06-30T23:59:59+10:00'), BRISBANE)).toBe('scheduled');
    expect(windowState(w, Date.parse('2026-07-24T23:59:59+10:00'), BRISBANE)).toBe('live');
    expect(windowState(w, Date.parse('2026-07-25T00:00:00+10:00'), BRISBANE)).toBe('expired');
  });
});

describe('example dates run from today', () => {
  it('moves every window by the same days so the first starts today, keeping the time of day across daylight saving', () => {
    // 29 November 2026 in Sydney (daylight time, +11:00).
    const now = Date.parse('2026-11-29T01:00:00Z');
    const moved = withDatesFromToday(
      {
        cards: [
          { start: '2025-07-01T00:00:00+10:00', expiry: '2025-07-24T23:59:59+10:00' },
          { start: '2025-09-01', expiry: '2025-09-07' },
        ],
      },
      now,
      SYDNEY,
    );
    expect(moved).toEqual({
      cards: [
        { start: '2026-11-29T00:00:00+11:00', expiry: '2026-12-22T23:59:59+11:00' },
        { start: '2027-01-30', expiry: '2027-02-05' },
      ],
    });
    // biome-ignore lint/suspicious/noExplicitAny: the test reads and edits JSON documents and answers whose shape the assertions check
    const states = datedBlockStates([{ id: 'b', type: 'promo-banner', props: (moved as any).cards[0] }], now, SYDNEY);
    expect(states.size).toBe(0);
  });

  it('ends an expiry-only example in two weeks, and leaves undated props alone', () => {
    const now = Date.parse('2026-11-29T01:00:00Z');
    expect(withDatesFromToday({ heading: 'x', expiryDate: '2025-07-24T23:59:59+10:00' }, now, BRISBANE)).toEqual({
      heading: 'x',
      expiryDate: '2026-12-13T23:59:59+10:00',
    });
    const plain = { heading: 'x' };
    expect(withDatesFromToday(plain, now, BRISBANE)).toBe(plain);
  });
});
