// The dealership card carousel (docs/requirements/dealer-services.md#screens): keen-slider, a Swipe hint, previous and next disabled at the ends,
// arrow keys (and Home / End) on the focused carousel.
import { createContext, useContext, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useKeenSlider, type KeenSliderInstance } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { prefersReducedMotion } from '../reduced-motion';

interface Edges {
  atStart: boolean;
  atEnd: boolean;
}

function edgesOf(s: KeenSliderInstance): Edges {
  const d = s.track.details;
  if (!d) return { atStart: true, atEnd: false };
  return { atStart: d.abs <= d.minIdx, atEnd: d.abs >= d.maxIdx };
}

type Move = 'prev' | 'next' | 'first' | 'last';
interface CarouselState {
  edges: Edges;
  go: (to: Move) => void;
}

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
  const [edges, setEdges] = useState<Edges>({ atStart: true, atEnd: slides.length <= 1 });
  const sync = (s: KeenSliderInstance) => setEdges(edgesOf(s));
  const [trackRef, slider] = useKeenSlider<HTMLDivElement>({
    slides: { perView: 1.1, spacing: 16 },
    // Reduced motion: previous and next move at once instead of sliding.
    ...(prefersReducedMotion() ? { defaultAnimation: { duration: 0 } } : {}),
    breakpoints: {
      '(min-width: 700px)': { slides: { perView: 2, spacing: 20 } },
      '(min-width: 1100px)': { slides: { perView: 3, spacing: 24 } },
    },
    created: sync,
    updated: sync,
    optionsChanged: sync,
    slideChanged: sync,
    animationEnded: sync,
  });
  const go = (to: Move) => {
    const s = slider.current;
    if (!s) return;
    if (to === 'prev') s.prev();
    else if (to === 'next') s.next();
    else s.moveToIdx(to === 'first' ? s.track.details.minIdx : s.track.details.maxIdx);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const action = ({ ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' } as const)[e.key as 'ArrowLeft'];
    if (!action || e.altKey || e.ctrlKey || e.metaKey) return;
    // Arrow keys inside a select (the hours type selector) keep their own meaning.
    if ((e.target as HTMLElement).closest('select, input, textarea')) return;
    e.preventDefault();
    go(action);
  };
  // A slide reached by Tab may sit outside the window: undo the browser's scroll of the clipped track, slide to it.
  const onSlideFocus = (index: number) => () => {
    const s = slider.current;
    if (!s) return;
    s.container.scrollLeft = 0;
    const d = s.track.details;
    if (d && d.slides[index]?.portion < 0.99) s.moveToIdx(Math.min(Math.max(index, d.minIdx), d.maxIdx));
  };
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
