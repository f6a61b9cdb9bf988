import { describe, expect, it } from 'vitest';
import { autoDealerJsonLd } from './location-json-ld';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const location = {
  id: 3011,
  name: 'Toyota Parramatta',
  slug: 'sc-toyota-parramatta',
  address: { street: '2 Church Street', city: 'Parramatta', state: 'NSW', postcode: '2150', lat: -33.81, long: 151.003, place_url: 'https://maps.example/x' },
  contact_detail: {
    phone: '02 9630 1000',
    opening_hours: [
      { weekday: 0, status: 'Closed' },
      { weekday: 1, status: 'Open', open: '08:30', close: '17:30' },
    ],
  },
  special_hours: [
    { date: '2026-12-25', status: 'Closed' },
    { date: '2026-12-24', status: 'Open', start_hour: '08:30', end_hour: '12:00' },
  ],
  reviews: { average_rating: 4.6, count: 204 },
};

describe('AutoDealer JSON-LD', () => {
  it('has the address, weekly and special opening hours and the rating', () => {
    const json = autoDealerJsonLd(location, {
      origin: 'https://x.example',
      pagePath: '/our-location/sc-toyota-parramatta',
      dealershipName: 'Toyota',
      reviews: withSettingsDefaults('locations'),
    });
    expect(json['@type']).toBe('AutoDealer');
    expect(json.url).toBe('https://x.example/our-location/sc-toyota-parramatta');
    expect(json.address).toMatchObject({ streetAddress: '2 Church Street', postalCode: '2150', addressCountry: 'AU' });
    expect(json.openingHoursSpecification).toEqual([
      { '@type': 'OpeningHoursSpecification', dayOfWeek: 'https://schema.org/Monday', opens: '08:30', closes: '17:30' },
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-25', validThrough: '2026-12-25', opens: '00:00', closes: '00:00' },
      { '@type': 'OpeningHoursSpecification', validFrom: '2026-12-24', validThrough: '2026-12-24', opens: '08:30', closes: '12:00' },
    ]);
    expect(json.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: '4.6', reviewCount: 204, bestRating: 5 });
  });
  it('leaves the rating out at or below the minimum or when reviews are hidden', () => {
    expect(
      autoDealerJsonLd({ ...location, reviews: { average_rating: 4, count: 9 } }, { origin: '', pagePath: '/', reviews: withSettingsDefaults('locations') })
        .aggregateRating,
    ).toBeUndefined();
    expect(
      autoDealerJsonLd(location, { origin: '', pagePath: '/', reviews: withSettingsDefaults('locations', { hideReviews: true }) }).aggregateRating,
    ).toBeUndefined();
  });
});
