import { describe, expect, it } from 'vitest';
import {
  SLOTS_BAD_DATE,
  SLOTS_PAST_DATE,
  appointmentSlots,
  appointmentSlotsAnswer,
  earliestBookableDate,
  parseClock,
  slotLabel,
  weekdayOf,
} from './appointment-slots';

const location = {
  id: 7,
  name: 'Harbourside Mazda',
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

describe('holiday hours and the slots call', () => {
  const withHolidays = {
    ...location,
    special_hours: [
      { date: '2025-07-14', status: 'Closed' },
      { date: '2025-07-21', status: 'Open', start_hour: '10:00', end_hour: '11:00' },
      { date: '2025-07-28', status: 'Open', hours: { begin: '09:30', end: '10:30' } },
    ],
  };

  it('closes on a closed holiday and uses either shape of holiday hours', () => {
    expect(appointmentSlots(withHolidays, '2025-07-07')).toEqual(['09:00', '09:30', '10:00', '10:30']);
    expect(appointmentSlots(withHolidays, '2025-07-14')).toEqual([]);
    expect(appointmentSlots(withHolidays, '2025-07-21')).toEqual(['10:00', '10:30']);
    expect(appointmentSlots(withHolidays, '2025-07-28')).toEqual(['09:30', '10:00']);
  });

  it('answers labelled slots, or says what is wrong with the date', () => {
    const now = new Date('2025-07-01T00:00:00Z');
    expect(appointmentSlotsAnswer(withHolidays, '2025-07-21', now)).toEqual({
      date: '2025-07-21',
      location_id: 7,
      location: 'Harbourside Mazda',
      slots: [
        { value: '10:00', label: '10:00am' },
        { value: '10:30', label: '10:30am' },
      ],
    });
    expect(appointmentSlotsAnswer(withHolidays, '2025-02-30', now)).toEqual({ error: SLOTS_BAD_DATE });
    expect(appointmentSlotsAnswer(withHolidays, '2025-07-01', now)).toEqual({ error: SLOTS_PAST_DATE });
    expect(appointmentSlotsAnswer(withHolidays, '2025-07-02', now)).not.toHaveProperty('error');
  });
});
