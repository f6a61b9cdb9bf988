// Which fields a lead form has and which it requires (docs/requirements/dealer-services.md#screens, #validation;
// docs/requirements/vehicle-browsing.md#screens). One config drives the form in
// the browser and the check on the server, through leadFormSchema(config).
import { CAREERS_CATEGORY, CAREERS_SUBCATEGORY } from './events';
import { REQUEST_PHOTOS_MESSAGE } from './messages';

export const LEAD_FORM_KINDS = [
  'enquiry',
  'test-drive',
  'request-photos',
  'finance',
  'trade-in',
  'service',
  'careers',
  'contact',
  'parts',
  'reserve-online',
  'online-purchase',
] as const;
/** Leads the checkout files itself once the deposit is paid (runtime/reservations), not forms shoppers post. */
export const CHECKOUT_LEAD_FORMS: readonly LeadFormKind[] = ['reserve-online', 'online-purchase'];
export type LeadFormKind = (typeof LEAD_FORM_KINDS)[number];

const DEFAULT_CATEGORY = 'General Enquiry';
const PARTS_CATEGORY = 'Parts Enquiry';

/** Category (and subcategory) each form files its lead under. */
export const FORM_CATEGORIES: Readonly<Record<LeadFormKind, { category: string; subcategory?: string }>> = {
  enquiry: { category: DEFAULT_CATEGORY },
  contact: { category: DEFAULT_CATEGORY },
  'request-photos': { category: DEFAULT_CATEGORY, subcategory: 'Request Photos' },
  'test-drive': { category: 'Test Drive' },
  finance: { category: 'Finance Enquiry' },
  'trade-in': { category: 'Trade-in Enquiry' },
  service: { category: 'Service Enquiry' },
  careers: { category: CAREERS_CATEGORY, subcategory: CAREERS_SUBCATEGORY },
  // docs/requirements/dealer-services.md#screens: /parts/search is a parts enquiry.
  parts: { category: PARTS_CATEGORY },
  'reserve-online': { category: 'Reserve Online' },
  'online-purchase': { category: 'Online Purchase' },
};

/** Choices of the enquiry form's category select. */
const DEFAULT_CATEGORY_OPTIONS = ['General Enquiry', 'Vehicle Enquiry', 'Finance Enquiry', 'Trade-in Enquiry', 'Service Enquiry', PARTS_CATEGORY];

/** Names of the form values (what react-hook-form registers and POST /api/leads receives under `values`). */
const LEAD_FIELDS = {
  name: 'name',
  lastName: 'last_name',
  email: 'email',
  phone: 'phone',
  postcode: 'postcode',
  message: 'message',
  category: 'category',
  location: 'location',
  rego: 'rego',
  optIn: 'opt_in',
  dealership: 'dealership_slug',
  terms: 'terms_conditions',
  date: 'preferred_date',
  time: 'preferred_time',
  additionalServices: 'additional_services',
  preferredContactMethod: 'PreferredContactMethod',
  finance: 'finance',
  honeypot: 'contact_me_by_fax_only',
} as const;
export type LeadFieldName = (typeof LEAD_FIELDS)[keyof typeof LEAD_FIELDS];

/** The honeypot input: hidden from people (off-screen, tabindex -1, autocomplete off); bots fill it. */
export const HONEYPOT_FIELD = LEAD_FIELDS.honeypot;

/** Per-site form options as kept in settings.leads.forms (schemas/settings/leads.schema.json). */
export interface LeadFormSettings {
  commentsRequired?: boolean;
  locationField?: boolean;
  regoField?: boolean;
  optInField?: boolean;
  termsCheckbox?: boolean;
  postcodeField?: boolean;
  lastNameField?: boolean;
  removeDealershipSelect?: boolean;
  categorySelect?: boolean;
  categories?: string[];
  multiStep?: boolean;
  locations?: string[];
}

export interface LeadDealershipOption {
  slug: string;
  name: string;
}

