import { useState } from 'react';
import type { Location, LocationListProps } from '../../schemas/generated/tenant';
import { formatPhone } from '../../runtime/domain/format';
import { locationTypesAtSamePlace, reviewRating, selectLocations, summariseWeek, weekHours, type DealerLocation } from '../../runtime/domain/locations';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { usePageRoute, useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';

const typeLabels: Record<string, string> = { service: 'Service', parts: 'Parts' };
const typeLabel = (l: DealerLocation) => typeLabels[l.location_type ?? ''] ?? 'Sales';

function HoursTable({ location, all }: { location: DealerLocation; all: DealerLocation[] }) {
  const site = useSite();
  const samePlace = locationTypesAtSamePlace(location, all);
  const [chosenId, setChosenId] = useState(location.id);
  const chosen = samePlace.find((l) => l.id === chosenId) ?? location;
  const rows = summariseWeek(weekHours(chosen, site.settings.locations?.closedDayLink));
  return (
    <div className="hours">
      <h4>Opening Hours</h4>
      {samePlace.length > 1 && (
        // seed 001 §4: the type selector changes which location's hours are shown
        <label className="hours-type">
          Show hours for{' '}
          <select value={chosen.id} onChange={(e) => setChosenId(Number(e.target.value))}>
            {samePlace.map((l) => (
              <option key={l.id} value={l.id}>
                {typeLabel(l)}
              </option>
            ))}
          </select>
        </label>
      )}
      <table>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className={row.closed ? 'closed' : undefined}>
              <th scope="row">{row.label}</th>
              <td>{row.link ? <SiteLink href={row.link.url}>{row.link.text}</SiteLink> : row.text}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LocationCard({ location, all, props, large }: { location: Location & { dealership_slug?: string }; all: DealerLocation[]; props: LocationListProps; large: boolean }) {
  const site = useSite();
  const rating = reviewRating(location.reviews, site.settings.locations ?? {});
  const { street, city, state, postcode, place_url } = location.address;
  return (
    <li className={`location-card card${large ? ' location-large' : ''}`}>
      <h3>{location.name}</h3>
      {rating && (
        <p className="rating" aria-label={`Rated ${rating.text} out of 5 from ${rating.count} reviews`}>
          <span className="stars" aria-hidden="true">
            {rating.stars.map((fill, i) => (
              <span key={i} className="star" style={{ ['--fill' as string]: `${fill * 100}%` }}>★</span>
            ))}
          </span>{' '}
          {rating.text} <a href="#reviews">({rating.count} reviews)</a>
        </p>
      )}
      <address>
        {street}, {city} {state} {postcode}
      </address>
      <p className="location-links">
        <a href={`tel:${location.contact_detail.phone.replace(/[^0-9+]/g, '')}`} className="phone">
          {formatPhone(location.contact_detail.phone)}
        </a>
        {place_url && (
          <a href={place_url} target="_blank" rel="noopener noreferrer">
            Get Directions
          </a>
        )}
        {props.showStockLink && <SiteLink href={`/search/${location.slug}`}>View Our Stock</SiteLink>}
      </p>
      {location.dealer_license_number && <p className="licence">Licence {location.dealer_license_number}</p>}
      {props.showHours !== false && <HoursTable location={location} all={all} />}
    </li>
  );
}

export default function LocationList({ props }: BlockComponentProps<LocationListProps>) {
  const site = useSite();
  const route = usePageRoute();
  const all: (Location & { dealership_id: number; dealership_slug: string })[] = site.dealerships.flatMap((d) =>
    d.locations.map((l) => ({ ...l, dealership_id: d.id, dealership_slug: d.slug })),
  );
  const selector = props.show === 'single' ? (props.locationId ?? -1) : (props.show ?? 'all');
  const chosen = selectLocations(all, selector, { customOrder: site.settings.locations?.customOrder, path: route }) as typeof all;
  if (chosen.length === 0) return null; // seed 001 §2: with no locations it shows nothing
  return (
    <div className="container location-list">
      {props.heading && <h2>{props.heading}</h2>}
      <ul className={chosen.length === 1 ? 'location-single' : 'grid grid-3'}>
        {chosen.map((l) => (
          <LocationCard key={l.id} location={l} all={all} props={props} large={chosen.length === 1} />
        ))}
      </ul>
    </div>
  );
}
