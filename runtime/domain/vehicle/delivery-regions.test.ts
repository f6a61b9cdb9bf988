import { describe, expect, it } from 'vitest';
import { deliveryEstimateFor, postcodeRegion } from './delivery-regions';
import { deliveryResult, DELIVERY_UNAVAILABLE } from './delivery-estimate';

describe('delivery regions', () => {
  it('finds the region of a postcode, specific regions first', () => {
    expect(postcodeRegion('4006')?.name).toBe('Brisbane Metro');
    expect(postcodeRegion('4217')?.name).toBe('Gold Coast');
    expect(postcodeRegion('4870')?.name).toBe('Far North Queensland');
    expect(postcodeRegion('2600')?.state).toBe('ACT');
    expect(postcodeRegion('3199')?.name).toBe('Melbourne Metro');
    expect(postcodeRegion('3350')?.name).toBe('Regional Victoria');
  });

  it('prices by zone, with a surcharge from another state', () => {
    expect(deliveryEstimateFor('4006', 'QLD')).toEqual({ name: 'Brisbane Metro', price: 290 });
    expect(deliveryEstimateFor('4006', 'VIC')).toEqual({ name: 'Brisbane Metro', price: 740 });
    expect(deliveryEstimateFor('4870', 'qld')).toEqual({ name: 'Far North Queensland', price: 1190 });
  });

  it('gives no estimate for islands, the outback NT or a postcode that is not four digits', () => {
    for (const postcode of ['6798', '2899', '0872', '0100', 'abcd', '123', '']) {
      expect(deliveryEstimateFor(postcode, 'QLD')).toBeNull();
      expect(deliveryResult(deliveryEstimateFor(postcode, 'QLD'))).toEqual({ kind: 'unavailable', message: DELIVERY_UNAVAILABLE });
    }
  });
});
