// Review rating display (docs/requirements/dealer-services.md#constants): shown only above the configured minimum, one decimal, stars.
import type { ResolvedLocationSettings } from '../settings';

const STAR_COUNT = 5;
const COMPACT_MAX_FULL_STARS = 4; // docs/requirements/dealer-services.md#constants: at most 4 full stars in the compact rating

export interface ReviewRating {
  /** Rating with one decimal, e.g. '4.6'. */
  text: string;
  value: number;
  count: number;
  /** Fill of each of the 5 stars, 0..1; the fraction becomes one partial star. */
  stars: number[];
  /** Who collected the reviews: 'Google reviews' only when a reviews provider supplied them, else the site's own. */
  sourceLabel: string;
}

export type ReviewSource = 'site' | 'google';

/** 'Google reviews' / 'customer reviews' (singular for one): a rating staff typed in is not Google's. */
function reviewsLabel(source: ReviewSource | null | undefined, count: number): string {
  const noun = count === 1 ? 'review' : 'reviews';
  return source === 'google' ? `Google ${noun}` : `customer ${noun}`;
}

/** 'Rated 4.6 out of 5 from 204 Google reviews.' */
export function reviewSummaryText(rating: ReviewRating): string {
  return `Rated ${rating.text} out of 5 from ${rating.count} ${rating.sourceLabel}.`;
}

/** Star fills: full stars, one partial star for the fraction, then empty stars. */
export function starFills(rating: number, maxFullStars = STAR_COUNT): number[] {
  const value = Math.min(STAR_COUNT, Math.max(0, Math.round(rating * 10) / 10));
  const full = Math.min(Math.floor(value), maxFullStars);
  const fills: number[] = [];
  for (let i = 0; i < STAR_COUNT; i++) {
    if (i < full) fills.push(1);
    else if (i === full) fills.push(Math.round(Math.min(1, value - full) * 10) / 10);
    else fills.push(0);
  }
  return fills;
}

export function reviewRating(
  reviews: { average_rating?: number | string | null; count?: number | null; source?: ReviewSource | null } | null | undefined,
  settings: Pick<ResolvedLocationSettings, 'minimumReviewRating' | 'hideReviews'>,
  options: { compact?: boolean } = {},
): ReviewRating | null {
  const minimum = settings.minimumReviewRating;
  if (settings.hideReviews) return null;
  const value = Number(reviews?.average_rating);
  if (!Number.isFinite(value) || value <= minimum) return null;
  return {
    text: value.toFixed(1),
    value,
    count: reviews?.count ?? 0,
    stars: starFills(value, options.compact ? COMPACT_MAX_FULL_STARS : STAR_COUNT),
    sourceLabel: reviewsLabel(reviews?.source, reviews?.count ?? 0),
  };
}

/** A reviews provider sends at most this many reviews with its summary: the location page lists them all. */
export const REVIEWS_FULL_QUANTITY = 12;

export interface ReviewEntry {
  customer_name: string;
  text?: string;
  rating: number;
  date?: string;
  reply_text?: string;
  reply_date?: string;
  image?: string;
}

/** The reviews a summary lists: newest first (undated last), at most the full quantity. */
export function reviewsToList(reviews: readonly ReviewEntry[] | null | undefined): ReviewEntry[] {
  return [...(reviews ?? [])].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '')).slice(0, REVIEWS_FULL_QUANTITY);
}

/** A location's rating figures: its own, else its dealership's (average_rating and review_count). */
export function locationReviewFigures(
  location: { reviews?: { average_rating?: number | string | null; count?: number | null; source?: ReviewSource | null } | null },
  dealership?: { average_rating?: number | string | null; review_count?: number | null } | null,
): { average_rating?: number | string | null; count?: number | null; source?: ReviewSource | null } | null {
  if (location.reviews?.average_rating !== undefined && location.reviews.average_rating !== null) return location.reviews;
  if (dealership?.average_rating === undefined || dealership.average_rating === null) return location.reviews ?? null;
  return { average_rating: dealership.average_rating, count: dealership.review_count ?? 0, source: 'site' };
}
