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

/** "data": "location" on /our-location/:slug, /locations/:slug and /contact-us/:slug: the location the page is about. */
export interface LocationPageData {
  /** The location (by its slug, or a dealership slug's primary location), with its dealership's id and slug. */
  location: Location & { dealership_id: number; dealership_slug: string };
  dealership: { id: number; name: string; slug: string; manufacturer?: string };
  /** The server's clock for today's holiday hours and the sales counter on the first render. */
  nowMs: number;
  /** The page's own path (its canonical address in the AutoDealer data). */
  path: string;
}
