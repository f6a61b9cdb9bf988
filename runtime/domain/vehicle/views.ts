// Vehicle page views (docs/requirements/vehicle-browsing.md#calls: GET {api}/cars/{slug}/view.json?photos_count&updated_at&website_id answers views
// and car_fields). Pure rules shared by the server (what counts) and the browser (whether to call, what to show).
import { formatNumber } from '../format';

/** Crawlers, link previews and monitors: their page loads are not shoppers' views. Matched case-insensitively. */
const BOT_PATTERN =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|embedly|preview|monitor|lighthouse|pingdom|headlesschrome\/.*\bgoogle|curl\/|wget\/|python-requests|axios\/|node-fetch|go-http-client|java\/|libwww|httpclient|scrapy|bingpreview|ahrefs|semrush|yandex|baiduspider|duckduckgo|applebot|petalbot/i;

/** True for a user agent that names a crawler or a script, or no user agent at all. */
export function isBotUserAgent(userAgent: string | null | undefined): boolean {
  if (!userAgent || !userAgent.trim()) return true;
  return BOT_PATTERN.test(userAgent);
}

/** The views line on the vehicle page: '1 view', '1,234 views'. */
export function viewsText(views: number): string {
  const n = Math.max(0, Math.floor(views));
  return `${formatNumber(n)} ${n === 1 ? 'view' : 'views'}`;
}

/** The view.json query the page sends (seed: photos_count, updated_at, website_id). */
export function viewJsonPath(
  car: { slug: string; photos_count?: number | null; images?: unknown[] | null; updated_at?: string | null },
  websiteId: string,
): string {
  const q = new URLSearchParams({
    photos_count: String(car.photos_count ?? car.images?.length ?? 0),
    updated_at: car.updated_at ?? '',
    website_id: websiteId,
  });
  return `/api/cars/${encodeURIComponent(car.slug)}/view.json?${q}`;
}
