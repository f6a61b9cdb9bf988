// /cars/:slug binds the car once: the vehicle page's blocks all read it from context.
import { soldCarAnswer, soldPastVisibility } from '../domain/seo/sold-car';
import { vehicleTitle } from '../domain/vehicle/vehicle-title';
import type { PageDataSource } from '../renderer/types';
import { deepFrozen, sameSecondMemo } from './same-second-memo';
import type { VehiclePageData } from './types';

const vehicle: PageDataSource = async ({ tenant, params, services, now }) => {
  const slug = params.slug;
  if (!slug || !services.catalogue) return { notFound: true };
  const catalogue = services.catalogue;
  // A burst of visits to one car's page reads and parses the car once a second (a change to the stock gives a new
  // version, read at once). The pages of that second share the object, so it is frozen: no block may change it.
  const car = await sameSecondMemo(tenant, `car ${slug}`, catalogue, now.getTime(), async () => deepFrozen(catalogue.bySlugFor(tenant, slug)) ?? null);
  if (!car) return { notFound: true };
  // Past the sold visibility window the page is gone (410) or moves to a similar search (settings.seo.soldCarResponse).
  if (soldPastVisibility(car, tenant, now.getTime())) return soldCarAnswer(car, tenant);
  const dealership = tenant.dealerships.find((d) => d.id === car.dealership_id)!;
  const data: VehiclePageData = {
    car,
    dealership,
    location: dealership.locations.find((l) => l.id === car.location_id),
    primaryLocation: dealership.locations.find((l) => l.primary) ?? dealership.locations[0],
  };
  const title = vehicleTitle(car); // the name the heading, cards, breadcrumb and JSON-LD use
  const price = car.price > 0 ? ` for $${car.price.toLocaleString('en-AU')}` : '';
  return {
    data,
    meta: {
      title,
      description: `${title}${price} at ${dealership.name}${data.location ? `, ${data.location.address.city}` : ''}. Photos, specifications and finance.`,
      image: car.primary_image_url ?? undefined,
    },
  };
};

export default vehicle;
