// The dealership card carousel (docs/requirements/dealer-services.md#screens): keen-slider, a Swipe hint, previous and next disabled at the ends,
// arrow keys (and Home / End) on the focused carousel.
import { createContext, useContext, type ReactNode } from 'react';
import { useCardCarousel, type CarouselMove, type Edges } from '../slider/use-card-carousel';

interface CarouselState {
  edges: Edges;
  go: (to: CarouselMove) => void;
}

const SLIDES = {
  slides: { perView: 1.1, spacing: 16 },
  breakpoints: {
    '(min-width: 700px)': { slides: { perView: 2, spacing: 20 } },
    '(min-width: 1100px)': { slides: { perView: 3, spacing: 24 } },
  },
};

const CarouselContext = createContext<CarouselState | null>(null);

/** The carousel's controls read its edges from the provider; used anywhere else they are a programming error. */
export function useCarousel(): CarouselState {
  const state = useContext(CarouselContext);
  if (!state) throw new Error('useCarousel() must be used inside <LocationCarousel> (the carousel provider)');
  return state;
}

/** Previous and next, disabled at the ends; nothing when every card is already shown. */
function CarouselControls() {
  const { edges, go } = useCarousel();
  if (edges.atStart && edges.atEnd) return null;
  return (
    <>
      <p className="swipe-hint" aria-hidden="true">
        Swipe <span>→</span>
      </p>
      <div className="location-carousel-controls">
        <button type="button" className="carousel-arrow" aria-label="Previous locations" disabled={edges.atStart} onClick={() => go('prev')}>
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" className="carousel-arrow" aria-label="Next locations" disabled={edges.atEnd} onClick={() => go('next')}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </>
  );
}

export function LocationCarousel({ label, slides }: { label: string; slides: Array<{ key: string | number; node: ReactNode }> }) {
  const { trackRef, edges, go, onKeyDown, onSlideFocus } = useCardCarousel(slides.length, SLIDES);
  return (
    <CarouselContext.Provider value={{ edges, go }}>
      <div className="location-carousel" role="region" aria-roledescription="carousel" aria-label={label} tabIndex={0} onKeyDown={onKeyDown}>
        <div className="location-carousel-head">
          <CarouselControls />
        </div>
        <div ref={trackRef} className="keen-slider location-carousel-track">
          {slides.map((slide, i) => (
            <div
              key={slide.key}
              className="keen-slider__slide location-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              onFocus={onSlideFocus(i)}
            >
              {slide.node}
            </div>
          ))}
        </div>
      </div>
    </CarouselContext.Provider>
  );
}
