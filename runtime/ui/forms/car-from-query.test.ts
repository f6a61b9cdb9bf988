import { describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import type { CarCatalogue } from '../../inventory/car-catalogue';
import { carFromQuery } from './car-from-query';

const car = {
  id: 42,
  slug: '2022-mazda-cx-5-42',
  make: 'Mazda',
  model: 'CX-5',
  year: 2022,
  price: 30000,
  car_type: 'used',
  status: 'in_stock',
  dealership_id: 1,
  location_id: 2,
};
const tenant = { slug: 'site' } as TenantDocument;
const catalogue = {
  byIdFor: (_t: TenantDocument, id: number) => (id === 42 ? car : undefined),
  bySlugFor: (_t: TenantDocument, slug: string) => (slug === car.slug ? car : undefined),
} as unknown as CarCatalogue;
const at = (query: string) => carFromQuery({ url: new URL(`http://site.localhost/book-test-drive${query}`), tenant, services: { catalogue } });

describe('the car of ?car_id=', () => {
  it('is found by id or by slug within the site', () => {
    expect(at('?car_id=42')).toMatchObject({ id: 42, name: '2022 Mazda CX-5', dealership_id: 1 });
    expect(at('?car_id=2022-mazda-cx-5-42')).toMatchObject({ id: 42 });
  });

  it("is null when missing, unknown or not this site's", () => {
    expect(at('')).toBeNull();
    expect(at('?car_id=7')).toBeNull();
    expect(at('?car_id=someone-elses-car')).toBeNull();
  });
});
