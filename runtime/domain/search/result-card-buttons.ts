// Buttons of a search result card and their routes (docs/requirements/vehicle-browsing.md#screens; docs/requirements/dealer-services.md#screens, #states).
import { modelSearchPath } from '../make-names';
import { financeLinkAt } from '../finance/finance-link';
import { formatMoney } from '../format';
import type { ResolvedSearchSettings } from './settings';

type CardButtonKind = 'enquire' | 'test-drive' | 'finance' | 'details' | 'reserve' | 'buy-online' | 'similar';

export interface CardButton {
  kind: CardButtonKind;
  label: string;
  /** Link target; for a dialog button, where it goes until its dialog is built (the seed's route). */
  href?: string;
  /** docs/requirements/vehicle-browsing.md#screens: Enquire opens a dialog with an enquiry form; test drive is a modal too. */
  dialog?: 'enquiry' | 'test-drive';
}

export interface CardCar {
  id: number | string;
  slug: string;
  status: string;
  make?: string | null;
  model?: string | null;
  car_type?: string | null;
  vin?: string | null;
  price?: number | null;
  dealership_slug?: string | null;
  /** A reserved car (the feed's flag, or a paid reservation) shows no reserve or purchase button. */
  reserved?: boolean | null;
}

export interface CardButtonOptions {
  /** docs/requirements/vehicle-browsing.md#screens: default reserve deposit $200. */
  reserveAmount?: number;
  /** The site offers reserving (settings.vehicle.reserve.enabled with a chargeable deposit); else no Reserve Now. */
  reserveEnabled?: boolean;
  /** The reserve page's last segment (settings.vehicle.reserve.checkoutPath). */
  checkoutPath?: 'checkout' | 'buy-online';
  /** The site offers the online purchase journey (settings.vehicle.reserve.onlinePurchaseEnabled); else no Buy Online. */
  onlinePurchaseEnabled?: boolean;
  /** Get Finance shows only when the site has a finance provider. */
  financeEnabled?: boolean;
  /** docs/requirements/dealer-services.md#screens: /finance by default, or a configured link. */
  financePath?: string;
  /** The Get Finance button's text, from the site's button-text options (financeButtonTexts). */
  financeLabel?: string;
  /** The shared availability check (docs/requirements/vehicle-browsing.md#states); defaults to in_stock or coming_soon. */
  isAvailable?: (car: CardCar) => boolean;
}

const DEFAULT_RESERVE_AMOUNT = 200;
const FIND_SIMILAR_LABEL = 'Find Me Something Similar';

const availableByStatus = (car: CardCar) => car.status === 'in_stock' || car.status === 'coming_soon';

const carPath = (slug: string) => `/cars/${slug}`;

/** docs/requirements/dealer-services.md#screens: the finance link from a car (one rule, in the finance domain). */
export function financeHref(car: CardCar, financePath = '/finance'): string {
  return financeLinkAt(car, financePath);
}

/** A car no longer available links to a search for its make and model (the site search path when unknown). */
function similarCarsHref(car: CardCar, searchPath: string): string {
  if (!car.make) return searchPath;
  return modelSearchPath(car.make, car.model);
}

export function resultCardButtons(car: CardCar, settings: ResolvedSearchSettings, options: CardButtonOptions = {}): CardButton[] {
  const s = settings;
  const {
    reserveAmount = DEFAULT_RESERVE_AMOUNT,
    financeEnabled = true,
    financePath = '/finance',
    financeLabel = 'Get Finance',
    isAvailable = availableByStatus,
    reserveEnabled = false,
    checkoutPath = 'checkout',
    onlinePurchaseEnabled = false,
  } = options;
  const details: CardButton = { kind: 'details', label: 'View Details', href: carPath(car.slug) };
  if (!isAvailable(car)) return [details, { kind: 'similar', label: FIND_SIMILAR_LABEL, href: similarCarsHref(car, s.searchPath) }];
  const buttons: CardButton[] = [];
  for (const kind of s.cardButtons) {
    if (kind === 'enquire') buttons.push({ kind, label: s.enquireButtonLabel, dialog: 'enquiry', href: `${carPath(car.slug)}#enquire` });
    if (kind === 'test-drive') {
      buttons.push({ kind, label: 'Book a Test Drive', dialog: 'test-drive', href: `/book-test-drive?car_id=${encodeURIComponent(car.slug)}` });
    }
    if (kind === 'finance' && financeEnabled) buttons.push({ kind, label: financeLabel, href: financeHref(car, financePath) });
    if (kind === 'details') buttons.push(details);
    // docs/requirements/vehicle-browsing.md#validation: reserve and online purchase only if available; never a button to a flow the site does not offer.
    const purchasable = !car.reserved;
    if (kind === 'purchase' && s.purchaseMode === 'reserve' && reserveEnabled && purchasable) {
      buttons.push({ kind: 'reserve', label: `Reserve Now for ${formatMoney(reserveAmount)}`, href: `${carPath(car.slug)}/${checkoutPath}` });
    }
    if (kind === 'purchase' && s.purchaseMode === 'buyOnline' && onlinePurchaseEnabled && purchasable) {
      buttons.push({ kind: 'buy-online', label: 'Buy Online', href: `/checkout-journey?car_id=${encodeURIComponent(car.slug)}` });
    }
  }
  return buttons;
}

/**
 * Which of a card's buttons is its one main action: the site's chosen kind ('purchase' is Reserve Now or Buy Online),
 * else the first button (a sold car, or a button the site or car does not offer).
 */
export function primaryCardButtonIndex(buttons: CardButton[], primary: ResolvedSearchSettings['cardPrimaryButton']): number {
  const index = buttons.findIndex((b) => (primary === 'purchase' ? b.kind === 'reserve' || b.kind === 'buy-online' : b.kind === primary));
  return Math.max(index, 0);
}
