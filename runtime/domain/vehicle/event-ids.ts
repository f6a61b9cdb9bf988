// Analytics event ids of vehicle actions (docs/requirements/vehicle-browsing.md#calls,
// docs/requirements/dealer-services.md#calls). The ids are the site's table
// (settings.analytics.events, runtime/domain/analytics/events.ts); these helpers pick the action.
import type { TrackedAction } from '../analytics/events';
import type { VehicleCar } from './car';

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
