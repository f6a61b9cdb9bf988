import { describe, expect, it } from 'vitest';
import { appointmentSlots, earliestBookableDate, parseClock, slotLabel, weekdayOf } from './appointment-slots';

const location = {
  contact_detail: {
    opening_hours: [
      { weekday: 1, status: 'Open', open: '09:00', close: '11:00' },
      { weekday: 6, status: 'Open', formated_hours: '9:00am - 12:00pm' },
      { weekday: 0, status: 'Closed' },
    ],
  },
};

describe('test drive appointment slots', () => {
  it('reads 24-hour and am/pm clocks', () => {
    expect(parseClock('09:00')).toBe(540);
    expect(parseClock('5:30 pm')).toBe(1050);
    expect(parseClock('12:00pm')).toBe(720);
    expect(parseClock('12:15am')).toBe(15);
    expect(parseClock('noon')).toBeNull();
  });

  it('offers every half hour until half an hour before closing', () => {
    expect(weekdayOf('2025-07-07')).toBe(1); // a Monday
    expect(appointmentSlots(location, '2025-07-07')).toEqual(['09:00', '09:30', '10:00', '10:30']);
    expect(appointmentSlots(location, '2025-07-12')).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
  });

  it('offers nothing on a closed day, a day without hours or a bad date', () => {
    expect(appointmentSlots(location, '2025-07-06')).toEqual([]);
    expect(appointmentSlots(location, '2025-07-08')).toEqual([]);
    expect(appointmentSlots(location, 'tomorrow')).toEqual([]);
    expect(appointmentSlots(undefined, '2025-07-07')).toEqual([]);
  });

  it('labels slots in 12-hour time and books from tomorrow in Brisbane', () => {
    expect(slotLabel('14:30')).toBe('2:30pm');
    expect(slotLabel('09:00')).toBe('9:00am');
    expect(earliestBookableDate(new Date('2025-07-06T15:00:00Z'))).toBe('2025-07-08'); // already the 7th in Brisbane
  });
});
