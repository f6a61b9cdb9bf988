import { describe, expect, it } from 'vitest';
import { EARTH_RADIUS_KM } from './distance';
import { POSTCODE_FORMAT_MESSAGE, POSTCODE_MAX_LENGTH, POSTCODE_NOT_FOUND_MESSAGE, formatDistance, nearestLocations, postcodeError } from './postcode';

describe('postcode (docs/requirements/dealer-services.md#validation)', () => {
  it('is required and exactly 4 digits, with the seed message', () => {
    expect(POSTCODE_FORMAT_MESSAGE).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(POSTCODE_NOT_FOUND_MESSAGE).toBe('Invalid postcode');
    expect(POSTCODE_MAX_LENGTH).toBe(4);
    expect(postcodeError('2150')).toBeNull();
    expect(postcodeError(' 0800 ')).toBeNull();
    for (const bad of ['', '215', '21500', 'abcd', '21 5', undefined, 2150, null]) expect(postcodeError(bad)).toBe(POSTCODE_FORMAT_MESSAGE);
  });
});

describe('nearest locations (docs/requirements/dealer-services.md#constants: haversine, radius 6371 km)', () => {
  const parramatta = { lat: -33.8145, lng: 151.0065 };
  const locations = [
    { id: 1, name: 'Campbelltown', address: { lat: -34.065, long: 150.814 } },
    { id: 2, name: 'Parramatta', address: { lat: -33.81, long: 151.003 } },
    { id: 3, name: 'Hidden', visible: false, address: { lat: -33.81, long: 151.0 } },
    { id: 4, name: 'No map', address: {} },
    { id: 5, name: 'Penrith', address: { lat: -33.756, long: 150.69 } },
  ];
  it('lists visible located locations nearest first with distance, up to the limit', () => {
    expect(EARTH_RADIUS_KM).toBe(6371);
    const near = nearestLocations(parramatta, locations);
    expect(near.map((n) => n.location.id)).toEqual([2, 5, 1]);
    expect(near[0]?.km).toBeLessThan(1);
    expect(near[1]?.km).toBeCloseTo(29.8, 0);
    expect(nearestLocations(parramatta, locations, 2)).toHaveLength(2);
  });
  it('writes distances for people', () => {
    expect(formatDistance(0.54)).toBe('0.5 km');
    expect(formatDistance(9.96)).toBe('10.0 km');
    expect(formatDistance(29.8)).toBe('30 km');
    expect(formatDistance(1234.4)).toBe('1,234 km');
  });
});
