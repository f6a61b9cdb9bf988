// The number a car's call buttons ring (docs/requirements/dealer-services.md#data site configuration): on sites that
// filter the phone by car type, the number configured for new, used or demo cars; otherwise, or when that type has
// none, the dealership's configured sales number, else the number of the location the car is at, else the
// dealership's primary location.
import type { VehiclePhoneSettings } from '../../../schemas/generated/tenant';
import { dealershipPhone, type PhoneDealership } from '../locations/dealership-phone';

interface PhoneLocation {
  contact_detail?: { phone?: string | null } | null;
}

export interface CarPhoneSource {
  car: { car_type?: string | null; location?: { phone?: string | null } | null };
  location?: PhoneLocation | null;
  primaryLocation?: PhoneLocation | null;
  dealership?: PhoneDealership | null;
}

export function carPhone({ car, location, primaryLocation, dealership }: CarPhoneSource, phones?: VehiclePhoneSettings | null): string {
  if (phones?.filterByCarType) {
    const type = car.car_type === 'new' || car.car_type === 'used' || car.car_type === 'demo' ? car.car_type : null;
    const byType = type ? phones[type]?.trim() : '';
    if (byType) return byType;
  }
  return dealershipPhone(dealership, 'sales') || location?.contact_detail?.phone || primaryLocation?.contact_detail?.phone || car.location?.phone || '';
}
