// A location card (docs/requirements/dealer-services.md#screens): image (photo, static map or the drawn locator), name, rating, address, phone, hours,
// licence number, View Details and View Our Stock (each only where that page exists on the site).
import { formatPhone } from '../../domain/format';
import {
  directionsUrl,
  locationDetailsPath,
  locationReviewFigures,
  locationPhone,
  locationStockPath,
  phoneHref,
  reviewRating,
  smsHref,
  type DealerLocation,
} from '../../domain/locations';
import { SiteLink } from '../../renderer/SiteLink';
import { useSite } from '../../renderer/site-context';
import { useTrackAction } from '../tracking';
import { LocationMap, LocatorMap, locatorPointOf } from './LocationMap';
import { locationMapConfig, staticMapUrl } from './map-settings';
import { OpeningHours } from './OpeningHours';
import { StarRating } from './StarRating';
import { ResponsiveImage } from '../image/ResponsiveImage';
import { resolvedSettings } from '../../domain/settings';

export interface LocationCardOptions {
  showHours?: boolean;
  showStockLink?: boolean;
  /** The dealership's name above the location's (dealership carousel). */
  dealershipName?: string;
  /** One location: a large card with the hero map. */
  large?: boolean;
  /** Hide the View Details link (on the location's own page). */
  hideDetailsLink?: boolean;
  headingLevel?: 'h2' | 'h3';
  /** The page's own heading already names the location. */
  hideName?: boolean;
}

function CardImage({ location }: { location: DealerLocation }) {
  const site = useSite();
  if (location.image)
    return <ResponsiveImage className="location-card-image" src={location.image} alt={location.imageAlt ?? location.name} width={640} height={320} />;
  const config = locationMapConfig(location, resolvedSettings(site.settings).locations);
  if (config?.tiles === 'google')
    return <ResponsiveImage className="location-card-image" src={staticMapUrl(config)} alt={`Map of ${location.name}`} width={640} height={320} />;
  if (!locatorPointOf(location)) return null;
  return (
    <div className="location-card-image location-card-locator">
      <LocatorMap location={location} />
    </div>
  );
}

export function LocationCard({
  location,
  all,
  now,
  options = {},
}: {
  location: DealerLocation;
  all: readonly DealerLocation[];
  now: Date;
  options?: LocationCardOptions;
}) {
  const site = useSite();
  const trackAction = useTrackAction();
  const settings = resolvedSettings(site.settings).locations;
  const dealership = site.dealerships.find((d) => d.id === location.dealership_id);
  const rating = reviewRating(locationReviewFigures(location, dealership), settings, { compact: !options.large });
  const a = location.address ?? {};
  const phone = locationPhone(location, dealership);
  const mobile = location.contact_detail?.mobile;
  const details = options.hideDetailsLink ? null : locationDetailsPath(site.pages, location);
  const stock = options.showStockLink ? locationStockPath(site.pages, location) : null;
  const Heading = options.headingLevel ?? 'h3';
  // The hours' heading is one level below the card's name, or, with the name left to the page's h1, an h2: a skipped
  // level leaves a screen reader's list of headings with a gap.
  const hoursHeading = options.hideName ? 'h2' : Heading === 'h2' ? 'h3' : 'h4';
  const directions = directionsUrl(location);
  return (
    <article className={`location-card card${options.large ? ' location-large' : ''}`} data-location-id={location.id}>
      {options.large ? <LocationMap location={location} hero showAddress={false} /> : <CardImage location={location} />}
      <div className="location-card-body">
        {options.dealershipName && dealership?.logo && (
          <img className="location-dealership-logo" src={dealership.logo} alt={`${dealership.name} logo`} height={48} loading="lazy" />
        )}
        {options.dealershipName && options.dealershipName !== location.name && <p className="location-dealership">{options.dealershipName}</p>}
        {!options.hideName && <Heading className="location-name">{location.name}</Heading>}
        {rating && <StarRating rating={rating} reviewsHref={options.hideDetailsLink ? '#reviews' : details ? `${details}#reviews` : null} />}
        <address>
          {a.street}, {a.city} {a.state} {a.postcode}
        </address>
        <p className="location-links">
          {phone && (
            <a href={phoneHref(phone)} className="phone">
              {formatPhone(phone)}
            </a>
          )}
          {mobile && (
            <a href={smsHref(mobile)} className="location-sms" aria-label={`Text us on ${formatPhone(mobile)}`}>
              Text Us
            </a>
          )}
          {directions && !options.large && (
            <a
              href={directions}
              target="_blank"
              rel="noopener noreferrer"
              className="location-directions"
              onClick={() => trackAction('getDirections', { location_id: location.id })}
            >
              Get Directions
            </a>
          )}
        </p>
        {options.large && location.contact_detail?.email && (
          <p className="location-email">
            <a href={`mailto:${location.contact_detail.email}`}>{location.contact_detail.email}</a>
          </p>
        )}
        {location.dealer_license_number && <p className="licence">Licence No. {location.dealer_license_number}</p>}
        {location.motor_vehicle_repairer && <p className="licence">Motor Vehicle Repairer No. {location.motor_vehicle_repairer}</p>}
        {options.showHours !== false && <OpeningHours location={location} all={all} now={now} headingLevel={hoursHeading} />}
        {(details || stock) && (
          <p className="location-actions">
            {details && (
              <SiteLink href={details} className="button button-secondary">
                View Details
              </SiteLink>
            )}
            {stock && (
              <SiteLink href={stock} className="button button-primary">
                View Our Stock
              </SiteLink>
            )}
          </p>
        )}
      </div>
    </article>
  );
}
