import { describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/generated/car';
import type { TenantDocument } from '../../schemas/generated/tenant';
import type { RuntimeServices } from '../services';
import vehicle from './vehicle';
import { carOfferJsonLd, vehicleBreadcrumb, vehicleTitle } from '../domain/vehicle';
import { carCardModel } from '../ui/car-card/card-model';
import { allSettingsWithDefaults } from '../../test-support/settings-defaults';
import type { VehiclePageData } from './types';

const tenant = {
  slug: 'demo',
  settings: {},
  pages: {},
  dealerships: [{ id: 3, name: 'Demo Motors', locations: [{ id: 9, primary: true, address: { city: 'Dubbo' } }] }],
} as unknown as TenantDocument;

/** A catalogue of one car that counts its reads; `version` changes as an inventory change gives. */
function catalogueOfOneCar() {
  const catalogue = {
    version: 1,
    price: 25_990,
    reads: 0,
    bySlugFor(_tenant: TenantDocument, slug: string): Car | undefined {
      catalogue.reads++;
      if (slug !== 'mazda-3') return undefined;
      const car = {
        ...{ id: 7, slug, make: 'Mazda', model: '3', badge: 'G25 Astina', series: 'BP', year: 2023, price: catalogue.price, status: 'in_stock' },
        // the feed's own name and title spell the model differently from the site's make-and-model rule
        ...{ name: '2023 Mazda 3 G25 Astina', title: '2023 Mazda 3 G25 Astina BP', dealership_id: 3, location_id: 9, car_type: 'used' },
      };
      return { ...car, images: ['/a.jpg'] } as unknown as Car;
    },
  };
  return catalogue;
}

const load = (catalogue: ReturnType<typeof catalogueOfOneCar>, slug: string, nowMs: number) =>
  vehicle({
    tenant,
    params: { slug },
    url: new URL(`http://demo.localhost/cars/${slug}`),
    now: new Date(nowMs),
    services: { catalogue } as unknown as RuntimeServices,
  });

describe('vehicle page data', () => {
  it('reads a car once for the visits of one second, shares it frozen, and reads it again after a stock change', async () => {
    const catalogue = catalogueOfOneCar();
    const first = (await load(catalogue, 'mazda-3', 50_000)) as { data: VehiclePageData };
    const second = (await load(catalogue, 'mazda-3', 50_900)) as { data: VehiclePageData };
    expect(catalogue.reads).toBe(1);
    expect(second.data.car).toBe(first.data.car);
    expect(first.data.dealership.name).toBe('Demo Motors');
    expect(Object.isFrozen(first.data.car) && Object.isFrozen(first.data.car.images)).toBe(true);
    expect(() => {
      (first.data.car as { price: number }).price = 1;
    }).toThrow(TypeError);

    catalogue.price = 23_500;
    catalogue.version = 2;
    const changed = (await load(catalogue, 'mazda-3', 50_950)) as { data: VehiclePageData };
    expect(changed.data.car.price).toBe(23_500);
    expect(catalogue.reads).toBe(2);
    await load(catalogue, 'mazda-3', 51_000); // the next second
    expect(catalogue.reads).toBe(3);
  });

  it('titles the page with the one vehicle name the heading, cards, breadcrumb and JSON-LD use', async () => {
    const { data, meta } = (await load(catalogueOfOneCar(), 'mazda-3', 60_000)) as { data: VehiclePageData; meta: { title: string; description: string } };
    expect(meta.title).toBe('2023 Mazda Mazda3 G25 Astina BP');
    expect(meta.title).toBe(vehicleTitle(data.car));
    expect(vehicleBreadcrumb(data.car).at(-1)?.name).toBe(meta.title);
    expect(carOfferJsonLd(data.car, 'https://demo.example').name).toBe(meta.title);
    expect(carCardModel(data.car, allSettingsWithDefaults({}), new Date(60_000)).title).toBe(meta.title);
    expect(meta.description.startsWith('2023 Mazda Mazda3 G25 Astina BP for $25,990 at Demo Motors')).toBe(true);
  });

  it('is not found for a car the site does not show', async () => {
    expect(await load(catalogueOfOneCar(), 'no-such-car', 50_000)).toEqual({ notFound: true });
  });
});
