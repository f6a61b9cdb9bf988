// Shared by the checkout page data sources (not a source itself: see the pattern in ./index.ts).
import type { Car } from '../../schemas/generated/car';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { depositCents, DEFAULT_HOLD_HOURS, formatCents, reservability } from '../domain/checkout';
import { modelSearchPath } from '../domain/make-names';
import { vehicleTitle } from '../domain/vehicle/vehicle-title';
import type { RuntimeServices } from '../services';
import type { CheckoutPageData } from './types';
import { resolvedSettings } from '../domain/settings';

export const reserveSettings = (tenant: TenantDocument) => resolvedSettings(tenant.settings).vehicle.reserve;

export async function checkoutData(tenant: TenantDocument, car: Car, services: RuntimeServices): Promise<CheckoutPageData> {
  const settings = reserveSettings(tenant);
  const dealership = tenant.dealerships.find((d) => d.id === car.dealership_id)!;
  // The database decides (another server process may have taken the deposit a moment ago).
  const paidHold = await services.reservations?.paidHoldOn(car.id);
  const allowed = reservability(car, settings, Boolean(paidHold));
  return {
    car,
    dealership,
    location: dealership.locations.find((l) => l.id === car.location_id),
    deposit: formatCents(depositCents(settings)),
    amountCents: depositCents(settings),
    holdHours: settings.holdHours ?? DEFAULT_HOLD_HOURS,
    unavailable: allowed.ok ? null : { reason: allowed.reason, message: allowed.message },
    similarHref: car.make ? modelSearchPath(car.make, car.model) : (tenant.settings.search?.searchPath ?? '/search/new-used-and-demo-cars'),
    payment: services.reservations?.provider.browserConfig() ?? null,
  };
}

export const carTitle = (car: Car) => vehicleTitle(car);
