// ADF (Auto-lead Data Format 1.0) XML of a lead: the automotive CRM format (<adf><prospect>...). Every value is text
// staff typed or a browser sent, so every value is escaped; characters XML cannot carry are dropped.
import type { LeadPayload } from '../domain/leads';

// eslint-disable-next-line no-control-regex
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

export interface AdfOptions {
  /** When the lead was stored (ms). */
  createdAt: number;
  dealershipName?: string;
  vehicleYear?: number | null;
}

/** The lead as an ADF document. The prospect id is the lead_id, so a CRM can de-duplicate repeated deliveries. */
export function leadToAdf(p: LeadPayload, options: AdfOptions): string {
  // A valued trade-in (instant offer wizard) names the shopper's own car separately: the listed car is then one to buy.
  const interest = p.category === 'Test Drive' ? 'test-drive' : p.category === 'Trade-in Enquiry' && !p.valuation ? 'sell' : 'buy';
  const vehicleStatus = p.car_type === 'new' ? 'new' : p.car_type ? 'used' : '';
  const vehicle = p.car_id !== null
    ? `<vehicle interest="${interest}"${vehicleStatus ? ` status="${vehicleStatus}"` : ''}>${el('id', p.car_id, ' source="Website"')}${el('year', options.vehicleYear ?? p['Vehicle Year'])}${el('make', p['Vehicle Make'])}${el('model', p['Vehicle Model'])}${el('stock', p.stock_number)}</vehicle>`
    : '';
  const v = p.valuation;
  const tradeVehicle = v
    ? `<vehicle interest="trade-in" status="used">${el('year', v.vehicle.Year)}${el('make', v.vehicle.Make)}${el('model', v.vehicle.Model)}${el('vin', v.vehicle.VIN)}` +
      `${el('trim', [v.vehicle.Variant, v.vehicle.Series].filter(Boolean).join(' '))}${el('odometer', v.odometer, ' status="original" units="km"')}` +
      `${v.offer_price ? el('price', v.offer_price, ' type="appraisal" currency="AUD"') : ''}${el('comments', `Condition: ${v.car_condition}; service history: ${v.service_history}; keys: ${v.number_of_keys}`)}</vehicle>`
    : '';
  const comments = [
    `Enquiry: ${[p.category, p.subcategory].filter(Boolean).join(' / ')}`,
    p.message,
    p.Rego ? `Rego: ${p.Rego}` : '',
    p.location ? `Location: ${p.location}` : '',
    p.preferred_date || p.preferred_time ? `Preferred time: ${[p.preferred_date, p.preferred_time].filter(Boolean).join(' ')}` : '',
    p.additional_services.length ? `Additional services: ${p.additional_services.join(', ')}` : '',
    v ? `Trade-in: ${v.rego} (${v.regoState}), offer ${v.offer_price ? `$${v.offer_price} valid until ${v.offer_valid_until}` : 'none (our team values the car)'}` : '',
    v ? `Preferred contact: ${v.PreferredContactMethod}${v.finance ? `; finance: ${v.finance}` : ''}` : '',
    ...(v?.images.length ? ['Photos:', ...v.images] : []),
    `Marketing opt-in: ${p.opt_in ? 'Yes' : 'No'}`,
  ].filter(Boolean).join('\n');
  const contact =
    '<contact>' +
    el('name', p.name, ' part="first"') +
    el('name', p.last_name, ' part="last"') +
    el('email', p.email) +
    el('phone', p.phone, ' type="voice"') +
    (p.postcode ? `<address>${el('postalcode', p.postcode)}<country>AU</country></address>` : '') +
    '</contact>';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<?adf version="1.0"?>\n' +
    '<adf><prospect status="new">' +
    el('id', p.lead_id, ' sequence="1" source="Website"') +
    el('requestdate', new Date(options.createdAt).toISOString()) +
    vehicle +
    tradeVehicle +
    `<customer>${contact}${el('comments', comments)}</customer>` +
    `<vendor>${el('vendorname', options.dealershipName ?? p.dealership_slug)}${el('id', p.dealership_slug, ' source="dealership_slug"')}</vendor>` +
    `<provider>${el('name', p.source, ' part="full"')}${el('url', p.url)}</provider>` +
    '</prospect></adf>\n'
  );
}
