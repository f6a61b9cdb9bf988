import type { ResolvedLocationDetailsProps as LocationDetailsProps } from '../../schemas/generated/block-props';
import { locationReviewFigures, orderLocations, reviewRating, reviewSummaryText, salesCounterValue, type DealerLocation } from '../../runtime/domain/locations';
import { usePageData, useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import type { LocationPageData } from '../../runtime/page-data/types';
import { siteLocations } from '../../runtime/ui/locations/site-locations';
import { LocationCard } from '../../runtime/ui/locations/LocationCard';
import { SalesCounter } from '../../runtime/ui/locations/SalesCounter';
import { StarRating } from '../../runtime/ui/locations/StarRating';
import { ReviewList } from '../../runtime/ui/locations/ReviewList';
import { resolvedSettings } from '../../runtime/domain/settings';

export default function LocationDetails({ props }: BlockComponentProps<LocationDetailsProps>) {
  const site = useSite();
  const page = usePageData<LocationPageData>();
  if (!page?.location) return <div className="container">The location page's details show here.</div>;
  const location = page.location as DealerLocation;
  const now = new Date(page.nowMs);
  const settings = resolvedSettings(site.settings).locations;
  const dealership = site.dealerships.find((d) => d.id === page.dealership.id);
  // The location's own figures, else its dealership's; the reviews behind them are listed below the summary.
  const rating = reviewRating(locationReviewFigures(location, dealership), settings, { compact: false });
  const all = siteLocations(site);
  // The dealership's other visible locations (a dealership slug's page shows its primary location first).
  const others = orderLocations(
    all.filter((l) => l.dealership_id === page.dealership.id && l.id !== location.id && l.visible !== false),
    settings.customOrder,
  );
  return (
    <section className="container location-details" aria-labelledby="location-heading">
      <div className="location-details-head">
        {(dealership?.logo || dealership?.manufacturer || dealership?.youtube_url) && (
          <p className="location-dealership-brand">
            {dealership.logo && <img className="location-dealership-logo" src={dealership.logo} alt={`${dealership.name} logo`} height={48} />}
            {dealership.manufacturer && <span className="location-manufacturer">Authorised {dealership.manufacturer} dealer</span>}
            {dealership.youtube_url && (
              <a href={dealership.youtube_url} target="_blank" rel="noopener noreferrer" className="location-youtube">
                Watch us on YouTube
              </a>
            )}
          </p>
        )}
        {page.dealership.name !== location.name && <p className="location-dealership">{page.dealership.name}</p>}
        <h1 id="location-heading">{location.name}</h1>
      </div>
      <LocationCard
        location={location}
        all={all}
        now={now}
        options={{ large: true, showStockLink: props.showStockLink !== false, hideDetailsLink: true, hideName: true }}
      />
      {rating && (
        <section id="reviews" className="reviews-summary" aria-label="Reviews">
          <h2>Reviews</h2>
          <StarRating rating={rating} reviewsHref={null} />
          <p>{reviewSummaryText(rating)}</p>
          <ReviewList reviews={location.reviews?.reviews} replier={page.dealership.name} />
        </section>
      )}
      {others.length > 0 && (
        <section className="location-others" aria-labelledby="location-others-heading">
          <h2 id="location-others-heading">More from {page.dealership.name}</h2>
          <ul className="location-grid">
            {others.map((l) => (
              <li key={l.id}>
                <LocationCard location={l} all={all} now={now} options={{ showHours: true }} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {settings.salesCounterEnabled && <SalesCounter initial={salesCounterValue(now)} label={props.salesCounterLabel} />}
    </section>
  );
}
