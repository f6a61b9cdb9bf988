import { describe, expect, it } from 'vitest';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';
import { eventFor, phoneClickLabel } from '../analytics/events';
import { enquiryAction, testDriveAction } from './event-ids';

// The standard ids: the analytics schema's defaults, as a site without its own numbers has them.
const { events } = withSettingsDefaults('analytics');

describe('event ids (docs/requirements/vehicle-browsing.md#calls)', () => {
  it('enquiry is 14 for new and 15 for used', () => {
    expect(events[enquiryAction({ car_type: 'new' })]).toBe(14);
    expect(events[enquiryAction({ car_type: 'used' })]).toBe(15);
  });
  it('test drive is 17 for new or Test Drive Only, 48 for used', () => {
    expect(events[testDriveAction({ car_type: 'new' })]).toBe(17);
    expect(events[testDriveAction({ car_type: 'used', tag: 'Test Drive Only' })]).toBe(17);
    expect(events[testDriveAction({ car_type: 'used', tag: 'Runout Sale' })]).toBe(48);
  });
  it('save is 39 and finance calculator 26', () => {
    expect(events.saveToWatchlist).toBe(39);
    expect(events.financeCalculator).toBe(26);
  });
  it('phone click is 25 labelled from the path', () => {
    const phone = (path: string) => eventFor('phoneClick', { events }, phoneClickLabel(path));
    expect(phone('/search/new-cars')).toEqual({ action: 'phoneClick', id: 25, label: 'New Car' });
    expect(phone('/cars/new-2025-kia-ev5')).toEqual({ action: 'phoneClick', id: 25, label: 'New Car' });
    expect(phone('/search/used-cars')).toEqual({ action: 'phoneClick', id: 25, label: 'Used Car' });
    expect(phone('/cars/2019-nissan-navara')).toEqual({ action: 'phoneClick', id: 25, label: 'Used Car' });
    expect(phone('/search/new-used-and-demo-cars')).toEqual({ action: 'phoneClick', id: 25, label: 'New Car' });
  });
});
