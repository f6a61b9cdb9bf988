// /print?car_id={slug}: the site's car by slug (docs/requirements/vehicle-browsing.md#screens), with its dealership and location.
import type { Car } from '../../schemas/generated/car';
import type { Dealership, Location } from '../../schemas/generated/tenant';
import type { BlockLoader } from '../../runtime/renderer/types';

export type PrintData = { found: false; slug: string } | { found: true; car: Car; dealership: Dealership; location?: Location };

const load: BlockLoader<unknown, PrintData> = ({ url, tenant, services }) => {
  const slug = url.searchParams.get('car_id') ?? '';
  const car = slug && services.catalogue ? services.catalogue.bySlugFor(tenant, slug) : undefined;
  const dealership = car && tenant.dealerships.find((d) => d.id === car.dealership_id);
  if (!car || !dealership) return { found: false, slug };
  const location = dealership.locations.find((l) => l.id === car.location_id) ?? dealership.locations.find((l) => l.primary);
  return { found: true, car, dealership, location };
};
export default load;
