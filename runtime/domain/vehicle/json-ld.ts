// schema.org JSON-LD for the vehicle page: the breadcrumb and the car with its offer.
import { normaliseMakeName } from '../make-names';
import type { VehicleCar } from './car';
import type { Crumb } from './breadcrumb';
import { vehicleTitle } from './vehicle-title';

const joinUrl = (origin: string, href: string) => `${origin.replace(/\/+$/, '')}${href.startsWith('/') ? href : `/${href}`}`;

export function breadcrumbJsonLd(crumbs: readonly Crumb[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c) => ({
      '@type': 'ListItem',
      position: c.position,
      name: c.name,
      ...(c.href ? { item: joinUrl(origin, c.href) } : {}),
    })),
  };
}

const AVAILABILITY: Readonly<Record<string, string>> = {
  in_stock: 'https://schema.org/InStock',
  coming_soon: 'https://schema.org/PreOrder',
  sold: 'https://schema.org/SoldOut',
};

export type JsonLdCar = Pick<
  VehicleCar,
  | 'slug'
  | 'path'
  | 'year'
  | 'make'
  | 'model'
  | 'badge'
  | 'series'
  | 'km'
  | 'vin'
  | 'colour'
  | 'simple_fuel'
  | 'simple_body'
  | 'car_type'
  | 'status'
  | 'price'
  | 'primary_image_url'
>;

export function carOfferJsonLd(car: JsonLdCar, origin: string, sellerName?: string) {
  const url = joinUrl(origin, car.path || `/cars/${car.slug}`);
  const price = car.price ?? 0;
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: vehicleTitle(car),
    url,
    brand: { '@type': 'Brand', name: normaliseMakeName(car.make) },
    itemCondition: car.car_type === 'new' ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition',
  };
  if (car.model) data.model = car.model;
  if (car.year) data.vehicleModelDate = String(car.year);
  if (typeof car.km === 'number') data.mileageFromOdometer = { '@type': 'QuantitativeValue', value: car.km, unitCode: 'KMT' };
  if (car.vin) data.vehicleIdentificationNumber = car.vin;
  if (car.colour) data.color = car.colour;
  if (car.simple_fuel) data.fuelType = car.simple_fuel;
  if (car.simple_body) data.bodyType = car.simple_body;
  if (car.primary_image_url) data.image = car.primary_image_url;
  data.offers = {
    '@type': 'Offer',
    url,
    priceCurrency: 'AUD',
    // docs/requirements/vehicle-browsing.md#data: price 0 may mean no price, so no price is claimed then.
    ...(price > 0 ? { price } : {}),
    availability: AVAILABILITY[car.status ?? ''] ?? 'https://schema.org/SoldOut',
    ...(sellerName ? { seller: { '@type': 'AutoDealer', name: sellerName } } : {}),
  };
  return data;
}
