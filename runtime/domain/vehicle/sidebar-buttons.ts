// Vehicle page sidebar buttons (docs/requirements/vehicle-browsing.md#screens, #validation; docs/requirements/dealer-services.md#screens, #validation).
import { formatMoney } from '../format';
import { reserveOffered } from '../checkout/reservation';
import { isAvailable } from './availability';
import type { VehicleCar } from './car';
import type { ResolvedVehicleReserveSettings, ResolvedVehicleSettings } from '../../../schemas/generated/settings';

export type SidebarButtonId = ResolvedVehicleSettings['sidebarButtons'][number];

/** 'Reserve Car Now for $200' (default amount), or 'Reserve Car Now' when the site hides the amount. */
export function reserveButtonText(s: Pick<ResolvedVehicleReserveSettings, 'showAmount' | 'amount'>): string {
  return s.showAmount && s.amount > 0 ? `Reserve Car Now for ${formatMoney(s.amount)}` : 'Reserve Car Now';
}

export interface SidebarActions {
  buttons: SidebarButtonId[];
  reserve: { text: string; href: string } | null;
  buyOnline: { text: 'Buy Online'; href: string } | null;
  soldNotice: { text: 'SOLD'; action: 'Find Me Something Similar' } | null;
}

export type SidebarCar = Pick<VehicleCar, 'status' | 'slug' | 'file'> & { reserved?: boolean | null };

/**
 * Configured buttons minus those the car does not qualify for: trade-in only for available
 * cars, history report only with a file; reserve and online purchase only if available.
 */
export function sidebarActions(car: SidebarCar, settings: Pick<ResolvedVehicleSettings, 'sidebarButtons' | 'reserve'>): SidebarActions {
  const available = isAvailable(car);
  const { reserve } = settings;
  const purchasable = available && !car.reserved;
  const buttons = settings.sidebarButtons.filter((b) => {
    if (b === 'trade-in') return available;
    if (b === 'history-report') return Boolean(car.file);
    return true;
  });
  return {
    buttons,
    // A reserved car (feed flag or a paid reservation) hides reserve and purchase until the reservation ends.
    reserve: purchasable && reserveOffered(reserve) ? { text: reserveButtonText(reserve), href: `/cars/${car.slug}/${reserve.checkoutPath}` } : null,
    buyOnline: purchasable && reserve.onlinePurchaseEnabled ? { text: 'Buy Online', href: `/checkout-journey?car_id=${encodeURIComponent(car.slug)}` } : null,
    soldNotice: available ? null : { text: 'SOLD', action: 'Find Me Something Similar' },
  };
}
