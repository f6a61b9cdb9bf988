import type { ResolvedLocationMapProps as LocationMapProps } from '../../schemas/generated/block-props';
import { reviewRating, reviewSummaryText, type DealerLocation } from '../../runtime/domain/locations';
import { usePageData, useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { siteLocations } from '../../runtime/ui/locations/site-locations';
import { LocationMap as MapView } from '../../runtime/ui/locations/LocationMap';
import { StarRating } from '../../runtime/ui/locations/StarRating';
import { resolvedSettings } from '../../runtime/domain/settings';

/** The location to map: the one named in props, else the page's (a car's or a location page's), else the primary. */
function useMappedLocation(locationId: number | undefined): DealerLocation | undefined {
  const site = useSite();
  // A vehicle page binds the car's location (else its dealership's primary one); a location page its location.
  const page = usePageData<{ location?: { id: number }; primaryLocation?: { id: number } }>();
  const all = siteLocations(site);
  const id = locationId ?? page?.location?.id ?? page?.primaryLocation?.id;
  return all.find((l) => l.id === id) ?? all.find((l) => l.primary && l.visible !== false) ?? all[0];
}

export default function LocationMap({ props, block }: BlockComponentProps<LocationMapProps>) {
  const site = useSite();
  const location = useMappedLocation(props.locationId);
  if (!location) return null;
  const rating = props.showReviews === false ? null : reviewRating(location.reviews, resolvedSettings(site.settings).locations);
  const headingId = `${block.id}-heading`;
  return (
    <section id={props.anchor} className="container location-map-block" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.heading}</h2>
      <p className="location-map-name">
        <strong>{location.name}</strong>
      </p>
      <MapView location={location} />
      {rating && (
        <div id="reviews" className="reviews-summary">
          <StarRating rating={rating} reviewsHref={null} />
          <p>{reviewSummaryText(rating)}</p>
        </div>
      )}
    </section>
  );
}
