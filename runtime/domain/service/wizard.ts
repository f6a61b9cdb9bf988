// The service booking wizard (docs/requirements/dealer-services.md#screens, #data, #validation): its steps per variant,
// the fields of each step, which of them are
// required on this site, and each step's check. One config drives the form in the browser and the check POST
// /api/leads runs on the server.
import { serviceLocations } from '../locations/location-dropdown';
import { AU_PHONE_PATTERN, EMAIL_PATTERN, POSTCODE_PATTERN } from '../leads/schema';
import { SERVICE_MESSAGES as M, tooLong } from './messages';
import { serviceDateProblem, type ServiceLocation } from './service-dates';
import type { ResolvedLocationDropdownSettings, ResolvedServiceSettings } from '../settings';

type ServiceStepId = 'contact' | 'vehicle' | 'order';
const SERVICE_STEP_TITLES: Readonly<Record<ServiceStepId, string>> = {
  contact: 'Contact Details',
  vehicle: 'Vehicle Details',
  order: 'Order Details',
};

/** Names of the form values (what the form registers and POST /api/leads receives under `values`). */
const SERVICE_FIELD_NAMES = [
  'name',
  'last_name',
  'email',
  'phone',
  'street',
  'suburb',
  'state',
  'postcode',
  'vehicle_make',
  'vehicle_model',
  'vehicle_year',
  'rego',
  'vehicle_state',
  'service_interval',
  'service_type',
  'repair_issue',
  'dealership_slug',
  'location_id',
  'preferred_date',
  'message',
  'opt_in',
] as const;
export type ServiceField = (typeof SERVICE_FIELD_NAMES)[number];

export const AU_STATES = ['QLD', 'NSW', 'VIC', 'SA', 'WA', 'TAS', 'ACT', 'NT'] as const;
/** docs/requirements/dealer-services.md#constants: default form state qld. */
const DEFAULT_VEHICLE_STATE = 'QLD';

interface ServiceStep {
  id: ServiceStepId;
  title: string;
  fields: ServiceField[];
}

interface ServiceDealershipOption {
  slug: string;
  name: string;
}

export interface ServiceFormConfig {
  kind: 'wizard' | 'vehicle-check';
  variant: 'full' | 'short';
  steps: ServiceStep[];
  /** Fields that get '* This field is required' when empty. */
  required: ServiceField[];
  /** Short variant: Vehicle Details cannot be left without these ('Please complete the form step before proceeding'). */
  stepGate: { step: ServiceStepId; fields: ServiceField[] } | null;
  serviceIntervals: string[];
  serviceTypes: string[];
  /** Locations offered: the site's service locations (all its locations when it lists none as service). */
  locations: ServiceLocation[];
  dealerships: ServiceDealershipOption[];
  dealershipSelect: boolean;
  bookingWindowDays: number;
  notableDisclaimer: { locationIds: number[]; text: string };
  category: string;
  subcategory?: string;
}

export interface ServiceSite {
  dealerships: { id: number; slug: string; name: string; locations: ServiceLocation[] }[];
}

const SERVICE_LEAD_CATEGORY = 'Service Enquiry';
const VEHICLE_CHECK_SUBCATEGORY = 'Vehicle Health Check';

/** Every location of the site with its dealership, as the location rules want them. */
function siteLocations(site: ServiceSite): ServiceLocation[] {
  return site.dealerships.flatMap((d) => d.locations.map((l) => ({ ...l, dealership_id: d.id, dealership_slug: d.slug })));
}

/** The location dropdown's options: service locations only (docs/requirements/dealer-services.md#screens, #validation), after the site's dropdown filters. */
export function serviceLocationOptions(site: ServiceSite, dropdown: ResolvedLocationDropdownSettings): ServiceLocation[] {
  return serviceLocations(siteLocations(site), dropdown) as ServiceLocation[];
}

