// Analytics event ids (seed 000 §7, seed 001 §7).
import type { VehicleCar } from './car';

export const EVENT_IDS = {
  enquiryNew: 14,
  enquiryUsed: 15,
  testDriveNew: 17,
  testDriveUsed: 48,
  saveToWatchlist: 39,
  phoneClick: 25,
  financeCalculatorUse: 26, // sent once, on the first change
} as const;

/** Ids the seeds list without naming what they track. */
export const UNNAMED_EVENT_IDS = [4, 18, 49, 60, 61] as const;

export const TEST_DRIVE_ONLY_TAG = 'Test Drive Only';

/** 14 for new cars, 15 otherwise (demo cars count with used: the seed only splits new from used). */
export function enquiryEventId(car: Pick<VehicleCar, 'car_type'>): number {
  return car.car_type === 'new' ? EVENT_IDS.enquiryNew : EVENT_IDS.enquiryUsed;
}

/** 17 for new cars or cars tagged Test Drive Only, 48 otherwise. */
export function testDriveEventId(car: Pick<VehicleCar, 'car_type' | 'tag'>): number {
  const testDriveOnly = (car.tag ?? '').trim().toLowerCase() === TEST_DRIVE_ONLY_TAG.toLowerCase();
  return car.car_type === 'new' || testDriveOnly ? EVENT_IDS.testDriveNew : EVENT_IDS.testDriveUsed;
}

/** Phone click: id 25 labelled New Car when the path names new cars (a 'new' path word), else Used Car. */
export function phoneClickEvent(path: string): { id: number; label: 'New Car' | 'Used Car' } {
  const isNew = /(^|[/\-_])new([/\-_?#]|$)/i.test(path);
  return { id: EVENT_IDS.phoneClick, label: isNew ? 'New Car' : 'Used Car' };
}
