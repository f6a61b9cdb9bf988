import { dealershipFilterOf, shownDealerships, type DealerLocation } from '../../domain/locations';
import type { PublicSite } from '../../renderer/site-context';

/** Every location of the dealerships the site shows, with its dealership's id and slug (what the location rules read). */
export function siteLocations(site: PublicSite): DealerLocation[] {
  return shownDealerships(site.dealerships, dealershipFilterOf(site.settings)).flatMap((d) =>
    d.locations.map((l) => ({ ...l, dealership_id: d.id, dealership_slug: d.slug }) as DealerLocation),
  );
}
