// The vehicle page's calls (docs/requirements/vehicle-browsing.md#calls, docs/requirements/dealer-services.md#calls),
// answered within the requesting site's stock:
//   GET  /api/cars/:slug/view.json?photos_count&updated_at&website_id  views and car_fields
//   POST /api/cars/phone-reveal        {car_id, dealership_id, website_id}   records a phone reveal (same-site
//                                      posts only, rate limited per site and address; counted per car)
//   GET  /api/delivery-estimate?postcode=&car_id=                         {name, price}, or nulls and the message
//   GET  /api/cars/:slug/autogauge                                        price comparison data (204 when none)
//   POST /api/youx/quote               seed body                          {weeklyRepaymentAmount, comparisonRate, advertisedRate}
//   GET  /api/cars/:slug/pdf                                              the listing as {slug}.pdf
//   GET  /api/cars/:id/finance-lenders                                    {car_id, finance_lenders, disclaimers} (the
//                                      lenders' disclaimers this site shows for the car)
// Bad input gets a 4xx with a reason a person can act on; nothing here answers for another site's cars.
import express, { type Request, type Response, type Router } from 'express';
import type { Car } from '../../../schemas/generated/car';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { localQuoteProvider } from '../../domain/finance/quote-providers';
import type { YouxQuoteRequest } from '../../domain/finance/youx-quote';
import { DELIVERY_EMPTY_POSTCODE, DELIVERY_UNAVAILABLE, deliveryPostcodeError } from '../../domain/vehicle/delivery-estimate';
import { deliveryEstimateFor } from '../../domain/vehicle/delivery-regions';
import { createMarketProvider, type MarketDataProvider } from '../../market';
import { vehicleFinanceFigure } from '../../domain/finance/vehicle-finance';
import { lenderDisclaimers } from '../../domain/finance/site-lenders';
import { carPhotoImage, type FeedPhotoSource, siteImage } from '../../pdf/listing-images';
import { listingPdf } from '../../pdf/listing-pdf';
import type { CarCatalogue } from '../../inventory/car-catalogue';
import { jsonBody } from '../json-body';
import { PHONE_REVEALS, RateLimits, tooManyRequests, VIEW_COUNTS } from '../../infra/rate-limit';
import { isBotUserAgent } from '../../domain/vehicle/views';
import { SqlViewStore, type ViewStore, viewDay, visitorKey } from '../../views';
import { siteTimeZone } from '../../domain/time/site-time-zone';
import { sameSite } from './leads-api';
import { canonicalOrigin } from '../../infra/public-urls';
import { resolvedSettings } from '../../domain/settings';

export interface VehicleApiOptions {
  market?: MarketDataProvider;
  /** The built client folder: the site's logo for the listing PDF is read from it. */
  clientDir?: string;
  rateLimits?: RateLimits;
  /** Where views are counted (per site and car); by default an in-memory SQLite database (tests). */
  views?: () => ViewStore | undefined;
  /** The clock of counted views (which day a view falls on); Date.now by default. */
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
  /** A feed car's photo for the listing PDF: the site's cached variant of it (the media routes' caches); none without. */
  feedPhotos?: FeedPhotoSource;
}

/** Phone reveals per car since the server started. One number per car of the catalogue, so memory stays bounded
 *  however many requests arrive. (Views are counted durably in the view store, runtime/views.) */
class VehicleCounters {
  private reveals = new Map<number, number>();

  reveal(car: Car): number {
    const count = (this.reveals.get(car.id) ?? 0) + 1;
    this.reveals.set(car.id, count);
    return count;
  }

  revealsOf(carId: number): number {
    return this.reveals.get(carId) ?? 0;
  }
}

const bad = (res: Response, message: string, status = 400, code = 'invalid_request') => res.status(status).json({ message, code });

function carLocation(tenant: TenantDocument, car: Car) {
  const dealership = tenant.dealerships.find((d) => d.id === car.dealership_id);
  const location = dealership?.locations.find((l) => l.id === car.location_id) ?? dealership?.locations.find((l) => l.primary) ?? dealership?.locations[0];
  return { dealership, location };
}

const positiveInteger = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

