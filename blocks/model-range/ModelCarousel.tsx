// keen-slider carousel of model cards: previous / next buttons disabled at the ends, arrow keys move it when it has
// focus, a card whose button gets focus is brought into view, and a Swipe hint on small screens.
import { useRef, useState, type KeyboardEvent } from 'react';
import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import type { Model } from '../../runtime/domain/models';
import { ModelCard, type ModelCardOptions } from './ModelCard';
import { prefersReducedMotion } from '../../runtime/ui/reduced-motion';
import { SwapIcon } from '../../runtime/ui/icons/icons';

export function ModelCarousel({ models, card, label }: { models: Model[]; card: ModelCardOptions; label: string }) {
  const [ends, setEnds] = useState({ atStart: true, atEnd: false, ready: false });
  // Where the buttons and keys are taking the carousel: quick presses add up even while it is still moving.
  const target = useRef(0);
  const [ref, slider] = useKeenSlider<HTMLDivElement>({
    // Reduced motion: slides change at once instead of sliding.
    ...(prefersReducedMotion() ? { defaultAnimation: { duration: 0 } } : {}),
    slides: { perView: 1.15, spacing: 16 },
    breakpoints: {
      '(min-width: 700px)': { slides: { perView: 2.2, spacing: 20 } },
      '(min-width: 1000px)': { slides: { perView: 3, spacing: 24 } },
    },
    created: (s) => setEnds({ atStart: s.track.details.abs <= 0, atEnd: s.track.details.abs >= s.track.details.maxIdx, ready: true }),
    updated: (s) => setEnds({ atStart: s.track.details.abs <= 0, atEnd: s.track.details.abs >= s.track.details.maxIdx, ready: true }),
    slideChanged: (s) => setEnds({ atStart: s.track.details.abs <= 0, atEnd: s.track.details.abs >= s.track.details.maxIdx, ready: true }),
    animationEnded: (s) => {
      target.current = s.track.details.abs;
    },
    dragEnded: (s) => {
      target.current = s.track.details.abs;
    },
  });

  const step = (by: number) => {
    const s = slider.current;
    if (!s) return;
    const { minIdx, maxIdx } = s.track.details;
    target.current = Math.min(maxIdx, Math.max(minIdx, target.current + by));
    s.moveToIdx(target.current);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowRight') step(1);
    else if (e.key === 'ArrowLeft') step(-1);
    else return;
    e.preventDefault();
  };

  return (
    <div className="model-carousel">
      <div
        ref={ref}
        className="keen-slider model-carousel-track"
        role="region"
        aria-roledescription="carousel"
        aria-label={label}
        tabIndex={0}
        onKeyDown={onKeyDown}
      >
        {models.map((model, i) => (
          <div
            key={model.id}
            className="keen-slider__slide model-carousel-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${models.length}: ${model.manufacturer_name} ${model.name}`}
            onFocus={() => {
              // Tabbing to a card that is partly out of view brings it in.
              const details = slider.current?.track.details;
              if (details && (details.slides[i]?.portion ?? 1) < 1) {
                target.current = Math.min(i, details.maxIdx);
                slider.current?.moveToIdx(target.current);
              }
            }}
          >
            {/* Lazy pictures: the range never opens a page, and eager ones took bandwidth from the page's main image. */}
            <ModelCard model={model} {...card} />
          </div>
        ))}
      </div>
      <div className="model-carousel-foot">
        <p className="model-swipe-hint" aria-hidden="true">
          <span className="swipe-icon">
            <SwapIcon />
          </span>{' '}
          Swipe
        </p>
        <div className="model-carousel-controls">
          <button type="button" className="carousel-arrow" aria-label="Previous models" disabled={ends.atStart} onClick={() => step(-1)}>
            ‹
          </button>
          <button type="button" className="carousel-arrow" aria-label="Next models" disabled={ends.ready && ends.atEnd} onClick={() => step(1)}>
            ›
          </button>
        </div>
      </div>
    </div>
  );
}
