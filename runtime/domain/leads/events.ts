// Tracking event sent when a lead is accepted (docs/requirements/dealer-services.md#calls;
// docs/requirements/vehicle-browsing.md#calls), through the site's event table (settings.analytics.events).
import type { TrackedAction } from '../analytics/events';
import { enquiryAction, testDriveAction } from '../vehicle/event-ids';
import type { VehicleCar } from '../vehicle/car';
import type { LeadFormKind } from './form-config';

export const CAREERS_CATEGORY = 'General Enquiry';
export const CAREERS_SUBCATEGORY = 'Career Enquiry';

/**
 * The action of a successful lead: careers; an enquiry about a car (new, or used and demo); a test drive (new car or
 * tagged Test Drive Only, or used); anything else, and any form without a car, the default lead event.
 */
export function leadAction(form: LeadFormKind, car?: Pick<VehicleCar, 'car_type' | 'tag'> | null): TrackedAction {
  if (form === 'careers') return 'careers';
  if (!car) return 'leadDefault';
  if (form === 'enquiry' || form === 'request-photos') return enquiryAction(car);
  if (form === 'test-drive') return testDriveAction(car);
  return 'leadDefault';
}