export function vehicleApi(catalogue: () => CarCatalogue | undefined, options: VehicleApiOptions = {}, counters = new VehicleCounters()): Router {
  const router = express.Router();
  const limits = options.rateLimits ?? RateLimits.memory();
  const market = options.market ?? createMarketProvider(catalogue);
  const log = options.log ?? ((m: string, e?: unknown) => console.error(m, e ?? ''));

  router.use('/api', (_req, res, next) => {
    res.set('cache-control', 'no-store');
    next();
  });

  /** The site's car by slug, or a 404/503 answer already sent. */
  const carBySlug = (req: Request, res: Response): Car | null => {
    const cat = catalogue();
    if (!cat) return (bad(res, 'Vehicle data is not available right now.', 503, 'catalogue_unavailable'), null);
    const car = cat.bySlugFor(req.tenant!, String(req.params.slug));
    if (!car) return (bad(res, `No vehicle "${req.params.slug}" on this site.`, 404, 'not_found'), null);
    return car;
  };

  const now = options.now ?? Date.now;
  let fallbackViews: ViewStore | undefined;
  const viewStore = () => options.views?.() ?? (fallbackViews ??= SqlViewStore.openSqlite(':memory:'));

  // One call per shopper's page view (the page sends it once, never from bots or the editor's preview). The count is
  // committed before it is answered; crawlers (by user agent) get the count without adding to it, one address adds
  // one view per car and day (the site's day), and a flood from one address is refused. views = the feed's views +
  // the views counted on this site.
  router.get('/api/cars/:slug/view.json', async (req, res, next) => {
    try {
      const car = carBySlug(req, res);
      if (!car) return;
      const tenant = req.tenant!.slug;
      const store = viewStore();
      let counted = false;
      let siteViews: number;
      if (isBotUserAgent(req.headers['user-agent'])) siteViews = await store.count(tenant, car.id);
      else {
        const verdict = await limits.consume(VIEW_COUNTS, `${tenant}|${req.ip}`);
        if (!verdict.allowed) return tooManyRequests(res, verdict, 'Too many requests from this connection. Please wait a minute and try again.');
        const at = now();
        const day = viewDay(at, siteTimeZone(req.tenant!));
        ({ views: siteViews, counted } = await store.record({ tenant, carId: car.id, at, day, visitor: visitorKey(tenant, car.id, day, req.ip ?? '') }));
      }
      res.json({
        views: (car.views ?? 0) + siteViews,
        counted,
        car_fields: { photos_count: car.photos_count ?? car.images?.length ?? 0, updated_at: car.updated_at ?? null },
      });
    } catch (e) {
      next(e);
    }
  });

  router.post(
    '/api/cars/phone-reveal',
    async (req, res, next) => {
      if (!sameSite(req)) return bad(res, 'This request was not sent from this website.', 403, 'wrong_site');
      const verdict = await limits.consume(PHONE_REVEALS, `${req.tenant!.slug}|${req.ip}`);
      if (!verdict.allowed) return tooManyRequests(res, verdict, 'Too many requests from this connection. Please wait a minute and try again.');
      next();
    },
    jsonBody({ limit: '4kb' }),
    (req, res) => {
      const carId = positiveInteger(req.body?.car_id);
      if (carId === null) return bad(res, 'car_id must be the id of a vehicle.');
      const car = catalogue()?.byIdFor(req.tenant!, carId);
      if (!car) return bad(res, `No vehicle ${carId} on this site.`, 404, 'not_found');
      const dealershipId = positiveInteger(req.body?.dealership_id) ?? car.dealership_id;
      if (dealershipId !== car.dealership_id) return bad(res, `dealership_id ${dealershipId} does not sell vehicle ${carId}.`);
      counters.reveal(car);
      res.status(201).json({ recorded: true });
    },
  );

  router.get('/api/delivery-estimate', (req, res) => {
    const postcode = typeof req.query.postcode === 'string' ? req.query.postcode : '';
    if (deliveryPostcodeError(postcode)) return bad(res, DELIVERY_EMPTY_POSTCODE);
    const carId = positiveInteger(req.query.car_id);
    const car = carId === null ? undefined : catalogue()?.byIdFor(req.tenant!, carId);
    const fromState = car ? (carLocation(req.tenant!, car).location?.address.state ?? car.state) : req.tenant!.dealerships[0]?.locations[0]?.address.state;
    const estimate = deliveryEstimateFor(postcode, fromState);
    // No estimate for a postcode is a normal answer, not a missing resource: the calculator shows the message.
    if (!estimate) return res.json({ name: null, price: null, message: DELIVERY_UNAVAILABLE });
    res.json(estimate);
  });

  router.get('/api/cars/:slug/autogauge', async (req, res) => {
    const car = carBySlug(req, res);
    if (!car) return;
    try {
      const data = await market.priceComparison(car, req.tenant!);
      // No market data is an answer, not an error: 204, and the card stays hidden.
      if (!data) return res.status(204).end();
      res.json(data);
    } catch (error) {
      log(`market data failed for ${req.tenant!.slug} car ${car.slug}`, error);
      bad(res, 'Market data is not available right now.', 502, 'market_unavailable');
    }
  });

  router.post('/api/youx/quote', jsonBody({ limit: '4kb' }), async (req, res) => {
    const body = (req.body ?? {}) as Partial<YouxQuoteRequest>;
    if (typeof body.purchasePrice !== 'number' || !(body.purchasePrice > 0)) return bad(res, 'purchasePrice must be a price above 0.');
    if (typeof body.loanTerm !== 'number' || !(body.loanTerm >= 1 && body.loanTerm <= 10)) return bad(res, 'loanTerm must be a number of years from 1 to 10.');
    const quote = await localQuoteProvider(resolvedSettings(req.tenant!.settings).finance).quote({
      selfAssessedCreditScore: String(body.selfAssessedCreditScore ?? 'GREAT'),
      purchasePrice: body.purchasePrice,
      loanTerm: body.loanTerm,
      year: typeof body.year === 'number' ? body.year : null,
      vin: typeof body.vin === 'string' ? body.vin : null,
      nvic: typeof body.nvic === 'string' ? body.nvic : null,
      whoIsHelping: '',
    });
    if (!quote) return bad(res, 'No quote is available for this amount.', 422, 'no_quote');
    res.json(quote);
  });

  router.get('/api/cars/:id/finance-lenders', (req, res) => {
    const carId = positiveInteger(req.params.id);
    if (carId === null) return res.status(400).json({ error: 'The car id must be a whole number, such as 1042.', code: 'invalid_request' });
    const cat = catalogue();
    if (!cat) return res.status(503).json({ error: 'Vehicle data is not available right now. Please try again shortly.', code: 'catalogue_unavailable' });
    const car = cat.byIdFor(req.tenant!, carId);
    if (!car) return res.status(404).json({ error: `We have no vehicle ${carId} on this site.`, code: 'not_found' });
    res.json({
      car_id: car.id,
      finance_lenders: car.finance_lenders ?? null,
      disclaimers: lenderDisclaimers(car, resolvedSettings(req.tenant!.settings).finance),
    });
  });

  router.get('/api/cars/:slug/pdf', async (req, res, next) => {
    try {
      const car = carBySlug(req, res);
      if (!car) return;
      const tenant = req.tenant!;
      const { dealership, location } = carLocation(tenant, car);
      // The printed link is the site's own address (its url), never the Host this request named.
      const origin = canonicalOrigin(tenant);
      const [photo, logo] = await Promise.all([carPhotoImage(car, options.feedPhotos), siteImage(options.clientDir, tenant.theme.logo?.url)]);
      const pdf = await listingPdf({
        car,
        dealership: dealership ?? { name: tenant.name },
        location,
        siteName: tenant.name,
        pageUrl: origin ? `${origin}/cars/${car.slug}` : undefined,
        priceSettings: resolvedSettings(tenant.settings).vehicle.price,
        financeText: vehicleFinanceFigure(car, resolvedSettings(tenant.settings).finance)?.text ?? null,
        photo,
        logo,
        accent: tenant.theme.primary,
      });
      res
        .status(200)
        .set({ 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${car.slug}.pdf"`, 'content-length': String(pdf.byteLength) })
        .end(pdf);
    } catch (e) {
      next(e);
    }
  });

  return router;
}
