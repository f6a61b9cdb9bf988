import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM, byDistance, haversineKm } from './distance';

const brisbane = { lat: -27.4698, lng: 153.0251 };
const sydney = { lat: -33.8688, lng: 151.2093 };

describe('haversine (docs/requirements/dealer-services.md#constants)', () => {
  it('uses Earth radius 6371 km', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    // a quarter of a great circle
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 0, lng: 90 })).toBeCloseTo((Math.PI / 2) * 6371, 6);
  });
  it('measures Brisbane to Sydney', () => {
    expect(haversineKm(brisbane, sydney)).toBeCloseTo(732, 0);
    expect(haversineKm(brisbane, brisbane)).toBe(0);
  });
  it('orders locations by distance, skipping those without coordinates', () => {
    const list = [
      { id: 'syd', address: { lat: sydney.lat, long: sydney.lng } },
      { id: 'none', address: { lat: null, long: null } },
      { id: 'gc', address: { lat: -28.0167, long: 153.4 } },
    ];
    expect(byDistance(brisbane, list).map((r) => r.location.id)).toEqual(['gc', 'syd']);
  });
});
