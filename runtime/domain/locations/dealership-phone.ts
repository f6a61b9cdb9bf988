// The numbers a dealer configures for sales and service calls (docs/requirements/dealer-services.md#data, the
// dealership's config; #constants: sales and service phone numbers per dealer). A configured number is the line the
// dealer wants those calls on, so it stands in for a location's own number of the same kind.
import { type DealerLocation, locationType } from './location';

export type DealershipPhoneKind = 'sales' | 'service';

export interface PhoneDealership {
  config?: { salesPhone?: string; servicePhone?: string } | null;
}

/** The dealership's configured number for sales or service calls, or '' when it has none. */
export function dealershipPhone(dealership: PhoneDealership | null | undefined, kind: DealershipPhoneKind): string {
  const config = dealership?.config;
  return ((kind === 'sales' ? config?.salesPhone : config?.servicePhone) ?? '').trim();
}

/** The kind of calls a location takes: a service yard service calls, a parts counter neither, the rest sales. */
function locationPhoneKind(location: Pick<DealerLocation, 'location_type'>): DealershipPhoneKind | null {
  const type = locationType(location);
  if (type === 'service') return 'service';
  return type === 'parts' ? null : 'sales';
}

/** The number a location's card shows: the dealership's number for the location's kind of calls, else its own. */
export function locationPhone(location: Pick<DealerLocation, 'location_type' | 'contact_detail'>, dealership: PhoneDealership | null | undefined): string {
  const kind = locationPhoneKind(location);
  return (kind && dealershipPhone(dealership, kind)) || location.contact_detail?.phone || '';
}
