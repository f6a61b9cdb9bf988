// The similar cars carousel: keen-slider slides of result cards, previous/next buttons that are disabled at the ends,
// arrow keys (and Home/End) on the carousel, and a focused card is brought into view.
import { useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useKeenSlider, type KeenSliderInstance } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import type { Car } from '../../schemas/generated/car';
import { CarCard, type CarCardProps } from '../../runtime/ui/car-card/CarCard';
import { prefersReducedMotion } from '../../runtime/ui/reduced-motion';

type CardContext = Omit<CarCardProps, 'car' | 'imageLoading'>;

interface Edges {
  atStart: boolean;
  atEnd: boolean;
}

/** Whether the track stands at its first or last stop (both when every card fits). */
export function trackEdges(details: { abs: number; minIdx: number; maxIdx: number } | null | undefined): Edges {
  if (!details) return { atStart: true, atEnd: false };
  return { atStart: details.abs <= details.minIdx, atEnd: details.abs >= details.maxIdx };
}

/** head: the section's heading, shown in a row with the previous / next buttons. */
export function SimilarCarousel({ cars, card, labelledBy, head }: { cars: Car[]; card: CardContext; labelledBy: string; head: ReactNode }) {
  // Before keen-slider measures, assume the start (the first render must match the server's and the tests').
  const [edges, setEdges] = useState<Edges>({ atStart: true, atEnd: cars.length <= 1 });
  const sync = (s: KeenSliderInstance) => setEdges(trackEdges(s.track.details));
  const [trackRef, slider] = useKeenSlider<HTMLDivElement>({
    // Reduced motion: slides change at once instead of sliding.
    ...(prefersReducedMotion() ? { defaultAnimation: { duration: 0 } } : {}),
    slides: { perView: 1.15, spacing: 16 },
    breakpoints: {
      '(min-width: 640px)': { slides: { perView: 2, spacing: 20 } },
      '(min-width: 1000px)': { slides: { perView: 3, spacing: 24 } },
    },
    created: sync,
    updated: sync,
    optionsChanged: sync,
    slideChanged: sync,
    animationEnded: sync,
  });

  const go = (to: 'prev' | 'next' | 'first' | 'last') => {
    const s = slider.current;
    if (!s) return;
    if (to === 'prev') s.prev();
    else if (to === 'next') s.next();
    else s.moveToIdx(to === 'first' ? s.track.details.minIdx : s.track.details.maxIdx);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const action = ({ ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' } as const)[e.key as 'ArrowLeft'];
    if (!action || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    go(action);
  };

  // A card reached by Tab may sit outside the window: undo the browser's scroll of the clipped track and slide to it.
  const onSlideFocus = (index: number) => (e: FocusEvent<HTMLDivElement>) => {
    const s = slider.current;
    if (!s) return;
    s.container.scrollLeft = 0;
    if (e.currentTarget.parentElement) e.currentTarget.parentElement.scrollLeft = 0;
    const details = s.track.details;
    if (details && details.slides[index]?.portion < 0.99) s.moveToIdx(Math.min(Math.max(index, details.minIdx), details.maxIdx));
  };

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
