// What page data sources bind, as blocks read it with usePageData<...>().
import type { Car } from '../../schemas/generated/car';
import type { Dealership, Location } from '../../schemas/generated/tenant';

/** "data": "vehicle" on /cars/:slug: the car and where it is. */
export interface VehiclePageData {
  car: Car;
  dealership: Dealership;
  /** The location the car is at (from the tenant document), if known. */
  location?: Location;
  /** The dealership's primary location, for the 'Located at {city}' banner. */
  primaryLocation?: Location;
}