function stepsFor(
  kind: ServiceFormConfig['kind'],
  variant: ServiceFormConfig['variant'],
  s: ResolvedServiceSettings,
  dealershipSelect: boolean,
): ServiceStep[] {
  const step = (id: ServiceStepId, fields: (ServiceField | false)[]): ServiceStep => ({
    id,
    title: SERVICE_STEP_TITLES[id],
    fields: fields.filter((f): f is ServiceField => !!f),
  });
  const serviceType = s.serviceTypes.length > 0 && 'service_type';
  const dealership = dealershipSelect && 'dealership_slug';
  if (kind === 'vehicle-check') {
    // A shorter vehicle health check request: one step.
    return [
      step('order', [
        'name',
        'email',
        'phone',
        'rego',
        'vehicle_make',
        'vehicle_model',
        'vehicle_year',
        dealership,
        'location_id',
        'preferred_date',
        'message',
        'opt_in',
      ]),
    ];
  }
  if (variant === 'short') {
    return [
      step('vehicle', ['rego', 'vehicle_state', 'vehicle_make', 'vehicle_model', 'vehicle_year']),
      step('contact', ['name', 'email', 'phone']),
      step('order', ['service_interval', serviceType, 'repair_issue', dealership, 'location_id', 'preferred_date', 'message', 'opt_in']),
    ];
  }
  return [
    step('contact', ['name', 'last_name', 'email', 'phone', 'street', 'suburb', 'state', 'postcode']),
    step('vehicle', ['vehicle_make', 'vehicle_model', 'vehicle_year', 'rego', 'vehicle_state', 'service_interval', serviceType, 'repair_issue']),
    step('order', [dealership, 'location_id', 'preferred_date', 'message', 'opt_in']),
  ];
}

export function serviceFormConfig(settings: ResolvedServiceSettings, site: ServiceSite, dropdown: ResolvedLocationDropdownSettings): ServiceFormConfig {
  const kind = settings.form === 'vehicle-check' ? 'vehicle-check' : 'wizard';
  const variant = settings.wizardVariant;
  const dealershipSelect = site.dealerships.length > 1; // docs/requirements/dealer-services.md#validation: dealership_slug required when several dealerships
  const steps = stepsFor(kind, variant, settings, dealershipSelect);
  const shown = new Set(steps.flatMap((s) => s.fields));
  const locations = serviceLocationOptions(site, dropdown);
  const required: ServiceField[] = ['name', 'email', 'phone', 'vehicle_make', 'vehicle_model', 'vehicle_year', 'preferred_date'];
  if (kind === 'vehicle-check' || variant === 'short') required.push('rego');
  if (settings.serviceIntervalRequired) required.push('service_interval');
  if (settings.serviceTypes.length) required.push('service_type');
  if (dealershipSelect) required.push('dealership_slug');
  if (locations.length) required.push('location_id');
  return {
    kind,
    variant,
    steps,
    required: required.filter((f) => shown.has(f)),
    stepGate: kind === 'wizard' && variant === 'short' ? { step: 'vehicle', fields: ['vehicle_make', 'vehicle_model', 'vehicle_year'] } : null,
    serviceIntervals: settings.serviceIntervals,
    serviceTypes: settings.serviceTypes,
    locations,
    // Only dealerships with a location to book at are offered.
    dealerships: site.dealerships
      .filter((d) => !locations.length || locations.some((l) => l.dealership_slug === d.slug))
      .map((d) => ({ slug: d.slug, name: d.name })),
    dealershipSelect,
    bookingWindowDays: settings.bookingWindowDays,
    notableDisclaimer: settings.notableDisclaimer,
    category: SERVICE_LEAD_CATEGORY,
    subcategory: kind === 'vehicle-check' ? VEHICLE_CHECK_SUBCATEGORY : undefined,
  };
}

/** The locations offered once a dealership is chosen (all of them before). */
export function locationsForDealership(config: ServiceFormConfig, dealershipSlug: unknown): ServiceLocation[] {
  return typeof dealershipSlug === 'string' && dealershipSlug ? config.locations.filter((l) => l.dealership_slug === dealershipSlug) : config.locations;
}

export function chosenLocation(config: ServiceFormConfig, locationId: unknown): ServiceLocation | undefined {
  const id = Number(locationId);
  return Number.isInteger(id) ? config.locations.find((l) => l.id === id) : undefined;
}

/** docs/requirements/dealer-services.md#constants: the notable disclaimer shows for listed location ids. */
export function notableDisclaimerFor(config: Pick<ServiceFormConfig, 'notableDisclaimer'>, locationId: unknown): string | null {
  return config.notableDisclaimer.locationIds.includes(Number(locationId)) ? config.notableDisclaimer.text : null;
}

const SERVICE_TEXT_MAX = { short: 120, long: 5000 } as const;
const LONG_FIELDS = new Set<ServiceField>(['message', 'repair_issue']);

const textOf = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

export interface ServiceStepErrors {
  /** '* This field is required' and the other field messages, by field. */
  fields: Record<string, string>;
  /** 'Please complete the form step before proceeding' (short variant's Vehicle Details). */
  step?: string;
}

