// ADF (Auto-lead Data Format 1.0) XML of a lead: the automotive CRM format (<adf><prospect>...). Every value is text
// staff typed or a browser sent, so every value is escaped; characters XML cannot carry are dropped.
import type { LeadPayload } from '../domain/leads';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML 1.0 forbids are what this removes
const INVALID_XML_CHARS = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function escapeXml(value: unknown): string {
  return String(value ?? '')
    .replace(INVALID_XML_CHARS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const el = (tag: string, value: unknown, attrs = ''): string =>
  value === null || value === undefined || value === '' ? '' : `<${tag}${attrs}>${escapeXml(value)}</${tag}>`;
/** An element the DTD requires: written even when empty. */
const required = (tag: string, value: unknown, attrs = ''): string => `<${tag}${attrs}>${escapeXml(value)}</${tag}>`;

// A service booking's fields (docs/requirements/dealer-services.md#data) as comment lines: ADF has no service element.
const SERVICE_LINES = [
  'Vehicle Make',
  'Vehicle Model',
  'Vehicle Year',
  'Vehicle Rego',
  'Vehicle State',
  'Service Interval',
  'Service Type',
  'Preferred Service Date',
  'Repair Issue',
  'Street',
  'Suburb',
  'State',
  'Postcode',
] as const;
function serviceLines(p: LeadPayload): string[] {
  if (p['Preferred Service Date'] === undefined && p['Vehicle Rego'] === undefined) return [];
  return SERVICE_LINES.map((k) => (p[k] === null || p[k] === undefined ? '' : `${k}: ${p[k]}`));
}

export interface AdfOptions {
  /** When the lead was stored (ms). */
  createdAt: number;
  dealershipName?: string;
  /** How the CRM can reach the dealership (the vendor's <contact>, which the DTD requires). */
  dealershipPhone?: string;
  dealershipEmail?: string;
  vehicleYear?: number | null;
}

/** ADF's <contact> (runtime/leads/adf-1.0.dtd): name+, then an email and/or phones, then an address with a street. */
function contactXml(names: string, email: string | undefined, phone: string | undefined, address = ''): string {
  const reach = email || phone ? el('email', email) + el('phone', phone, ' type="voice"') : required('phone', '', ' type="voice"');
  return `<contact>${names}${reach}${address}</contact>`;
}

/**
 * The lead as an ADF 1.0 document, valid against the specification's DTD (runtime/leads/adf-1.0.dtd). The prospect
 * id is the lead_id, so a CRM can de-duplicate repeated deliveries. Every prospect has a <vehicle> (the DTD requires
 * one): the car asked about, or the vehicle the shopper typed (a service booking's make, model and year), else empty.
 */
export function leadToAdf(p: LeadPayload, options: AdfOptions): string {
  // A valued trade-in (instant offer wizard) is the shopper's own car, a <vehicle interest="trade-in">; a listed car
  // in the same lead is then one to buy. Every prospect has at least one <vehicle> (the DTD requires one).
  const v = p.valuation;
  const interest = p.category === 'Test Drive' ? 'test-drive' : p.category === 'Trade-in Enquiry' && !v ? 'trade-in' : 'buy';
  const vehicleStatus = p.car_type === 'new' ? 'new' : p.car_type ? 'used' : '';
  const tradeVehicle = v
    ? '<vehicle interest="trade-in" status="used">' +
      required('year', v.vehicle.Year) +
      required('make', v.vehicle.Make) +
      required('model', v.vehicle.Model) +
      el('vin', v.vehicle.VIN) +
      el('trim', [v.vehicle.Variant, v.vehicle.Series].filter(Boolean).join(' ')) +
      el('odometer', v.odometer, ' status="original" units="km"') +
      (v.offer_price ? el('price', v.offer_price, ' type="appraisal" currency="AUD"') : '') +
      el('comments', `Condition: ${v.car_condition}; service history: ${v.service_history}; keys: ${v.number_of_keys}`) +
      '</vehicle>'
    : '';
  const vehicle =
    p.car_id === null && tradeVehicle
      ? ''
      : `<vehicle interest="${interest}"${vehicleStatus ? ` status="${vehicleStatus}"` : ''}>` +
        (p.car_id !== null ? el('id', p.car_id, ' source="Website"') : '') +
        required('year', options.vehicleYear ?? p['Vehicle Year']) +
        required('make', p['Vehicle Make']) +
        required('model', p['Vehicle Model']) +
        el('stock', p.stock_number) +
        '</vehicle>';
  const comments = [
    `Enquiry: ${[p.category, p.subcategory].filter(Boolean).join(' / ')}`,
    p.message,
    p.Rego ? `Rego: ${p.Rego}` : '',
    p.location ? `Location: ${p.location}` : '',
    p.preferred_date || p.preferred_time ? `Preferred time: ${[p.preferred_date, p.preferred_time].filter(Boolean).join(' ')}` : '',
    p.additional_services.length ? `Additional services: ${p.additional_services.join(', ')}` : '',
    ...serviceLines(p),
    v
      ? `Trade-in: ${v.rego} (${v.regoState}), offer ${v.offer_price ? `$${v.offer_price} valid until ${v.offer_valid_until}` : 'none (our team values the car)'}`
      : '',
    v ? `Preferred contact: ${v.PreferredContactMethod}${v.finance ? `; finance: ${v.finance}` : ''}` : '',
    ...(v?.images.length ? ['Photos:', ...v.images] : []),
    `Marketing opt-in: ${p.opt_in ? 'Yes' : 'No'}`,
  ]
    .filter(Boolean)
    .join('\n');
  // The DTD's <address> starts with a street; the forms ask only for a postcode, so the street line is left empty.
  const address = p.postcode ? `<address>${required('street', '', ' line="1"')}${el('postalcode', p.postcode)}<country>AU</country></address>` : '';
  const customerNames = el('name', p.name, ' part="first"') + el('name', p.last_name, ' part="last"') || required('name', '', ' part="full"');
  const vendorName = options.dealershipName ?? p.dealership_slug ?? '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n' +
    '<adf><prospect status="new">' +
    el('id', p.lead_id, ' sequence="1" source="Website"') +
    required('requestdate', new Date(options.createdAt).toISOString()) +
    vehicle +
    tradeVehicle +
    `<customer>${contactXml(customerNames, p.email, p.phone, address)}${el('comments', comments)}</customer>` +
    '<vendor>' +
    el('id', p.dealership_slug, ' source="dealership_slug"') +
    required('vendorname', vendorName) +
    contactXml(required('name', vendorName, ' part="full" type="business"'), options.dealershipEmail, options.dealershipPhone) +
    '</vendor>' +
    `<provider>${required('name', p.source, ' part="full"')}${el('url', p.url)}</provider>` +
    '</prospect></adf>\n'
  );
}
