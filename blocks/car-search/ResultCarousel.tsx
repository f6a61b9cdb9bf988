// The results as a carousel (the block's `layout: carousel`): its own chunk with keen-slider, loaded only by a page
// that shows one (a grid page does not download the slider).
import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import type { GridItem } from '../../runtime/domain/search';
import type { CardCarData } from '../../runtime/ui/car-card/card-model';
import { prefersReducedMotion } from '../../runtime/ui/reduced-motion';
import { type CardContext, GridCell, itemKey, type PromoContent } from './Results';

export default function ResultCarousel({ items, card }: { items: GridItem<CardCarData, PromoContent>[]; card: CardContext }) {
  const [ref, slider] = useKeenSlider<HTMLDivElement>({
    // Reduced motion: slides change at once instead of sliding.
    ...(prefersReducedMotion() ? { defaultAnimation: { duration: 0 } } : {}),
    slides: { perView: 1.15, spacing: 16 },
    breakpoints: { '(min-width: 700px)': { slides: { perView: 2.2, spacing: 20 } }, '(min-width: 1000px)': { slides: { perView: 3, spacing: 24 } } },
  });
  return (
    <div className="result-carousel">
      <div ref={ref} className="keen-slider">
        {items.map((item, i) => (
          <div key={itemKey(item, i)} className="keen-slider__slide">
            <GridCell item={item} index={i} card={card} />
          </div>
        ))}
      </div>
      <div className="carousel-controls">
        <button type="button" className="carousel-arrow" aria-label="Previous cars" onClick={() => slider.current?.prev()}>
          ‹
        </button>
        <button type="button" className="carousel-arrow" aria-label="Next cars" onClick={() => slider.current?.next()}>
          ›
        </button>
      </div>
    </div>
  );
}
