// Inputs of the inventory generator.

export type ItemKind = 'car' | 'caravan' | 'motorcycle';
export type CarType = 'new' | 'used' | 'demo';

export interface InventoryLocation {
  id: number;
  name: string;
  slug: string;
  city: string;
  state: string;
  postcode: string;
  street: string;
  phone: string;
  primary?: boolean;
}

export interface InventoryDealership {
  id: number;
  slug: string;
  name: string;
  /** What the dealer sells; default cars only. */
  kinds?: ItemKind[];
  /** A franchise dealer sells these makes new and demo; used stock can be any make. */
  makes?: string[];
  /** Default new, used and demo. */
  carTypes?: CarType[];
  locations: InventoryLocation[];
}

export interface GenerateInventoryOptions {
  count?: number;
  seed?: number;
  dealerships: InventoryDealership[];
  /** Milliseconds since epoch; all dates (sold within 3 days, new for 8 days, rego expiry) are relative to it. */
  now?: number;
  /** Feed spelling -> shown make (docs/requirements/vehicle-browsing.md#constants); defaults to DEFAULT_MAKE_ALIASES. */
  makeAliases?: Readonly<Record<string, string>>;
  /** First car id; ids run upwards from it. Default 100001. */
  firstId?: number;
  /** Index of the first car to make (the car with id firstId + from): a large stock is made in slices. Default 0. */
  from?: number;
}
