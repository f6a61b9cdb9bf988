import type { ReviewRating } from '../../domain/locations';
import { StarIcon } from '../icons/icons';

/** Stars with a partial star for the fraction, the one-decimal average and the review count linking to #reviews. */
export function StarRating({ rating, reviewsHref = '#reviews' }: { rating: ReviewRating; reviewsHref?: string | null }) {
  const count = `${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}`;
  return (
    <p className="rating" data-rating={rating.text}>
      <span className="stars" role="img" aria-label={`Rated ${rating.text} out of 5`}>
        {rating.stars.map((fill, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: always five stars in order: the place is the star
          <span key={i} className="star" aria-hidden="true" style={{ ['--fill' as string]: `${Math.round(fill * 100)}%` }}>
            <StarIcon />
            <span className="star-fill">
              <StarIcon />
            </span>
          </span>
        ))}
      </span>{' '}
      <span className="rating-value">{rating.text}</span> {reviewsHref ? <a href={reviewsHref}>({count})</a> : <span>({count})</span>}
    </p>
  );
}
