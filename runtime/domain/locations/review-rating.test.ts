import { describe, expect, it } from 'vitest';
import { reviewRating, reviewSummaryText, starFills } from './review-rating';

describe('reviewRating (docs/requirements/dealer-services.md#constants)', () => {
  it('shows only above the minimum 4 and when reviews are not hidden', () => {
    expect(reviewRating({ average_rating: '4.0', count: 10 })).toBeNull();
    expect(reviewRating({ average_rating: '4.06', count: 10 })).toMatchObject({ text: '4.1', count: 10 });
    expect(reviewRating({ average_rating: 4.6, count: 120 }, { hideReviews: true })).toBeNull();
    expect(reviewRating({ average_rating: 3.5, count: 3 }, { minimumReviewRating: 3 })?.text).toBe('3.5');
    expect(reviewRating(null)).toBeNull();
  });
  it('draws stars with a partial star for the fraction', () => {
    expect(starFills(4.6)).toEqual([1, 1, 1, 1, 0.6]);
    expect(starFills(3.25)).toEqual([1, 1, 1, 0.3, 0]);
    expect(starFills(5)).toEqual([1, 1, 1, 1, 1]);
    expect(reviewRating({ average_rating: 4.6, count: 1 })?.stars).toEqual([1, 1, 1, 1, 0.6]);
  });
  it('uses at most 4 full stars in the compact rating', () => {
    expect(reviewRating({ average_rating: 4.9, count: 1 }, {}, { compact: true })?.stars).toEqual([1, 1, 1, 1, 0.9]);
  });
  it("names Google only for a provider's figures; a rating the dealership enters is its customers'", () => {
    const google = reviewRating({ average_rating: 4.6, count: 204, source: 'google' })!;
    expect(reviewSummaryText(google)).toBe('Rated 4.6 out of 5 from 204 Google reviews.');
    expect(reviewSummaryText(reviewRating({ average_rating: 4.6, count: 204, source: 'site' })!)).toBe('Rated 4.6 out of 5 from 204 customer reviews.');
    expect(reviewSummaryText(reviewRating({ average_rating: 4.8, count: 1 })!)).toBe('Rated 4.8 out of 5 from 1 customer review.');
  });
});
