// What a service booking adds to the lead the CRM receives (docs/requirements/dealer-services.md#data "Service booking fields"): each field under
// the seed's own name, beside the common lead fields (name, email, phone, postcode, Rego, location, message).
import { chosenLocation, type ServiceFormConfig } from './wizard';

export interface ServiceLeadFields {
  'Vehicle Make': string | null;
  'Vehicle Model': string | null;
  'Vehicle Year': number | null;
  'Vehicle Rego': string | null;
  'Service Interval': string | null;
  'Service Type': string | null;
  /** YYYY-MM-DD, a day the location is open. */
  'Preferred Service Date': string | null;
  Comments: string | null;
  Location: string | null;
  location_id: number | null;
  'Vehicle State': string | null;
  Street: string | null;
  Suburb: string | null;
  State: string | null;
  Postcode: string | null;
  'Repair Issue': string | null;
}

const text = (v: unknown): string | null => {
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
  return s ? s : null;
};

export function serviceLeadFields(config: ServiceFormConfig, values: Record<string, unknown>): ServiceLeadFields {
  const location = chosenLocation(config, values.location_id);
  const year = Number(text(values.vehicle_year));
  return {
    'Vehicle Make': text(values.vehicle_make),
    'Vehicle Model': text(values.vehicle_model),
    'Vehicle Year': Number.isInteger(year) && year > 0 ? year : null,
    'Vehicle Rego': text(values.rego)?.toUpperCase() ?? null,
    'Service Interval': text(values.service_interval),
    'Service Type': text(values.service_type),
    'Preferred Service Date': text(values.preferred_date),
    Comments: text(values.message),
    Location: location?.name ?? null,
    location_id: location?.id ?? null,
    'Vehicle State': text(values.vehicle_state)?.toUpperCase() ?? null,
    Street: text(values.street),
    Suburb: text(values.suburb),
    State: text(values.state)?.toUpperCase() ?? null,
    Postcode: text(values.postcode),
    'Repair Issue': text(values.repair_issue),
  };
}

/** The common lead values (what buildLeadPayload reads) of a service booking. */
export function serviceLeadBaseValues(config: ServiceFormConfig, values: Record<string, unknown>): Record<string, unknown> {
  const location = chosenLocation(config, values.location_id);
  return {
    name: values.name,
    last_name: values.last_name,
    email: values.email,
    phone: values.phone,
    postcode: values.postcode,
    rego: values.rego,
    message: values.message,
    location: location?.name ?? '',
    dealership_slug: (typeof values.dealership_slug === 'string' && values.dealership_slug) || location?.dealership_slug || '',
    opt_in: typeof values.opt_in === 'boolean' ? values.opt_in : true,
    preferred_date: values.preferred_date,
  };
}
