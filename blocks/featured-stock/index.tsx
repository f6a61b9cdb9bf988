// Featured stock on a home page: real search cards of the site's own cars in a CSS scroll-snap track. The server HTML
// works without code (swipe, scroll, keyboard on the focusable track, every link); the previous / next buttons load
// the block's code when first pressed (the press is replayed), so the page ships no script for it.
import { useRef, useState } from 'react';
import type { ResolvedFeaturedStockProps as FeaturedStockProps } from '../../schemas/generated/block-props';
import { resolvedSettings } from '../../runtime/domain/settings';
import { useSite } from '../../runtime/renderer/site-context';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { CarCard } from '../../runtime/ui/car-card/CarCard';
import { CarCardSkeleton } from '../../runtime/ui/car-card/CarCardSkeleton';
import { prefersReducedMotion } from '../../runtime/ui/reduced-motion';
import type { FeaturedStockData } from './loader';
import './styles.css';

/** How far one press moves: the cards wholly in view, at least one. */
function pageStep(track: HTMLElement): number {
  const first = track.firstElementChild as HTMLElement | null;
  if (!first) return track.clientWidth;
  const gap = Number.parseFloat(getComputedStyle(track).columnGap) || 0;
  const card = first.getBoundingClientRect().width + gap;
  return Math.max(1, Math.floor((track.clientWidth + gap) / card)) * card;
}

export default function FeaturedStock({ props, data, block }: BlockComponentProps<FeaturedStockProps, FeaturedStockData | undefined>) {
  const site = useSite();
  const trackRef = useRef<HTMLOListElement>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });
  const headingId = `${block.id}-heading`;
  if (!data) {
    // The editor's preview has no loader data: show the shape the cars will take.
    return (
      <section className="container featured-stock" aria-labelledby={headingId} aria-busy="true">
        <h2 id={headingId}>{props.heading}</h2>
        <div className="featured-track">
          {[0, 1, 2].map((i) => (
            <CarCardSkeleton key={i} />
          ))}
        </div>
      </section>
    );
  }
  const { cars } = data;
  if (!cars.length) return null;
  const settings = resolvedSettings(site.settings);
  const viewAll = props.viewAllHref || settings.search.searchPath;

  const syncEdges = () => {
    const track = trackRef.current;
    if (!track) return;
    setEdges({ atStart: track.scrollLeft <= 1, atEnd: track.scrollLeft + track.clientWidth >= track.scrollWidth - 1 });
  };
  const move = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (!track) return;
    track.scrollBy({ left: direction * pageStep(track), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  return (
    <section className="container featured-stock" aria-labelledby={headingId} data-count={cars.length}>
      <div className="featured-head">
        <div>
          <h2 id={headingId}>{props.heading}</h2>
          {props.intro && <p className="featured-intro">{props.intro}</p>}
        </div>
        <div className="featured-controls">
          <button type="button" className="featured-arrow" aria-label="Previous cars" disabled={edges.atStart} onClick={() => move(-1)}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="featured-arrow" aria-label="Next cars" disabled={edges.atEnd} onClick={() => move(1)}>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      {/* A focusable scroll region: arrow keys scroll it before any code loads. */}
      <ol ref={trackRef} className="featured-track" aria-labelledby={headingId} tabIndex={0} onScroll={syncEdges}>
        {cars.map((car) => (
          <li key={car.id} className="featured-slide">
            <CarCard car={car} settings={settings} nowMs={data.nowMs} site={site.slug} />
          </li>
        ))}
      </ol>
      {props.viewAllLabel && (
        <p className="featured-all">
          <SiteLink href={viewAll} className="button button-secondary">
            {props.viewAllLabel}
          </SiteLink>
        </p>
      )}
    </section>
  );
}
