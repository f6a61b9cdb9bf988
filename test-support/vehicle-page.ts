// A fixture car and page wrapper for the vehicle block tests.
import type { ReactNode } from 'react';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router';
import type { Car } from '../schemas/generated/car';
import type { TenantDocument } from '../schemas/generated/tenant';
import { PageContext, SiteContext } from '../runtime/renderer/site-context';
import { allSettingsWithDefaults } from './settings-defaults';

export function testCar(overrides: Partial<Car> = {}): Car {
  return {
    id: 7,
    slug: '2021-toyota-hilux-sr5-7',
    path: '/cars/2021-toyota-hilux-sr5-7',
    make: 'Toyota',
    model: 'HiLux',
    badge: 'SR5',
    series: 'GUN126R',
    year: 2021,
    km: 45210,
    colour: 'White',
    simple_body: 'Ute',
    simple_transmission: 'Automatic',
    simple_fuel: 'Diesel',
    simple_drive: '4WD',
    engine_size_litres: 2.8,
    seats: 5,
    doors: 4,
    regplate: '123ABC',
    rego_expiry: '2027-03-14',
    price: 52990,
    car_type: 'used',
    item_type: 'car',
    status: 'in_stock',
    location_id: 1,
    dealership_id: 1,
    images: Array.from({ length: 5 }, (_, i) => ({ image: { url: `/media/cars/7/${i}.svg`, thumb: { url: `/media/cars/7/${i}.svg?w=320` } } })),
    video_url: null,
    spin_images: null,
    standardEquipment: Array.from({ length: 10 }, (_, i) => `Feature ${i + 1}`),
    dealercomments: 'One owner. '.repeat(50).trim(),
    variant: { cylinders: 4, torque: 500, induction: 'null', fuelconsumptioncombined: 7.9 },
    ...overrides,
  };
}

export function testSite(vehicle: Record<string, unknown> = {}): TenantDocument {
  // Settings as a validated document holds them: the schema's defaults around the vehicle options given.
  const settings = allSettingsWithDefaults({ vehicle });
  return { slug: 'test-motors', name: 'Test Motors', settings, dealerships: [], pages: {}, theme: {} } as unknown as TenantDocument;
}

/** Renders children as on /cars/:slug with the given car and site. */
export function onVehiclePage(children: ReactNode, car: Car, site = testSite()) {
  return createElement(
    MemoryRouter,
    null,
    createElement(
      SiteContext.Provider,
      { value: site },
      createElement(
        PageContext.Provider,
        { value: { route: '/cars/:slug', tenant: site.slug, data: { car, dealership: { id: 1, name: 'Test Motors' } } } },
        children,
      ),
    ),
  );
}
