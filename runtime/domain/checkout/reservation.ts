// Reserve online (docs/requirements/vehicle-browsing.md#screens, #states, #constants;
// docs/requirements/dealer-services.md#screens, #constants): who may reserve a car, how long a hold lasts, what the
// deposit shows as. Pure functions over an injected clock (`now` in ms) so tests and the server agree.
import { dateTimeFormat, formatMoney, formatNumber } from '../format';
import { FALLBACK_TIME_ZONE, stateTimeZone } from '../time/site-time-zone';

/** docs/requirements/vehicle-browsing.md#constants / docs/requirements/dealer-services.md#constants: default reserve
 * deposit $200, held 48 hours, 100% refundable. */
const DEFAULT_DEPOSIT_DOLLARS = 200;
export const DEFAULT_HOLD_HOURS = 48;
/** How long an unpaid hold whose payment is under way (card given, bank approval awaited) keeps the car from others. */
const DEFAULT_PAYMENT_WINDOW_MINUTES = 30;
/** How long a hold keeps the car before its card reaches the provider: a shopper submits the card with the hold. */
const DEFAULT_UNPAID_HOLD_MINUTES = 5;
export const CURRENCY = 'aud';
/** The smallest card charge providers take in AUD (Stripe: A$0.50). */
const MIN_DEPOSIT_CENTS = 50;

export const CHECKOUT_MESSAGES = {
  held: 'held 48 hours',
  refundable: '100% refundable',
  findSimilar: 'Find Me Something Similar',
  sold: 'This car has been sold.',
  reserved: 'This car has been reserved by another shopper.',
  notReservable: 'This car cannot be reserved online.',
  declined: 'Your card was declined. No deposit was taken and the car has not been held. Please try another card.',
  expired: 'Your hold on this car has expired. Please start again.',
  paymentFailed: 'We could not take the deposit. Please try again.',
  authenticationFailed: 'Your bank did not approve the payment. No deposit was taken.',
  unknownCar: 'This car is not listed on this website.',
  amountMismatch: 'The payment does not match this reservation\u2019s deposit.',
} as const;

export type ReservationStatus = 'pending' | 'paid' | 'declined' | 'expired' | 'cancelled';

export interface ReserveSettings {
  enabled?: boolean;
  amount?: number;
  holdHours?: number;
  paymentWindowMinutes?: number;
  unpaidHoldMinutes?: number;
}

/** The deposit in cents (integer): dollars from the site's settings (default $200). */
export function depositCents(settings: ReserveSettings = {}): number {
  const dollars = settings.amount ?? DEFAULT_DEPOSIT_DOLLARS;
  return Math.round(dollars * 100);
}

/** '$200', or '$99.50' when the deposit has cents. */
export function formatCents(cents: number): string {
  if (cents % 100 === 0) return formatMoney(cents / 100);
  return `$${formatNumber(cents / 100, 2)}`;
}

/** A site offers reserving only with reserve on and a deposit a card can be charged. */
export function reserveOffered(settings: ReserveSettings = {}): boolean {
  return Boolean(settings.enabled) && depositCents(settings) >= MIN_DEPOSIT_CENTS;
}

function holdMs(settings: ReserveSettings = {}): number {
  return (settings.holdHours ?? DEFAULT_HOLD_HOURS) * 3_600_000;
}

function paymentWindowMs(settings: ReserveSettings = {}): number {
  return Math.min((settings.paymentWindowMinutes ?? DEFAULT_PAYMENT_WINDOW_MINUTES) * 60_000, holdMs(settings));
}

/** A hold nobody has started paying for ends soon, so holds taken without paying cannot keep cars from shoppers. */
function unpaidHoldMs(settings: ReserveSettings = {}): number {
  return Math.min((settings.unpaidHoldMinutes ?? DEFAULT_UNPAID_HOLD_MINUTES) * 60_000, paymentWindowMs(settings));
}

export interface HoldTimes {
  /** When the car is released if the provider has not confirmed the deposit by then. */
  paymentDueBy: number;
  /** When a paid hold ends (the 48 hours). */
  heldUntil: number;
}

/** A new hold: released after the unpaid hold time unless its payment gets under way (see paymentUnderWayDueBy). */
export function holdTimes(createdAt: number, settings: ReserveSettings = {}): HoldTimes {
  return { paymentDueBy: createdAt + unpaidHoldMs(settings), heldUntil: createdAt + holdMs(settings) };
}

/** The payment deadline once the provider has the shopper's card (a bank's approval step can take minutes). */
export function paymentUnderWayDueBy(createdAt: number, settings: ReserveSettings = {}): number {
  return createdAt + paymentWindowMs(settings);
}

export interface HoldState {
  status: ReservationStatus;
  paymentDueBy: number;
  heldUntil: number;
}

/** A hold counts while pending before its payment deadline, or paid before its end. */
export function holdIsActive(hold: HoldState, now: number): boolean {
  if (hold.status === 'pending') return now < hold.paymentDueBy;
  if (hold.status === 'paid') return now < hold.heldUntil;
  return false;
}

/** When an active hold stops counting (for the sweep that releases cars). */
export function holdEndsAt(hold: HoldState): number {
  return hold.status === 'pending' ? hold.paymentDueBy : hold.heldUntil;
}

export interface ReservableCar {
  status?: string | null;
  reserved?: boolean | null;
}

export type Reservability = { ok: true } | { ok: false; reason: 'sold' | 'reserved' | 'not-offered'; message: string };

/**
 * docs/requirements/vehicle-browsing.md#validation: reserve and online purchase only if available (#states: in_stock or coming_soon). A car the feed marks
 * reserved, or one with another shopper's active hold, is taken.
 */
export function reservability(car: ReservableCar, settings: ReserveSettings, heldBySomeoneElse: boolean): Reservability {
  if (car.status !== 'in_stock' && car.status !== 'coming_soon') return { ok: false, reason: 'sold', message: CHECKOUT_MESSAGES.sold };
  if (car.reserved || heldBySomeoneElse) return { ok: false, reason: 'reserved', message: CHECKOUT_MESSAGES.reserved };
  if (!reserveOffered(settings)) return { ok: false, reason: 'not-offered', message: CHECKOUT_MESSAGES.notReservable };
  return { ok: true };
}

/** A short number people can read out on the phone: R- and 8 characters from the reservation id. */
export function reservationNumber(id: string): string {
  return `R-${id
    .replace(/[^0-9a-z]/gi, '')
    .slice(0, 8)
    .toUpperCase()}`;
}

/** The dealership's state names its zone; without one, Sydney. */
export function timeZoneOfState(state: string | null | undefined): string {
  return stateTimeZone(state) ?? stateTimeZone('NSW') ?? FALLBACK_TIME_ZONE;
}

/** 'Wednesday 25/11/2026, 3:30 pm AEDT' in the dealership's time zone (docs/requirements/dealer-services.md#constants: dates dd/mm/yyyy). */
export function formatHoldExpiry(at: number, timeZone: string): string {
  const d = new Date(at);
  const part = (opts: Intl.DateTimeFormatOptions) => dateTimeFormat('en-AU', { timeZone, ...opts }).format(d);
  const date = part({ day: '2-digit', month: '2-digit', year: 'numeric' });
  const weekday = part({ weekday: 'long' });
  const time = part({ hour: 'numeric', minute: '2-digit', hour12: true })
    .replace(/\s?([ap])\.?m\.?/i, ' $1m')
    .toLowerCase();
  const zone =
    dateTimeFormat('en-AU', { timeZone, timeZoneName: 'short' })
      .formatToParts(d)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  return `${weekday} ${date}, ${time} ${zone}`.trim();
}
