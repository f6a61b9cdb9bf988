// The reviews behind a location's summary (up to the full quantity a reviews provider sends), with the dealership's replies.
import { formatDate } from '../../domain/format';
import { reviewsToList, type ReviewEntry } from '../../domain/locations';
import { StarIcon } from '../icons/icons';

export function ReviewList({ reviews, replier }: { reviews: readonly ReviewEntry[] | null | undefined; replier: string }) {
  const list = reviewsToList(reviews);
  if (!list.length) return null;
  return (
    <ol className="review-list" aria-label="Customer reviews">
      {list.map((r, i) => (
        <li key={`${r.customer_name}-${r.date ?? i}`} className="review">
          <p className="review-head">
            {r.image && <img className="review-avatar" src={r.image} alt="" width={32} height={32} loading="lazy" />}
            <strong>{r.customer_name}</strong>
            <span className="review-stars" role="img" aria-label={`${r.rating} out of 5 stars`}>
              {[1, 2, 3, 4, 5].map((place) => (
                <StarIcon key={place} filled={place <= r.rating} />
              ))}
            </span>
            {r.date && <time dateTime={r.date}>{formatDate(r.date)}</time>}
          </p>
          {r.text && <p className="review-text">{r.text}</p>}
          {r.reply_text && (
            <div className="review-reply">
              <p>
                <strong>Reply from {replier}</strong>
                {r.reply_date && <time dateTime={r.reply_date}> {formatDate(r.reply_date)}</time>}
              </p>
              <p>{r.reply_text}</p>
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