/** One field's message, or null when it is fine. */
function serviceFieldError(config: ServiceFormConfig, field: ServiceField, values: Record<string, unknown>, now: Date | number): string | null {
  const raw = values[field];
  const value = textOf(raw);
  if (field === 'opt_in') return raw === undefined || typeof raw === 'boolean' ? null : M.invalidChoice;
  if (!value) return config.required.includes(field) ? M.required : null;
  const max = LONG_FIELDS.has(field) ? SERVICE_TEXT_MAX.long : SERVICE_TEXT_MAX.short;
  if (value.length > max) return tooLong(max);
  switch (field) {
    case 'email':
      return new RegExp(EMAIL_PATTERN).test(value) ? null : M.invalidEmail;
    case 'phone':
      return new RegExp(AU_PHONE_PATTERN).test(value) ? null : M.invalidPhone;
    case 'postcode':
      return new RegExp(POSTCODE_PATTERN).test(value) ? null : M.invalidPostcode;
    case 'state':
    case 'vehicle_state':
      return (AU_STATES as readonly string[]).includes(value.toUpperCase()) ? null : M.invalidChoice;
    case 'vehicle_year': {
      const year = Number(value);
      const latest = new Date(now).getUTCFullYear() + 1;
      return /^\d{4}$/.test(value) && year >= 1900 && year <= latest ? null : M.invalidYear;
    }
    case 'service_interval':
      return config.serviceIntervals.length && !config.serviceIntervals.includes(value) ? M.invalidChoice : null;
    case 'service_type':
      return config.serviceTypes.includes(value) ? null : M.invalidChoice;
    case 'dealership_slug':
      return config.dealerships.some((d) => d.slug === value) ? null : M.invalidChoice;
    case 'location_id': {
      const location = chosenLocation(config, value);
      if (!location) return M.invalidChoice;
      const dealership = textOf(values.dealership_slug);
      return dealership && location.dealership_slug !== dealership ? M.locationNotAtDealership : null;
    }
    case 'preferred_date': {
      const location = chosenLocation(config, values.location_id);
      if (!location) return config.locations.length ? M.chooseLocationFirst : null;
      const problem = serviceDateProblem(location, value, now, config.bookingWindowDays);
      if (!problem) return null;
      return { invalid: M.invalidDate, past: M.pastDate, closed: M.closedDate, 'too-far': M.tooFarDate }[problem];
    }
    default:
      return null;
  }
}

/** The check run before leaving step `index` (and, for every step, before submitting). */
export function validateServiceStep(config: ServiceFormConfig, index: number, values: Record<string, unknown>, now: Date | number): ServiceStepErrors | null {
  const step = config.steps[index];
  if (!step) return null;
  const fields: Record<string, string> = {};
  for (const field of step.fields) {
    const error = serviceFieldError(config, field, values, now);
    if (error) fields[field] = error;
  }
  const gate = config.stepGate?.step === step.id ? config.stepGate : null;
  const stepMessage = gate && gate.fields.some((f) => !textOf(values[f])) ? M.stepIncomplete : undefined;
  return Object.keys(fields).length || stepMessage ? { fields, ...(stepMessage ? { step: stepMessage } : {}) } : null;
}

/** Every step's check at once (what the server runs on a submitted booking). */
export function validateServiceBooking(config: ServiceFormConfig, values: Record<string, unknown>, now: Date | number): ServiceStepErrors | null {
  const all: ServiceStepErrors = { fields: {} };
  config.steps.forEach((_, i) => {
    const errors = validateServiceStep(config, i, values, now);
    if (errors) {
      Object.assign(all.fields, errors.fields);
      all.step ??= errors.step;
    }
  });
  return Object.keys(all.fields).length || all.step ? all : null;
}

/** Initial values: the vehicle state defaults to QLD (docs/requirements/dealer-services.md#constants), opt-in ticked
 * (docs/requirements/dealer-services.md#validation). */
export function serviceFormDefaults(config: ServiceFormConfig): Record<string, unknown> {
  const values: Record<string, unknown> = { vehicle_state: DEFAULT_VEHICLE_STATE, opt_in: true };
  // docs/requirements/dealer-services.md#states: a dropdown with a single option is selected automatically (once).
  const [only] = config.locations;
  if (only && config.locations.length === 1) {
    values.location_id = String(only.id);
    if (config.dealershipSelect && only.dealership_slug) values.dealership_slug = only.dealership_slug;
  }
  return values;
}
