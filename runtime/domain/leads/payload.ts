// The lead as the CRM receives it (docs/requirements/dealer-services.md#data "Lead payload";
// docs/requirements/vehicle-browsing.md#calls): form values plus what the page knows
// (the car, its dealership, the address, the pages visited, the query parameters, the browser).
import { makeSlug } from '../make-names';
import { FORM_CATEGORIES, type LeadFormConfig, type LeadFormKind } from './form-config';
import { LEAD_SOURCE } from './messages';
import type { ServiceLeadFields } from '../service/service-lead';
import type { TradeInValuationFields } from '../trade-in/valuation-fields';

export interface LeadCar {
  id: number | string;
  make: string;
  model?: string;
  year?: number | null;
  stocknum?: string | null;
  car_type?: string;
  status?: string;
  tag?: string | null;
  dealership_id?: number;
  dealership_slug?: string | null;
}

export interface LeadContext {
  form: LeadFormKind;
  car?: LeadCar | null;
  /** The dealership the lead goes to (the chosen one, the car's, or the site's only one). */
  dealership?: { id?: number; slug: string; manufacturer?: string | null } | null;
  url: string;
  visitedPages?: string[];
  linkedQueryParams?: Record<string, string>;
  userAgent?: string;
  pageId?: string | number | null;
  autogaugeEnabled?: boolean;
  /** false for a step of a multi-step form that is not the last one. */
  completed?: boolean;
  leadId?: string;
}

/** A service booking also carries every service booking field under the seed's names (docs/requirements/dealer-services.md#data). */
export interface LeadPayload extends Partial<Omit<ServiceLeadFields, 'Vehicle Make' | 'Vehicle Model' | 'Vehicle Year'>> {
  category: string;
  subcategory: string | null;
  url: string;
  source: 'Website';
  user_agent: string;
  car_id: number | string | null;
  car_dealership_id: number | null;
  lead_attributes: { visited_pages: string[]; linked_query_params: Record<string, string> };
  opt_in: boolean;
  message: string;
  dealership_slug: string | null;
  manufacturer_slug: string | null;
  stock_number: string | null;
  'Vehicle Make': string | null;
  'Vehicle Model': string | null;
  /** Not in the seed's enquiry payload (it is a service booking field there); CRMs' ADF <vehicle> wants the year. */
  'Vehicle Year': number | null;
  car_type: string | null;
  vehicle_status: string | null;
  autogauge_enabled: boolean;
  name: string;
  last_name: string;
  email: string;
  phone: string;
  postcode: string;
  Rego: string;
  location: string;
  page_id: string | number | null;
  additional_services: string[];
  lead_id: string | null;
  lead_status: 'Complete' | 'Incomplete';
  form_completed: boolean;
  preferred_date?: string;
  preferred_time?: string;
  PreferredContactMethod?: string;
  finance?: string;
  terms_conditions?: boolean;
  /** Trade-in Enquiry (instant offer wizard): the valuation, and the thank-you text to the customer (docs/requirements/dealer-services.md#data). */
  valuation?: TradeInValuationFields;
  sms_content?: string;
  sms_from?: string;
}

/** Bounds on what the browser reports about the visit (stored as given, but not without limit). */
export const MAX_VISITED_PAGES = 20;
const MAX_QUERY_PARAMS = 20;

const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

function visited(pages: unknown): string[] {
  return Array.isArray(pages)
    ? pages
        .filter((p): p is string => typeof p === 'string')
        .slice(-MAX_VISITED_PAGES)
        .map((p) => p.slice(0, 500))
    : [];
}

function queryParams(params: unknown): Record<string, string> {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return {};
  return Object.fromEntries(
    Object.entries(params as Record<string, unknown>)
      .filter(([, v]) => typeof v === 'string')
      .slice(0, MAX_QUERY_PARAMS)
      .map(([k, v]) => [k.slice(0, 100), (v as string).slice(0, 500)]),
  );
}

/** Query parameters of a URL as a plain object (linked_query_params). */
function linkedQueryParams(url: string): Record<string, string> {
  try {
    return Object.fromEntries(new URL(url, 'http://x').searchParams);
  } catch {
    return {};
  }
}

export function buildLeadPayload(
  values: Record<string, unknown>,
  context: LeadContext,
  config?: Pick<LeadFormConfig, 'category' | 'subcategory' | 'presetMessage'>,
): LeadPayload {
  const defaults = config ?? FORM_CATEGORIES[context.form];
  const { car, dealership } = context;
  const completed = context.completed ?? true;
  // Careers and parts forms always file under their own category; only enquiry forms let the shopper pick one.
  const category = context.form === 'careers' || context.form === 'parts' ? FORM_CATEGORIES[context.form].category : str(values.category) || defaults.category;
  const subcategory = context.form === 'careers' ? FORM_CATEGORIES.careers.subcategory! : (defaults.subcategory ?? null);
  const manufacturer = car?.make ?? dealership?.manufacturer ?? null;
  const payload: LeadPayload = {
    category,
    subcategory,
    url: context.url,
    source: LEAD_SOURCE,
    user_agent: context.userAgent ?? '',
    car_id: car?.id ?? null,
    car_dealership_id: car?.dealership_id ?? null,
    lead_attributes: {
      visited_pages: visited(context.visitedPages),
      linked_query_params: queryParams(context.linkedQueryParams ?? linkedQueryParams(context.url)),
    },
    opt_in: typeof values.opt_in === 'boolean' ? values.opt_in : true,
    message: str(values.message) || (config && 'presetMessage' in config ? (config.presetMessage ?? '') : ''),
    dealership_slug: str(values.dealership_slug) || dealership?.slug || car?.dealership_slug || null,
    manufacturer_slug: manufacturer ? makeSlug(manufacturer) : null,
    stock_number: car?.stocknum ?? null,
    'Vehicle Make': car?.make ?? null,
    'Vehicle Model': car?.model ?? null,
    'Vehicle Year': car?.year ?? null,
    car_type: car?.car_type ?? null,
    vehicle_status: car?.status ?? null,
    autogauge_enabled: context.autogaugeEnabled ?? false,
    name: str(values.name),
    last_name: str(values.last_name),
    email: str(values.email),
    phone: str(values.phone),
    postcode: str(values.postcode),
    Rego: str(values.rego).toUpperCase(),
    location: str(values.location),
    page_id: context.pageId ?? null,
    additional_services: Array.isArray(values.additional_services) ? values.additional_services.filter((s): s is string => typeof s === 'string') : [],
    lead_id: context.leadId ?? null,
    lead_status: completed ? 'Complete' : 'Incomplete',
    form_completed: completed,
  };
  for (const key of ['preferred_date', 'preferred_time', 'PreferredContactMethod', 'finance'] as const) {
    const v = str(values[key]);
    if (v) payload[key] = v;
  }
  if (typeof values.terms_conditions === 'boolean') payload.terms_conditions = values.terms_conditions;
  return payload;
}
