import { describe, expect, it } from 'vitest';
import { locatedAtBanner } from './located-at';

const car = { location_id: 3, location: { id: 3, address: { city: 'Toowoomba', place_url: 'https://maps.example/p/3' } } };

describe('locatedAtBanner (docs/requirements/vehicle-browsing.md#screens)', () => {
  it("reads 'Located at {city}' when the car is not at the primary location", () => {
    expect(locatedAtBanner(car, 1)).toEqual({ text: 'Located at Toowoomba', directionsUrl: 'https://maps.example/p/3' });
  });
  it('is hidden at the primary location or without a city', () => {
    expect(locatedAtBanner(car, 3)).toBeNull();
    expect(locatedAtBanner({ ...car, location: { id: 3, address: null } }, 1)).toBeNull();
    expect(locatedAtBanner(car, null)).toBeNull();
  });
});
