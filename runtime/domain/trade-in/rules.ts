// Field, image and instant value rules of the instant offer wizard (docs/requirements/dealer-services.md#data,
// #validation, #constants). Pure: the wizard in the browser and the eval-expert routes on the server both call them.
import { TRADE_IN_MESSAGES as M } from './messages';

/** docs/requirements/dealer-services.md#data: the states a rego can be registered in;
 * docs/requirements/dealer-services.md#constants: the default form state is qld. */
export const REGO_STATES = ['qld', 'nsw', 'vic', 'sa', 'wa', 'tas', 'act', 'nt'] as const;
export type RegoState = (typeof REGO_STATES)[number];
export const DEFAULT_REGO_STATE: RegoState = 'qld';

interface SiteDealership {
  locations?: readonly { primary?: boolean | null; address?: { state?: string | null } | null }[] | null;
}

/**
 * The state a trade-in's rego starts at: the state of the site's primary location (the first dealership's primary
 * location, else the first location), most shoppers' cars being registered where the dealer is; qld when that state
 * is unknown.
 */
export function defaultRegoState(dealerships: readonly SiteDealership[]): RegoState {
  const locations = dealerships.flatMap((d) => d.locations ?? []);
  const primary = locations.find((l) => l.primary) ?? locations[0];
  const state = primary?.address?.state?.trim().toLowerCase();
  return (REGO_STATES as readonly string[]).includes(state ?? '') ? (state as RegoState) : DEFAULT_REGO_STATE;
}
export const REGO_MAX_LENGTH = 9;

export type FieldErrors = Record<string, string>;
const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';

/** A rego as looked up: letters and digits, upper case ('abc 123' -> 'ABC123'). */
export const normaliseRego = (rego: string) => rego.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

/** Step 1: rego and state, each '* This field is required'. */
export function vehicleDetailsErrors(values: { rego?: unknown; state?: unknown }): FieldErrors | null {
  const errors: FieldErrors = {};
  if (blank(values.rego) || normaliseRego(String(values.rego)).length === 0 || normaliseRego(String(values.rego)).length > REGO_MAX_LENGTH)
    errors.rego = M.required;
  if (blank(values.state) || !REGO_STATES.includes(String(values.state) as RegoState)) errors.state = M.required;
  return Object.keys(errors).length ? errors : null;
}

/** Step 2: one description chosen ('* Please choose one car.'). */
export function selectionError(description: unknown, descriptions: string[]): string | null {
  return typeof description === 'string' && descriptions.includes(description) ? null : M.chooseOneCar;
}

/** Your Details step choices (docs/requirements/dealer-services.md#data valuation fields; #screens PreferredContactMethod and finance). */
export const SERVICE_HISTORY_OPTIONS = ['Full service history', 'Partial service history', 'No service history'] as const;
export const NUMBER_OF_KEYS_OPTIONS = ['1', '2', '3 or more'] as const;
export const CAR_CONDITION_OPTIONS = ['Excellent', 'Good', 'Fair', 'Poor'] as const;
export const CONTACT_METHODS = ['Phone', 'Email', 'SMS'] as const;
/** The questions whose answers adjust what the car is worth, with the words the shopper and the dealer read. */
export const ADJUSTMENT_QUESTIONS = { service_history: 'Service history', number_of_keys: 'Number of keys', car_condition: 'Car condition' } as const;
export const DEFAULT_CONTACT_METHOD = 'Phone';
export const FINANCE_OPTIONS = ['Yes', 'No'] as const;
const MAX_ODOMETER = 2_000_000;
const COMMENTS_MAX_LENGTH = 2000;

/**
 * Your Details: postcode (exactly 4 digits), odometer, service_history, number_of_keys, car_condition and comments all
 * required. (Name, email, phone, PreferredContactMethod and finance are the lead form's fields: runtime/domain/leads.)
 */
