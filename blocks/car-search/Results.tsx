// The result grid (docs/requirements/vehicle-browsing.md#screens): car cards with promo cards at their positions, a carousel mode, the empty card and
// pagination.
import type { GridItem } from '../../runtime/domain/search';
import type { EmptyResults } from '../../runtime/domain/search';
import { CarCard, type CarCardProps } from '../../runtime/ui/car-card/CarCard';
import { CarCardSkeleton } from '../../runtime/ui/car-card/CarCardSkeleton';
import type { CardCarData } from '../../runtime/ui/car-card/card-model';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';

export interface PromoContent {
  title: string;
  text?: string;
  image?: string;
  buttonLabel?: string;
  href?: string;
}

export type CardContext = Omit<CarCardProps, 'car' | 'imageLoading'>;

function PromoCard({ promo }: { promo: PromoContent }) {
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

export function GridCell({ item, index, card }: { item: GridItem<CardCarData, PromoContent>; index: number; card: CardContext }) {
  if (item.kind === 'promo') return <PromoCard promo={item.promo.node} />;
  return <CarCard car={item.car} imageLoading={index === 0 ? 'priority' : index < 3 ? 'eager' : 'lazy'} {...card} />;
}

export const itemKey = (item: GridItem<CardCarData, PromoContent>, i: number) => (item.kind === 'car' ? `car-${item.car.id}` : `promo-${item.position}-${i}`);

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

export function SkeletonGrid({ count = 6 }: { count?: number }) {
  return (
    <ol className="result-grid" aria-busy="true" aria-label="Loading results">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders while loading: a fixed count with no identity
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
