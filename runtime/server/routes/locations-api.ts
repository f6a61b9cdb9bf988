// Nearest locations by postcode (docs/requirements/dealer-services.md#validation, #calls, #constants):
//   GET /api/locations/nearest?postcode=2150[&type=sales|service|parts][&limit=1..10]
//   200 { postcode, locations: [{ id, km }] } nearest first; 400 'Invalid postcode. Please enter a 4-digit number.';
//   404 'Invalid postcode' when the geocoder does not know it; 502 when the geocoding service fails.
// Test drive appointment slots (docs/requirements/vehicle-browsing.md#calls):
//   GET /api/test-drive/slots?date=yyyy-mm-dd[&location_id=N]
//   200 { date, location_id, location, slots: [{ value, label }] } from the location's weekly and holiday hours (the
//   primary sales location when none is named); 400 for a bad or past date, 404 for a location the site does not have.
import express, { type Request, type Response, type Router } from 'express';
import {
  POSTCODE_FORMAT_MESSAGE,
  POSTCODE_NOT_FOUND_MESSAGE,
  locationType,
  nearestLocations,
  postcodeError,
  appointmentSlotsAnswer,
  locationTimeZone,
  type DealerLocation,
  type LatLng,
} from '../../domain/locations';
import { createGeocoder, type Geocoder } from '../../geocoding';
import { dealershipFilterOf, shownDealerships } from '../../domain/locations/shown-dealerships';
import { RateLimits, tooManyRequests, type RateLimitRule } from '../../infra/rate-limit';

/** Postcode look-ups per client per minute (a paid geocoding service may sit behind them). */
export const NEAREST_LOOKUPS: RateLimitRule = { name: 'nearest-location', points: 30, windowSeconds: 60 };

const GEOCODING_FAILED_MESSAGE = 'Sorry, we could not look up that postcode right now. Please try again.';
const TYPES = new Set(['sales', 'service', 'parts']);

export function locationsApi({
  geocoder = createGeocoder(),
  log = (m: string, e?: unknown) => console.error(m, e ?? ''),
  rateLimits = RateLimits.memory(),
  now = () => new Date(),
}: {
  now?: () => Date;
  geocoder?: Geocoder;
  log?: (m: string, e?: unknown) => void;
  rateLimits?: RateLimits;
} = {}): Router {
  const router = express.Router();
  router.get('/api/locations/nearest', async (req: Request, res: Response) => {
    res.set('cache-control', 'no-store');
    const verdict = await rateLimits.consume(NEAREST_LOOKUPS, `${req.tenant!.slug}|${req.ip}`);
    if (!verdict.allowed) return tooManyRequests(res, verdict, 'Too many postcode look-ups from this connection. Please wait a minute and try again.');
    const { postcode, type, limit } = req.query;
    if (postcodeError(postcode)) return res.status(400).json({ message: POSTCODE_FORMAT_MESSAGE, code: 'invalid_postcode' });
    if (type !== undefined && (typeof type !== 'string' || !TYPES.has(type))) {
      return res.status(400).json({ message: 'type must be sales, service or parts', code: 'invalid_request' });
    }
    const max = limit === undefined ? 5 : Number(limit);
    if (!Number.isInteger(max) || max < 1 || max > 10)
      return res.status(400).json({ message: 'limit must be a whole number from 1 to 10', code: 'invalid_request' });
    const code = (postcode as string).trim();
    let origin: LatLng | null;
    try {
      origin = await geocoder.postcode(code);
    } catch (error) {
      log(`geocoding failed (tenant ${req.tenant!.slug}, provider ${geocoder.name})`, error);
      return res.status(502).json({ message: GEOCODING_FAILED_MESSAGE, code: 'geocoding_failed' });
    }
    if (!origin) return res.status(404).json({ message: POSTCODE_NOT_FOUND_MESSAGE, code: 'postcode_not_found' });
    const all: DealerLocation[] = shownDealerships(req.tenant!.dealerships, dealershipFilterOf(req.tenant!.settings)).flatMap((d) =>
      d.locations.map((l) => ({ ...l, dealership_id: d.id, dealership_slug: d.slug })),
    );
    const candidates = type ? all.filter((l) => locationType(l) === type) : all;
    const nearest = nearestLocations(origin, candidates, max);
    res.json({ postcode: code, locations: nearest.map((n) => ({ id: n.location.id, km: Math.round(n.km * 10) / 10 })) });
  });
  router.get('/api/test-drive/slots', (req: Request, res: Response) => {
    res.set('cache-control', 'no-store');
    const { date, location_id: locationId } = req.query;
    const locations = req.tenant!.dealerships.flatMap((d) => d.locations).filter((l) => l.visible !== false) as DealerLocation[];
    let location: DealerLocation | undefined;
    if (locationId === undefined || locationId === '') {
      location = locations.find((l) => l.primary && locationType(l) === 'sales') ?? locations.find((l) => locationType(l) === 'sales') ?? locations[0];
    } else {
      const id = Number(locationId);
      if (!Number.isInteger(id) || id < 1)
        return res.status(400).json({ error: 'location_id must be the id of one of our locations.', code: 'invalid_request' });
      location = locations.find((l) => l.id === id);
      if (!location) return res.status(404).json({ error: `We have no location ${id}. Please choose one of our locations.`, code: 'not_found' });
    }
    if (!location) return res.status(404).json({ error: 'This site has no locations to book a test drive at.', code: 'not_found' });
    const answer = appointmentSlotsAnswer(location, typeof date === 'string' ? date : '', now(), locationTimeZone(location));
    if ('error' in answer) return res.status(400).json({ error: answer.error, code: 'invalid_date' });
    res.json(answer);
  });
  return router;
}
