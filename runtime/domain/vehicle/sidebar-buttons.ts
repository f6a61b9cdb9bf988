// Vehicle page sidebar buttons (docs/requirements/vehicle-browsing.md#screens, #validation; docs/requirements/dealer-services.md#screens, #validation).
import { formatMoney } from '../format';
import { reserveOffered } from '../checkout/reservation';
import { isAvailable } from './availability';
import { isTestDriveOnly } from './event-ids';
import type { VehicleCar } from './car';
import type { ResolvedVehicleReserveSettings, ResolvedVehicleSettings } from '../../../schemas/generated/settings';

export type SidebarButtonId = ResolvedVehicleSettings['sidebarButtons'][number];

/** 'Reserve Car Now for $200' (default amount), or 'Reserve Car Now' when the site hides the amount. */
export function reserveButtonText(s: Pick<ResolvedVehicleReserveSettings, 'showAmount' | 'amount'>): string {
  return s.showAmount && s.amount > 0 ? `Reserve Car Now for ${formatMoney(s.amount)}` : 'Reserve Car Now';
}

/** The one action shown in the primary colour. */
type PrimaryAction = 'enquire' | 'reserve' | 'buy-online';

export interface SidebarActions {
  /** The primary action: Enquire Now where the site has it, else reserve, else buy online; none for a sold car. */
  primary: PrimaryAction | null;
  /** The secondary buttons, in the site's order (the primary one left out). */
  buttons: SidebarButtonId[];
  /** Shown as text links under the buttons: they open a document rather than start a conversation or a purchase. */
  links: SidebarButtonId[];
  reserve: { text: string; href: string } | null;
  buyOnline: { text: 'Buy Online'; href: string } | null;
  soldNotice: { text: 'SOLD'; action: 'Find Me Something Similar' } | null;
}

export type SidebarCar = Pick<VehicleCar, 'status' | 'slug' | 'file'> & { reserved?: boolean | null; tag?: string | null };

// A sold car keeps only what is not a purchase or enquiry action.
const KEPT_WHEN_SOLD: SidebarButtonId[] = ['call', 'location', 'history-report'];
const TEXT_LINKS: SidebarButtonId[] = ['history-report'];

/**
 * Configured buttons minus those the car does not qualify for: trade-in only for available
 * cars, history report only with a file; reserve and online purchase only if available. An available car tagged Test
 * Drive Only offers its test-drive booking even where the site leaves that button out (after Enquire Now, else first).
 */
export function sidebarActions(car: SidebarCar, settings: Pick<ResolvedVehicleSettings, 'sidebarButtons' | 'reserve'>): SidebarActions {
  const available = isAvailable(car);
  const { reserve } = settings;
  const purchasable = available && !car.reserved;
  const shown = settings.sidebarButtons.filter((b) => {
    if (!available && !KEPT_WHEN_SOLD.includes(b)) return false;
    if (b === 'trade-in') return available;
    if (b === 'history-report') return Boolean(car.file);
    return true;
  });
  if (available && isTestDriveOnly(car) && !shown.includes('test-drive')) shown.splice(shown.indexOf('enquire') + 1, 0, 'test-drive');
  const reserveAction = purchasable && reserveOffered(reserve) ? { text: reserveButtonText(reserve), href: `/cars/${car.slug}/${reserve.checkoutPath}` } : null;
  const buyOnline =
    purchasable && reserve.onlinePurchaseEnabled ? { text: 'Buy Online' as const, href: `/checkout-journey?car_id=${encodeURIComponent(car.slug)}` } : null;
  const primary: PrimaryAction | null = shown.includes('enquire') ? 'enquire' : reserveAction ? 'reserve' : buyOnline ? 'buy-online' : null;
  return {
    primary,
    buttons: shown.filter((b) => b !== primary && !TEXT_LINKS.includes(b)),
    links: shown.filter((b) => TEXT_LINKS.includes(b)),
    // A reserved car (feed flag or a paid reservation) hides reserve and purchase until the reservation ends.
    reserve: reserveAction,
    buyOnline,
    soldNotice: available ? null : { text: 'SOLD', action: 'Find Me Something Similar' },
  };
}
