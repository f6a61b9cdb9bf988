// Analytics event ids of vehicle actions (docs/requirements/vehicle-browsing.md#calls,
// docs/requirements/dealer-services.md#calls). The ids are the site's table
// (settings.analytics.events, runtime/domain/analytics/events.ts); these helpers pick the action and read its id.
import { ANALYTICS_EVENT_DEFAULTS, eventTable, phoneClickLabel, type AnalyticsSettings, type TrackedAction } from '../analytics/events';
import type { VehicleCar } from './car';

/** The seeds' default ids (a site's document may change them). */
export const EVENT_IDS = {
  enquiryNew: ANALYTICS_EVENT_DEFAULTS.enquiryNew,
  enquiryUsed: ANALYTICS_EVENT_DEFAULTS.enquiryUsed,
  testDriveNew: ANALYTICS_EVENT_DEFAULTS.testDriveNew,
  testDriveUsed: ANALYTICS_EVENT_DEFAULTS.testDriveUsed,
  saveToWatchlist: ANALYTICS_EVENT_DEFAULTS.saveToWatchlist,
  phoneClick: ANALYTICS_EVENT_DEFAULTS.phoneClick,
  financeCalculatorUse: ANALYTICS_EVENT_DEFAULTS.financeCalculator, // sent once, on the first change
} as const;

const TEST_DRIVE_ONLY_TAG = 'Test Drive Only';

/** Enquiry about a new car, else used (demo cars count with used: the seed only splits new from used). */
export function enquiryAction(car: Pick<VehicleCar, 'car_type'>): TrackedAction {
  return car.car_type === 'new' ? 'enquiryNew' : 'enquiryUsed';
}

/** The dealer's free-text tag says the car is there to be driven: it always offers a test drive. */
export function isTestDriveOnly(car: Pick<VehicleCar, 'tag'>): boolean {
  return (car.tag ?? '').trim().toLowerCase() === TEST_DRIVE_ONLY_TAG.toLowerCase();
}

/** Test drive of a new car or one tagged Test Drive Only, else used. */
export function testDriveAction(car: Pick<VehicleCar, 'car_type' | 'tag'>): TrackedAction {
  return car.car_type === 'new' || isTestDriveOnly(car) ? 'testDriveNew' : 'testDriveUsed';
}

/** 14 for new cars, 15 otherwise (or the site's ids). */
export function enquiryEventId(car: Pick<VehicleCar, 'car_type'>, analytics?: AnalyticsSettings): number {
  return eventTable(analytics)[enquiryAction(car)];
}

/** 17 for new cars or cars tagged Test Drive Only, 48 otherwise (or the site's ids). */
export function testDriveEventId(car: Pick<VehicleCar, 'car_type' | 'tag'>, analytics?: AnalyticsSettings): number {
  return eventTable(analytics)[testDriveAction(car)];
}

/** Phone click: id 25 (or the site's) labelled New Car when the path names new cars (a 'new' path word), else Used Car. */
export function phoneClickEvent(path: string, analytics?: AnalyticsSettings): { id: number; label: 'New Car' | 'Used Car' } {
  return { id: eventTable(analytics).phoneClick, label: phoneClickLabel(path) };
}
