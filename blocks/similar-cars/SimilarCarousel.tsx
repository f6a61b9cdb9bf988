// The similar cars carousel: keen-slider slides of result cards, previous/next buttons that are disabled at the ends,
// arrow keys (and Home/End) on the carousel, and a focused card is brought into view.
import type { ReactNode } from 'react';
import type { Car } from '../../schemas/generated/car';
import { CarCard, type CarCardProps } from '../../runtime/ui/car-card/CarCard';
import { useCardCarousel } from '../../runtime/ui/slider/use-card-carousel';

type CardContext = Omit<CarCardProps, 'car' | 'imageLoading'>;

const SLIDES = {
  slides: { perView: 1.15, spacing: 16 },
  breakpoints: {
    '(min-width: 640px)': { slides: { perView: 2, spacing: 20 } },
    '(min-width: 1000px)': { slides: { perView: 3, spacing: 24 } },
  },
};

/** head: the section's heading, shown in a row with the previous / next buttons. */
export function SimilarCarousel({ cars, card, labelledBy, head }: { cars: Car[]; card: CardContext; labelledBy: string; head: ReactNode }) {
  const { trackRef, edges, go, onKeyDown, onSlideFocus } = useCardCarousel(cars.length, SLIDES);
  const everythingShown = edges.atStart && edges.atEnd;
  return (
    <div className="similar-carousel" role="region" aria-roledescription="carousel" aria-labelledby={labelledBy} tabIndex={0} onKeyDown={onKeyDown}>
      <div className="similar-head">
        <div className="similar-title">{head}</div>
        {!everythingShown && (
          <div className="similar-controls">
            <button type="button" className="similar-arrow" aria-label="Previous cars" disabled={edges.atStart} onClick={() => go('prev')}>
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className="similar-arrow" aria-label="Next cars" disabled={edges.atEnd} onClick={() => go('next')}>
              <span aria-hidden="true">›</span>
            </button>
          </div>
        )}
      </div>
      <div ref={trackRef} className="keen-slider similar-track">
        {cars.map((car, i) => (
          <div
            key={car.id}
            className="keen-slider__slide similar-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${cars.length}`}
            onFocus={onSlideFocus(i)}
          >
            <CarCard car={car} {...card} />
          </div>
        ))}
      </div>
    </div>
  );
}
