// Seed defaults of the location settings; mirrors schemas/settings/locations.schema.json (checked by settings.test.ts).
import type { ClosedDayLinkSettings, LocationDropdownSettings, LocationMapSettings, LocationSettings } from '../../../schemas/generated/tenant';
import type { Resolved } from '../vehicle/settings';

export const CLOSED_DAY_LINK_DEFAULTS: Resolved<ClosedDayLinkSettings> = {
  locationIds: [],
  text: 'Enquire Now',
  url: '/book-a-service',
};

export const LOCATION_DROPDOWN_DEFAULTS: Resolved<LocationDropdownSettings> = {
  excludedLocationIds: [],
  onlyLocationIds: [],
  hiddenDealershipIds: [],
  shownDealershipIds: [],
  choosingSetsDealership: false,
};

export const LOCATION_MAP_DEFAULTS: Resolved<LocationMapSettings> = {
  tiles: 'none',
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  tileAttribution: '© OpenStreetMap contributors',
  googleMapsKey: '',
  pmtilesUrl: '',
  pmtilesFlavor: 'light',
  loadInteractive: 'on-click',
};

export const LOCATION_SETTINGS_DEFAULTS: Resolved<LocationSettings> = {
  minimumReviewRating: 4, // docs/requirements/dealer-services.md#constants: minimum review rating 4
  hideReviews: false,
  customOrder: [],
  closedDayLink: CLOSED_DAY_LINK_DEFAULTS,
  salesCounterEnabled: false,
  mapDefaultZoom: 10, // docs/requirements/dealer-services.md#constants: map default zoom 10
  map: LOCATION_MAP_DEFAULTS,
  dropdown: LOCATION_DROPDOWN_DEFAULTS,
  nearestLocationInForms: false,
};