export interface LeadFormConfig {
  form: LeadFormKind;
  category: string;
  subcategory?: string;
  /** Enquiry forms: a category select (required, defaulting to `category`). */
  categorySelect: boolean;
  categories: string[];
  commentsRequired: boolean;
  /** Hidden, prefilled message (Request Photos). */
  presetMessage?: string;
  lastNameField: boolean;
  locationField: boolean;
  /** Choices of the location field; empty means free text. */
  locations: string[];
  regoField: boolean;
  optInField: boolean;
  termsCheckbox: boolean;
  postcodeField: boolean;
  /** Test drive date and time (both optional). */
  dateTime: boolean;
  /** Shown (and required) when the site has more than one dealership and the select is not removed. */
  dealershipSelect: boolean;
  dealerships: LeadDealershipOption[];
  /** Multi-step forms: the field names of each step, in order. Empty for a one-page form. */
  steps: LeadFieldName[][];
}

/** Fields each step holds on multi-step forms (only fields the config turns on are kept). */
const MULTI_STEP_LAYOUT: LeadFieldName[][] = [
  ['category', 'dealership_slug', 'location', 'rego', 'preferred_date', 'preferred_time', 'message'],
  ['name', 'last_name', 'email', 'phone', 'postcode', 'opt_in', 'terms_conditions'],
];

/** The full config of one form on one site: seed defaults, then the site's settings. */
export function leadFormConfig(form: LeadFormKind, settings: LeadFormSettings = {}, dealerships: LeadDealershipOption[] = []): LeadFormConfig {
  const { category, subcategory } = FORM_CATEGORIES[form];
  const isEnquiry = form === 'enquiry' || form === 'contact';
  // The checkout asks for its own fields (name, email, phone, postcode); the car names the dealership.
  if (CHECKOUT_LEAD_FORMS.includes(form)) settings = { postcodeField: true, optInField: false, commentsRequired: false, removeDealershipSelect: true };
  const config: LeadFormConfig = {
    form,
    category,
    subcategory,
    categorySelect: isEnquiry && (settings.categorySelect ?? true),
    categories: settings.categories?.length ? settings.categories : DEFAULT_CATEGORY_OPTIONS,
    // Test drive: message optional (docs/requirements/vehicle-browsing.md#screens). Request Photos: the message is the hidden preset.
    commentsRequired: form === 'test-drive' || form === 'request-photos' ? false : (settings.commentsRequired ?? true),
    presetMessage: form === 'request-photos' ? REQUEST_PHOTOS_MESSAGE : undefined,
    lastNameField: settings.lastNameField ?? false,
    locationField: settings.locationField ?? false,
    locations: settings.locations ?? [],
    // A parts counter finds the right part from the registration (or VIN typed in the message).
    regoField: form === 'parts' || (settings.regoField ?? (form === 'service' || form === 'trade-in')),
    optInField: settings.optInField ?? true,
    termsCheckbox: settings.termsCheckbox ?? false,
    postcodeField: settings.postcodeField ?? form === 'trade-in',
    dateTime: form === 'test-drive',
    dealershipSelect: dealerships.length > 1 && !settings.removeDealershipSelect,
    dealerships,
    steps: [],
  };
  if (settings.multiStep && isEnquiry) {
    const on = new Set(visibleFields(config));
    config.steps = MULTI_STEP_LAYOUT.map((step) => step.filter((f) => on.has(f))).filter((s) => s.length > 0);
  }
  return config;
}

/** The fields the form shows, in order (the honeypot is always present but hidden, so not listed). */
export function visibleFields(config: LeadFormConfig): LeadFieldName[] {
  const f: LeadFieldName[] = [];
  if (config.categorySelect) f.push('category');
  if (config.dealershipSelect) f.push('dealership_slug');
  f.push('name');
  if (config.lastNameField) f.push('last_name');
  f.push('email', 'phone');
  if (config.postcodeField) f.push('postcode');
  if (config.locationField) f.push('location');
  if (config.regoField) f.push('rego');
  if (config.dateTime) f.push('preferred_date', 'preferred_time');
  if (!config.presetMessage) f.push('message');
  if (config.optInField) f.push('opt_in');
  if (config.termsCheckbox) f.push('terms_conditions');
  return f;
}

/** Initial form values: opt_in true, category the default, the preset message. */
export function leadFormDefaults(config: LeadFormConfig): Record<string, unknown> {
  const values: Record<string, unknown> = { [HONEYPOT_FIELD]: '' };
  if (config.categorySelect) values.category = config.category;
  if (config.optInField) values.opt_in = true;
  if (config.presetMessage) values.message = config.presetMessage;
  if (config.termsCheckbox) values.terms_conditions = false;
  if (config.dealershipSelect) values.dealership_slug = '';
  return values;
}
