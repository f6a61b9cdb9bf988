// The result grid (seed 000 §2): car cards with promo cards at their positions, a carousel mode, the empty card and
// pagination.
import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import type { GridItem } from '../../runtime/domain/search';
import type { EmptyResults } from '../../runtime/domain/search';
import { CarCard, CarCardSkeleton, type CarCardProps } from '../../runtime/ui/car-card/CarCard';
import type { CardCarData } from '../../runtime/ui/car-card/card-model';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { prefersReducedMotion } from '../../runtime/ui/reduced-motion';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';

export interface PromoContent {
  title: string;
  text?: string;
  image?: string;
  buttonLabel?: string;
  href?: string;
}

type CardContext = Omit<CarCardProps, 'car' | 'imageLoading'>;

export function PromoCard({ promo }: { promo: PromoContent }) {
  return (
    <aside className="promo-card" aria-label={promo.title}>
      {promo.image && <ResponsiveImage src={promo.image} alt="" className="promo-card-image" width={400} height={600} />}
      <div className="promo-card-body">
        <p className="promo-card-eyebrow">Special offer</p>
        <h3 className="promo-card-title">{promo.title}</h3>
        {promo.text && <p className="promo-card-text">{promo.text}</p>}
        {promo.href && promo.buttonLabel && (
          <SiteLink href={promo.href} className="button button-light">
            {promo.buttonLabel}
          </SiteLink>
        )}
      </div>
    </aside>
  );
}

function GridCell({ item, index, card }: { item: GridItem<CardCarData, PromoContent>; index: number; card: CardContext }) {
  if (item.kind === 'promo') return <PromoCard promo={item.promo.node} />;
  return <CarCard car={item.car} imageLoading={index === 0 ? 'priority' : index < 3 ? 'eager' : 'lazy'} {...card} />;
}

const itemKey = (item: GridItem<CardCarData, PromoContent>, i: number) => (item.kind === 'car' ? `car-${item.car.id}` : `promo-${item.position}-${i}`);

export function ResultGrid({ items, card, busy }: { items: GridItem<CardCarData, PromoContent>[]; card: CardContext; busy: boolean }) {
  return (
    <ol className={`result-grid${busy ? ' is-busy' : ''}`} aria-busy={busy}>
      {items.map((item, i) => (
        <li key={itemKey(item, i)} className={item.kind === 'promo' ? 'result-promo' : 'result-car'} data-position={i + 1}>
          <GridCell item={item} index={i} card={card} />
        </li>
      ))}
    </ol>
  );
}

export function ResultCarousel({ items, card }: { items: GridItem<CardCarData, PromoContent>[]; card: CardContext }) {
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

export function SkeletonGrid({ count = 6 }: { count?: number }) {
  return (
    <ol className="result-grid" aria-busy="true" aria-label="Loading results">
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <CarCardSkeleton />
        </li>
      ))}
    </ol>
  );
}

export function EmptyResultsCard({ empty, onClear }: { empty: EmptyResults; onClear: () => void }) {
  return (
    <div className="no-results card" role="status">
      <h2>{empty.title}</h2>
      <p>{empty.text}</p>
      <a
        className="button button-primary"
        href={empty.clearFiltersHref}
        onClick={(e) => {
          e.preventDefault();
          onClear();
        }}
      >
        {empty.clearFiltersLabel}
      </a>
    </div>
  );
}

export { pageWindow } from '../../runtime/ui/pagination/Pagination';
