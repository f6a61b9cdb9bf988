import { describe, expect, it } from 'vitest';
import { REVIEWS_FULL_QUANTITY, locationReviewFigures, reviewRating, reviewSummaryText, reviewsToList, starFills } from './review-rating';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

describe('reviewRating (docs/requirements/dealer-services.md#constants)', () => {
  it('shows only above the minimum 4 and when reviews are not hidden', () => {
    expect(reviewRating({ average_rating: '4.0', count: 10 }, withSettingsDefaults('locations'))).toBeNull();
    expect(reviewRating({ average_rating: '4.06', count: 10 }, withSettingsDefaults('locations'))).toMatchObject({ text: '4.1', count: 10 });
    expect(reviewRating({ average_rating: 4.6, count: 120 }, withSettingsDefaults('locations', { hideReviews: true }))).toBeNull();
    expect(reviewRating({ average_rating: 3.5, count: 3 }, withSettingsDefaults('locations', { minimumReviewRating: 3 }))?.text).toBe('3.5');
    expect(reviewRating(null, withSettingsDefaults('locations'))).toBeNull();
  });
  it('draws stars with a partial star for the fraction', () => {
    expect(starFills(4.6)).toEqual([1, 1, 1, 1, 0.6]);
    expect(starFills(3.25)).toEqual([1, 1, 1, 0.3, 0]);
    expect(starFills(5)).toEqual([1, 1, 1, 1, 1]);
    expect(reviewRating({ average_rating: 4.6, count: 1 }, withSettingsDefaults('locations'))?.stars).toEqual([1, 1, 1, 1, 0.6]);
  });
  it('uses at most 4 full stars in the compact rating', () => {
    expect(reviewRating({ average_rating: 4.9, count: 1 }, withSettingsDefaults('locations'), { compact: true })?.stars).toEqual([1, 1, 1, 1, 0.9]);
  });
  it("names Google only for a provider's figures; a rating the dealership enters is its customers'", () => {
    const google = reviewRating({ average_rating: 4.6, count: 204, source: 'google' }, withSettingsDefaults('locations'))!;
    expect(reviewSummaryText(google)).toBe('Rated 4.6 out of 5 from 204 Google reviews.');
    expect(reviewSummaryText(reviewRating({ average_rating: 4.6, count: 204, source: 'site' }, withSettingsDefaults('locations'))!)).toBe(
      'Rated 4.6 out of 5 from 204 customer reviews.',
    );
    expect(reviewSummaryText(reviewRating({ average_rating: 4.8, count: 1 }, withSettingsDefaults('locations'))!)).toBe(
      'Rated 4.8 out of 5 from 1 customer review.',
    );
  });
});

describe('the reviews summary and its list', () => {
  const review = (n: number, date?: string) => ({ customer_name: `Shopper ${n}`, rating: 5, text: `Review ${n}`, date });

  it('lists the newest 12 reviews, newest first, undated last', () => {
    const list = [review(0)];
    for (let n = 1; n <= 14; n++) list.push(review(n, `2026-01-${String(n).padStart(2, '0')}`));
    const shown = reviewsToList(list);
    expect(REVIEWS_FULL_QUANTITY).toBe(12);
    expect(shown).toHaveLength(12);
    expect(shown[0]?.customer_name).toBe('Shopper 14');
    expect(shown.at(-1)?.customer_name).toBe('Shopper 3');
    expect(reviewsToList([review(1), review(2, '2025-05-01')]).map((r) => r.customer_name)).toEqual(['Shopper 2', 'Shopper 1']);
    expect(reviewsToList(undefined)).toEqual([]);
  });

  it("takes the location's own figures, else the dealership's average_rating and review_count", () => {
    expect(locationReviewFigures({ reviews: { average_rating: '4.6', count: 20 } }, { average_rating: 4.9, review_count: 800 })).toEqual({
      average_rating: '4.6',
      count: 20,
    });
    expect(locationReviewFigures({}, { average_rating: '4.8', review_count: 512 })).toEqual({ average_rating: '4.8', count: 512, source: 'site' });
    expect(reviewRating(locationReviewFigures({}, { average_rating: '4.8', review_count: 512 }), withSettingsDefaults('locations'))).toMatchObject({
      text: '4.8',
      count: 512,
    });
    expect(locationReviewFigures({}, {})).toBeNull();
  });
});
