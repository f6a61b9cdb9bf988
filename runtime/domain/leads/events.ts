// Tracking event sent when a lead is accepted (seed 001 §7; seed 000 §7). Reuses the vehicle event ids.
import { enquiryEventId, testDriveEventId } from '../vehicle/event-ids';
import type { VehicleCar } from '../vehicle/car';
import type { LeadFormKind } from './form-config';

export const DEFAULT_LEAD_EVENT_ID = 22;
export const CAREERS_EVENT_ID = 51;
export const CAREERS_CATEGORY = 'General Enquiry';
export const CAREERS_SUBCATEGORY = 'Career Enquiry';

/**
 * Event id of a successful lead: careers 51; an enquiry about a car 14 (new) or 15 (used, demo); a test drive 17
 * (new car or tagged Test Drive Only) or 48 (used); anything else, and any form without a car, 22.
 */
export function leadEventId(form: LeadFormKind, car?: Pick<VehicleCar, 'car_type' | 'tag'> | null): number {
  if (form === 'careers') return CAREERS_EVENT_ID;
  if (!car) return DEFAULT_LEAD_EVENT_ID;
  if (form === 'enquiry' || form === 'request-photos') return enquiryEventId(car);
  if (form === 'test-drive') return testDriveEventId(car);
  return DEFAULT_LEAD_EVENT_ID;
}
