import { describe, expect, it } from 'vitest';
import { EVENT_IDS, enquiryEventId, phoneClickEvent, testDriveEventId } from './event-ids';

describe('event ids (docs/requirements/vehicle-browsing.md#calls)', () => {
  it('enquiry is 14 for new and 15 for used', () => {
    expect(enquiryEventId({ car_type: 'new' })).toBe(14);
    expect(enquiryEventId({ car_type: 'used' })).toBe(15);
  });
  it('test drive is 17 for new or Test Drive Only, 48 for used', () => {
    expect(testDriveEventId({ car_type: 'new' })).toBe(17);
    expect(testDriveEventId({ car_type: 'used', tag: 'Test Drive Only' })).toBe(17);
    expect(testDriveEventId({ car_type: 'used', tag: 'Runout Sale' })).toBe(48);
  });
  it('save is 39 and finance calculator 26', () => {
    expect(EVENT_IDS.saveToWatchlist).toBe(39);
    expect(EVENT_IDS.financeCalculatorUse).toBe(26);
  });
  it('phone click is 25 labelled from the path', () => {
    expect(phoneClickEvent('/search/new-cars')).toEqual({ id: 25, label: 'New Car' });
    expect(phoneClickEvent('/cars/new-2025-kia-ev5')).toEqual({ id: 25, label: 'New Car' });
    expect(phoneClickEvent('/search/used-cars')).toEqual({ id: 25, label: 'Used Car' });
    expect(phoneClickEvent('/cars/2019-nissan-navara')).toEqual({ id: 25, label: 'Used Car' });
    expect(phoneClickEvent('/search/new-used-and-demo-cars')).toEqual({ id: 25, label: 'New Car' });
  });
});
