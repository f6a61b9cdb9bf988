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

export interface PromoContent {
  title: string;
  text?: string;
  image?: string;
  buttonLabel?: string;
  href?: string;
}

type CardContext = Omit<CarCardProps, 'car' | 'priority'>;

export function PromoCard({ promo }: { promo: PromoContent }) {
  return (
    <aside className="promo-card" aria-label={promo.title}>
      {promo.image && <img src={promo.image} alt="" className="promo-card-image" loading="lazy" />}
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
  return <CarCard car={item.car} priority={index < 3} {...card} />;
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

/** Page numbers around the current page, with the first and last always reachable. */
export function pageWindow(page: number, totalPages: number, radius = 2): (number | 'gap')[] {
  const pages = new Set([1, totalPages]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= totalPages) pages.add(p);
  const sorted = [...pages].filter((p) => p >= 1).sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

export function Pagination({ page, totalPages, hrefOf, onPage }: { page: number; totalPages: number; hrefOf: (p: number) => string; onPage: (p: number) => void }) {
  if (totalPages <= 1) return null;
  const link = (p: number, label: string, extra: Record<string, string> = {}) => (
    <a
      href={hrefOf(p)}
      onClick={(e) => {
        e.preventDefault();
        onPage(p);
      }}
      {...extra}
    >
      {label}
    </a>
  );
  return (
    <nav className="pagination" aria-label="Search results pages">
      {page > 1 ? link(page - 1, 'Previous', { rel: 'prev', className: 'page-step' }) : <span className="page-step disabled">Previous</span>}
      <ul>
        {pageWindow(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} className="page-gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>{p === page ? <span aria-current="page">{p}</span> : link(p, String(p), { 'aria-label': `Page ${p}` })}</li>
          ),
        )}
      </ul>
      {page < totalPages ? link(page + 1, 'Next', { rel: 'next', className: 'page-step' }) : <span className="page-step disabled">Next</span>}
    </nav>
  );
}
