// What a search result card shows for a car, from the site's settings (docs/requirements/vehicle-browsing.md#screens "Search result card", #states tag
// banner, docs/requirements/vehicle-browsing.md#validation favourite / compare). Pure, so the card and its tests read the same decisions.
import { reserveOffered } from '../../domain/checkout/reservation';
import type { Car } from '../../../schemas/generated/car';
import type { ResolvedSettings } from '../../domain/settings';
import { cardFinanceFigure, type CardFinanceFigure } from '../../domain/finance/vehicle-finance';
import { formatNumber } from '../../domain/format';
import { CAR_TYPE_LABELS, primaryCardButtonIndex, resultCardButtons, type CardButton } from '../../domain/search';
import {
  cardPrice,
  favouriteCompareButtons,
  financeButtonTexts,
  isAvailable,
  tagBanner,
  vehicleTitle,
  type CardPrice,
  type TagBanner,
} from '../../domain/vehicle';

export type CardCarData = Pick<Car, 'id' | 'slug' | 'make' | 'model' | 'year' | 'price' | 'car_type' | 'status'> & Partial<Car>;

/** The settings groups a card reads, as a validated document holds them. */
export type CardSettings = Pick<ResolvedSettings, 'search' | 'vehicle' | 'finance'>;

export interface CarCardModel {
  href: string;
  title: string;
  image: { src: string | null; alt: string; placeholder: string | null };
  banner: TagBanner;
  /** Attribute chips: type, km, transmission, fuel, body. */
  chips: string[];
  price: CardPrice;
  /** 'per week' repayment: the car page's finance figure, null where its page shows none (docs/requirements/dealer-services.md#validation rules). */
  weekly: CardFinanceFigure | null;
  /** docs/requirements/vehicle-browsing.md#screens: finance disclaimer link, to the vehicle page's #financeDisclaimer anchor. */
  disclaimerHref: string;
  buttons: CardButton[];
  /** The one button drawn as the main action (the rest form a quieter row). */
  primaryIndex: number;
  favourite: boolean;
  compare: boolean;
  /** The labelled save and compare toggles, in the site's order: favourite and compare only where the car is eligible;
   * the watchlist where the site lists it (the card also needs the site's watchlist page). */
  saveButtons: ('watchlist' | 'favourite' | 'compare')[];
  available: boolean;
}

const carHref = (car: Pick<Car, 'slug'>) => `/cars/${car.slug}`;

function chipsOf(car: CardCarData): string[] {
  const chips = [CAR_TYPE_LABELS[car.car_type] ?? car.car_type];
  if (typeof car.km === 'number' && car.car_type !== 'new') chips.push(`${formatNumber(car.km)} km`);
  for (const value of [car.simple_transmission, car.simple_fuel ?? car.fuel, car.simple_body]) if (value) chips.push(value);
  return chips;
}

export function carCardModel(car: CardCarData, settings: CardSettings, now: Date): CarCardModel {
  const { finance } = settings;
  const financeEnabled = !finance.hidden && finance.provider !== 'none';
  const available = isAvailable(car);
  const price = cardPrice(car, settings.vehicle.price);
  const title = vehicleTitle(car);
  const buttons = resultCardButtons(car, settings.search ?? {}, {
    reserveAmount: settings.vehicle.reserve.amount,
    reserveEnabled: reserveOffered(settings.vehicle.reserve),
    checkoutPath: settings.vehicle.reserve.checkoutPath,
    onlinePurchaseEnabled: settings.vehicle.reserve.onlinePurchaseEnabled,
    financeEnabled,
    financePath: finance.financePath,
    financeLabel: financeButtonTexts(settings.vehicle).finance,
  });
  const eligible = favouriteCompareButtons(car, settings.vehicle.favourites);
  return {
    href: carHref(car),
    title,
    image: {
      src: car.primary_image_url ?? car.thumbnails?.[0] ?? null,
      alt: title,
      placeholder: car.primary_image_url ? (car.image_placeholder ?? null) : null,
    },
    banner: tagBanner(car, settings.vehicle.tags, now),
    chips: chipsOf(car),
    price,
    weekly: cardFinanceFigure(car, settings.finance, now),
    disclaimerHref: `${carHref(car)}#financeDisclaimer`,
    buttons,
    primaryIndex: primaryCardButtonIndex(buttons, settings.search.cardPrimaryButton),
    ...eligible,
    saveButtons: settings.search.cardSaveButtons.filter((kind) => kind === 'watchlist' || eligible[kind]),
    available,
  };
}
