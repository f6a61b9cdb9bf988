// The location block (docs/requirements/dealer-services.md#screens): primary, sales, service, parts, service-and-parts, all or one location. None
// shows nothing; one a large card with the hero map; several dealerships a dealership card carousel; several
// locations of one dealership a grid. On service and parts paths only service locations are kept; a site without
// service locations shows, for 'service', the locations its service form offers.
import type { ResolvedLocationListProps as LocationListProps } from '../../schemas/generated/block-props';
import {
  isSingleManufacturerSite,
  locationBlockLayout,
  orderLocations,
  pathResolves,
  selectLocations,
  serviceLocations,
  type DealerLocation,
} from '../../runtime/domain/locations';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { usePageRoute, useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { siteLocations } from '../../runtime/ui/locations/site-locations';
import { LocationCard, type LocationCardOptions } from '../../runtime/ui/locations/LocationCard';
import { LocationCarousel } from '../../runtime/ui/locations/LocationCarousel';
import type { LocationListData } from './loader';
import { resolvedSettings } from '../../runtime/domain/settings';

export default function LocationList({ props, data, block }: BlockComponentProps<LocationListProps, LocationListData | undefined>) {
  const site = useSite();
  const route = usePageRoute();
  const now = new Date(data?.nowMs ?? Date.now());
  const all = siteLocations(site);
  const selector = props.show === 'single' ? (props.locationId ?? -1) : props.show;
  const customOrder = site.settings.locations?.customOrder;
  let chosen = selectLocations(all, selector, { customOrder, path: route });
  // A site with no service centre books services at its yards: its service block shows the locations the form offers.
  if (!chosen.length && selector === 'service') chosen = orderLocations(serviceLocations(all, resolvedSettings(site.settings).locations.dropdown), customOrder);
  const layout = locationBlockLayout(chosen);
  if (layout === 'none') return null; // docs/requirements/dealer-services.md#screens: with no locations it shows nothing
  const dealershipName = (l: DealerLocation) => site.dealerships.find((d) => d.id === l.dealership_id)?.name;
  const options: LocationCardOptions = { showHours: props.showHours, showStockLink: props.showStockLink };
  const headingId = `${block.id}-heading`;
  const contact = isSingleManufacturerSite(site.dealerships) && route !== '/contact' && pathResolves(site.pages, '/contact');
  return (
    <section className="container location-list" data-layout={layout} aria-labelledby={props.heading ? headingId : undefined}>
      {props.heading && <h2 id={headingId}>{props.heading}</h2>}
      {layout === 'single' && chosen[0] && <LocationCard location={chosen[0]} all={all} now={now} options={{ ...options, large: true }} />}
      {layout === 'dealership-carousel' && (
        <LocationCarousel
          label={props.heading || 'Our dealerships'}
          slides={chosen.map((l) => ({
            key: l.id,
            node: <LocationCard location={l} all={all} now={now} options={{ ...options, dealershipName: dealershipName(l) }} />,
          }))}
        />
      )}
      {layout === 'grid' && (
        <ul className="location-grid">
          {chosen.map((l) => (
            <li key={l.id}>
              <LocationCard location={l} all={all} now={now} options={options} />
            </li>
          ))}
        </ul>
      )}
      {contact && (
        <p className="location-contact-link">
          <SiteLink href="/contact" className="button button-secondary">
            Contact Us
          </SiteLink>
        </p>
      )}
    </section>
  );
}
