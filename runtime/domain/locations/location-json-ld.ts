// schema.org AutoDealer for a location page: address, geo, weekly and special opening hours, rating.
import { DAY_NAMES, locationSpecialHours } from './opening-hours';
import type { DealerLocation } from './location';
import { reviewRating } from './review-rating';
import type { ResolvedLocationSettings } from '../settings';

const hhmm = (value: string | null | undefined) => {
  const m = /^(\d{1,2}):(\d{2})\s*(am|pm)?$/i.exec((value ?? '').trim());
  if (!m) return null;
  let hour = Number(m[1]) % (m[3] ? 12 : 24);
  if (m[3]?.toLowerCase() === 'pm') hour += 12;
  return `${String(hour).padStart(2, '0')}:${m[2]}`;
};

export function autoDealerJsonLd(
  location: DealerLocation,
  options: { origin: string; pagePath: string; dealershipName?: string; reviews: Pick<ResolvedLocationSettings, 'minimumReviewRating' | 'hideReviews'> },
): Record<string, unknown> {
  const a = location.address ?? {};
  const weekly = (location.contact_detail?.opening_hours ?? [])
    .filter((e) => e.status === 'Open' && hhmm(e.open) && hhmm(e.close))
    .map((e) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${DAY_NAMES[e.weekday]}`,
      opens: hhmm(e.open),
      closes: hhmm(e.close),
    }));
  // Special hours: a closed day is opens = closes = 00:00 (schema.org's convention), valid for that date only.
  const special = (location.special_hours ?? []).map((e) => {
    const row = locationSpecialHours({ id: location.id, special_hours: [e] })[0];
    const open = row && !row.closed && hhmm(e.start_hour) && hhmm(e.end_hour);
    return {
      '@type': 'OpeningHoursSpecification',
      validFrom: e.date,
      validThrough: e.date,
      opens: open ? hhmm(e.start_hour) : '00:00',
      closes: open ? hhmm(e.end_hour) : '00:00',
    };
  });
  const json: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'AutoDealer',
    name: location.name,
    url: `${options.origin}${options.pagePath}`,
    address: {
      '@type': 'PostalAddress',
      streetAddress: a.street,
      addressLocality: a.city,
      addressRegion: a.state,
      postalCode: a.postcode,
      addressCountry: 'AU',
    },
  };
  if (options.dealershipName) json.parentOrganization = { '@type': 'Organization', name: options.dealershipName };
  if (location.contact_detail?.phone) json.telephone = location.contact_detail.phone;
  if (typeof a.lat === 'number' && typeof a.long === 'number') json.geo = { '@type': 'GeoCoordinates', latitude: a.lat, longitude: a.long };
  if (a.place_url) json.hasMap = a.place_url;
  if (location.image) json.image = location.image.startsWith('/') ? `${options.origin}${location.image}` : location.image;
  if (weekly.length || special.length) json.openingHoursSpecification = [...weekly, ...special];
  const rating = reviewRating(location.reviews, options.reviews);
  if (rating && rating.count > 0) json.aggregateRating = { '@type': 'AggregateRating', ratingValue: rating.text, reviewCount: rating.count, bestRating: 5 };
  return json;
}
