// What page data sources bind, as blocks read it with usePageData<...>().
import type { Car } from '../../schemas/generated/car';
import type { Dealership, Location } from '../../schemas/generated/tenant';
import type { Model } from '../domain/models/model';

/** "data": "vehicle" on /cars/:slug: the car and where it is. */
export interface VehiclePageData {
  car: Car;
  dealership: Dealership;
  /** The location the car is at (from the tenant document), if known. */
  location?: Location;
  /** The dealership's primary location, for the 'Located at {city}' banner. */
  primaryLocation?: Location;
}

/** "data": "location" on /our-location/:slug, /locations/:slug and /contact-us/:slug: the location the page is about. */
export interface LocationPageData {
  /** The location (by its slug, or a dealership slug's primary location), with its dealership's id and slug. */
  location: Location & { dealership_id: number; dealership_slug: string };
  dealership: { id: number; name: string; slug: string; manufacturer?: string };
  /** The server's clock for today's holiday hours and the sales counter on the first render. */
  nowMs: number;
  /** The page's own path (its canonical address in the AutoDealer data). */
  path: string;
}

/** What the checkout pages show of the car and the deal (runtime/page-data/checkout.ts, checkout-journey.ts). */
export interface CheckoutPageData {
  car: Car;
  dealership: Dealership;
  location?: Location;
  /** '$200' and 20000: the site's deposit. */
  deposit: string;
  amountCents: number;
  holdHours: number;
  /** Why the car cannot be reserved now (sold, or reserved by another shopper); null when it can. */
  unavailable: { reason: 'sold' | 'reserved' | 'not-offered'; message: string } | null;
  /** 'Find Me Something Similar': a search for the same make and model. */
  similarHref: string;
  /** Which provider takes the card in the browser (never a secret). */
  payment: { provider: 'local' } | { provider: 'stripe'; publishableKey: string } | null;
}

export interface CheckoutJourneyPageData extends CheckoutPageData {
  /** The site's valuation page, when it has one (else the trade-in step has no link). */
  tradeInHref: string | null;
  /** The site's finance page for pre-approval, when it has one (else only "pay in full"). */
  preApprovalHref: string | null;
}

/** "data": "reservation" on /reservations/:id: what the confirmation page shows (no payment ids). */
export interface ReservationPageData {
  reservation_id: string;
  number: string;
  status: string;
  kind: 'reserve' | 'purchase';
  deposit: string;
  held_until: number;
  payment_due_by: number;
  time_zone: string;
  first_name: string;
  car: { id: number; slug: string; title: string } | null;
  dealership: string | null;
  location: { name: string; phone: string | null } | null;
}

/** "data": "brand" on /:brand/overview (docs/requirements/vehicle-browsing.md#screens): a brand the site sells, its models and its stock. */
export interface BrandPageData {
  brand: { name: string; slug: string; logo: { url: string } };
  /** The site's models of the brand, each with the address its card links to. */
  models: (Model & { page_path: string })[];
  /** How many of the brand's cars the site shows in its search now. */
  stockCount: number;
  /** The site's search for the brand (/search/{make}). */
  searchHref: string;
}

/** "data": "model" on /:model (docs/requirements/dealer-services.md#screens: /{model slug}): the model, its stock and where to see all of it. */
export interface ModelPageData {
  model: Model;
  /** The first cars of the model in the site's stock (new first, then cheapest). */
  cars: Car[];
  stockCount: number;
  /** The site's search for the model (/search/{make}/{model}). */
  searchHref: string;
  /** The brand's overview page on this site, if it has one. */
  brandHref: string | null;
  /** The server's clock, so the cards decide tags the same way on the server and in the browser. */
  nowMs: number;
}