export function tradeInDetailsErrors(values: Record<string, unknown>): FieldErrors | null {
  const errors: FieldErrors = {};
  if (typeof values.postcode !== 'string' || !/^\d{4}$/.test(values.postcode.trim())) errors.postcode = M.invalidPostcode;
  const km = values.odometer;
  if (km === undefined || km === null || km === '') errors.odometer = M.required;
  else if (typeof km !== 'number' || !Number.isInteger(km) || km < 0 || km > MAX_ODOMETER) errors.odometer = M.invalidNumber;
  const choice = (field: string, options: readonly string[]) => {
    if (blank(values[field])) errors[field] = M.required;
    else if (!options.includes(String(values[field]))) errors[field] = M.invalidChoice;
  };
  choice('service_history', SERVICE_HISTORY_OPTIONS);
  choice('number_of_keys', NUMBER_OF_KEYS_OPTIONS);
  choice('car_condition', CAR_CONDITION_OPTIONS);
  if (blank(values.comments)) errors.comments = M.required;
  else if (String(values.comments).length > COMMENTS_MAX_LENGTH) errors.comments = `Please use at most ${COMMENTS_MAX_LENGTH} characters.`;
  return Object.keys(errors).length ? errors : null;
}

// docs/requirements/dealer-services.md#validation: images optional, at most 10, each under 10MB, JPEG, JPG, PNG, GIF or HEIC.
export const MAX_IMAGES = 10;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'heic'] as const;
export const IMAGE_ACCEPT = '.jpeg,.jpg,.png,.gif,.heic,image/jpeg,image/png,image/gif,image/heic';
export type ImageContentType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/heic';

export interface ChosenFile {
  name: string;
  size: number;
}

/**
 * Adding files to those already chosen: over 10 in all alerts 'You can only upload 10 images' (and adds none); a file
 * of 10MB or more, or not a JPEG/JPG/PNG/GIF/HEIC, alerts 'Please upload an image file under 10MB' and is left out.
 */
export function addImages<F extends ChosenFile>(chosen: F[], added: F[]): { images: F[]; alert: string | null } {
  if (chosen.length + added.length > MAX_IMAGES) return { images: chosen, alert: M.tooManyImages };
  const ok = added.filter((f) => f.size < MAX_IMAGE_BYTES && (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(f.name)));
  return { images: [...chosen, ...ok], alert: ok.length < added.length ? M.imageTooLarge : null };
}

const extensionOf = (name: string) => (/\.([A-Za-z0-9]+)$/.exec(name)?.[1] ?? '').toLowerCase();

const HEIC_BRANDS = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'];

/** The image type from a file's first bytes (never its name): JPEG, PNG, GIF or HEIC; null for anything else. */
export function sniffImageType(head: Uint8Array): ImageContentType | null {
  const b = head;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...b.slice(from, to));
  if (b.length >= 6 && (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a')) return 'image/gif';
  if (b.length >= 12 && ascii(4, 8) === 'ftyp' && HEIC_BRANDS.includes(ascii(8, 12))) return 'image/heic';
  return null;
}
/** Bytes sniffImageType needs. */
export const SNIFF_BYTES = 12;

// docs/requirements/dealer-services.md#validation Trade-in FAQ rules: no instant value for vehicles over 10 years old or over 100,000 km.
export const INSTANT_VALUE_MAX_AGE_YEARS = 10;
const INSTANT_VALUE_MAX_KM = 100_000;

/** Age in whole calendar years (a 2016 car is 10 years old in 2026). */
const vehicleAge = (year: number, now: Date) => now.getUTCFullYear() - year;

/** Whether the shopper may see an instant price: known year, at most 10 years old and at most 100,000 km. */
export function instantValueAllowed(car: { year?: number | string | null; km: number }, now: Date): boolean {
  const year = Number(car.year);
  if (!Number.isInteger(year) || year < 1900) return false;
  return vehicleAge(year, now) <= INSTANT_VALUE_MAX_AGE_YEARS && car.km <= INSTANT_VALUE_MAX_KM;
}

/** The last day the estimate holds: 7 days from when it was given (docs/requirements/dealer-services.md#constants). */
export function offerValidUntil(givenAt: Date, days = 7): Date {
  return new Date(givenAt.getTime() + days * 24 * 60 * 60 * 1000);
}
