// A small hand-made stock list whose every search result can be worked out by hand.
// Used by the conformance suite (embedded vs Meilisearch) and the scope/disjunctive tests.
import type { Document, IndexSettings } from './types.js';

/** 2026-01-01T00:00:00Z, the fixed "now" of the fixture. */
export const FIXTURE_NOW = 1_767_225_600;
const DAY = 86_400;

interface Row {
  id: number; make: string; model: string; badge: string; year: number; km: number; price: number; colour: string;
  body: string; fuel: string; car_type: string; status: string; state: string; certified: boolean; tag?: string;
  features: string[] | null; sold_date_timestamp: number | null; dealership_id: number; show_on_dealer_website: boolean; stocknum: string;
}

const rows: Row[] = [
  { id: 1, make: 'Toyota', model: 'Hilux', badge: 'SR5', year: 2021, km: 45000, price: 52990, colour: 'White', body: 'Ute', fuel: 'Diesel', car_type: 'used', status: 'in_stock', state: 'QLD', certified: true, tag: '', features: ['tow bar', 'bluetooth'], sold_date_timestamp: null, dealership_id: 1, show_on_dealer_website: true, stocknum: 'T1001' },
  { id: 2, make: 'Toyota', model: 'Hilux', badge: 'Workmate', year: 2019, km: 88000, price: 34990, colour: 'White', body: 'Ute', fuel: 'Diesel', car_type: 'used', status: 'in_stock', state: 'NSW', certified: false, tag: 'Runout Sale', features: ['bluetooth'], sold_date_timestamp: null, dealership_id: 1, show_on_dealer_website: true, stocknum: 'T1002' },
  { id: 3, make: 'Toyota', model: 'Corolla', badge: 'Ascent Sport', year: 2022, km: 21000, price: 27990, colour: 'Silver', body: 'Hatch', fuel: 'Petrol', car_type: 'used', status: 'coming_soon', state: 'QLD', certified: true, tag: '', features: [], sold_date_timestamp: null, dealership_id: 1, show_on_dealer_website: true, stocknum: 'T1003' },
  { id: 4, make: 'Toyota', model: 'Corolla', badge: 'ZR', year: 2025, km: 10, price: 38990, colour: 'Red', body: 'Hatch', fuel: 'Hybrid', car_type: 'new', status: 'in_stock', state: 'VIC', certified: false, tag: '', features: ['sunroof', 'bluetooth'], sold_date_timestamp: null, dealership_id: 2, show_on_dealer_website: true, stocknum: 'T2004' },
  { id: 5, make: 'Toyota', model: 'RAV4', badge: 'GXL', year: 2024, km: 5000, price: 45990, colour: 'Blue', body: 'SUV', fuel: 'Hybrid', car_type: 'demo', status: 'in_stock', state: 'QLD', certified: false, tag: 'Test Drive Only', features: ['bluetooth'], sold_date_timestamp: null, dealership_id: 2, show_on_dealer_website: true, stocknum: 'T2005' },
  { id: 6, make: 'Mazda', model: 'CX-5', badge: 'Maxx', year: 2020, km: 61000, price: 29990, colour: 'Grey', body: 'SUV', fuel: 'Petrol', car_type: 'used', status: 'sold', state: 'NSW', certified: false, tag: 'SOLD', features: [], sold_date_timestamp: FIXTURE_NOW - 1 * DAY, dealership_id: 1, show_on_dealer_website: true, stocknum: 'Z1006' },
  { id: 7, make: 'Mazda', model: 'BT-50', badge: 'XT', year: 2023, km: 15000, price: 47990, colour: 'White', body: 'Ute', fuel: 'Diesel', car_type: 'used', status: 'sold', state: 'QLD', certified: false, tag: 'SOLD', features: ['tow bar'], sold_date_timestamp: FIXTURE_NOW - 10 * DAY, dealership_id: 1, show_on_dealer_website: true, stocknum: 'Z1007' },
  { id: 8, make: 'Ford', model: 'Ranger', badge: 'Wildtrak', year: 2023, km: 30000, price: 64990, colour: 'Orange', body: 'Ute', fuel: 'Diesel', car_type: 'used', status: 'in_stock', state: 'QLD', certified: true, tag: '', features: ['tow bar', 'sunroof'], sold_date_timestamp: null, dealership_id: 3, show_on_dealer_website: true, stocknum: 'F3008' },
  { id: 9, make: 'Ford', model: 'Everest', badge: 'Trend', year: 2025, km: 10, price: 69990, colour: 'Black', body: 'SUV', fuel: 'Diesel', car_type: 'new', status: 'in_stock', state: 'VIC', certified: false, tag: '', features: ['sunroof'], sold_date_timestamp: null, dealership_id: 1, show_on_dealer_website: false, stocknum: 'F1009' },
  { id: 10, make: 'Hyundai', model: 'i30', badge: 'N Line', year: 2021, km: 40000, price: 0, colour: 'White', body: 'Hatch', fuel: 'Petrol', car_type: 'used', status: 'in_stock', state: 'SA', certified: false, tag: '', features: null, sold_date_timestamp: null, dealership_id: 2, show_on_dealer_website: true, stocknum: 'H2010' },
  { id: 11, make: 'Kia', model: 'Sportage', badge: 'GT-Line', year: 2022, km: 35000, price: 39990, colour: 'white', body: 'SUV', fuel: 'Petrol', car_type: 'used', status: 'in_stock', state: 'QLD', certified: false, tag: '', features: ['bluetooth'], sold_date_timestamp: null, dealership_id: 1, show_on_dealer_website: true, stocknum: 'K1011' },
  { id: 12, make: 'Mitsubishi', model: 'Triton', badge: 'GLX', year: 2018, km: 120000, price: 21990, colour: 'Silver', body: 'Ute', fuel: 'Diesel', car_type: 'used', status: 'in_stock', state: 'WA', certified: false, features: ['tow bar'], sold_date_timestamp: null, dealership_id: 2, show_on_dealer_website: true, stocknum: 'M2012' },
];

/** Cars with a `name` like the feed's ("2021 Toyota Hilux SR5"); car 12 has no `tag` field at all. */
export const FIXTURE_CARS: Document[] = rows.map((r) => ({ ...r, name: `${r.year} ${r.make} ${r.model} ${r.badge}` }));

export const FIXTURE_SETTINGS: IndexSettings = {
  searchableAttributes: ['name', 'make', 'model', 'badge', 'stocknum'],
  filterableAttributes: [
    'id', 'make', 'model', 'year', 'km', 'price', 'colour', 'body', 'fuel', 'car_type', 'status', 'state', 'certified',
    'tag', 'features', 'sold_date_timestamp', 'dealership_id', 'show_on_dealer_website', 'stocknum',
  ],
  sortableAttributes: ['price', 'year', 'km', 'make'],
};

export const FIXTURE_INDEX = 'cars';
