// Similar cars on the vehicle page (docs/requirements/vehicle-browsing.md#screens, #calls, #constants): searched in the
// browser once the section is within 500 px
// of the viewport, a skeleton meanwhile, then a carousel of result cards; nothing at all when there are none or the
// search fails. The section's id is the #similar-cars anchor other blocks may link to.
import { useRef } from 'react';
import type { ResolvedSimilarCarsProps as SimilarCarsProps } from '../../schemas/generated/block-props';
import { CarCardSkeleton } from '../../runtime/ui/car-card/CarCardSkeleton';
import { useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { useVehicle } from '../../runtime/ui/vehicle/client';
import type { Car } from '../../schemas/generated/car';
import type { PublicSite } from '../../runtime/renderer/site-context';
import { useSimilarCars } from './use-similar-cars';
// The skeleton's card styles: CarCard itself comes later, with the cars.
import '../../runtime/ui/car-card/styles.css';
import './styles.css';
import { resolvedSettings } from '../../runtime/domain/settings';

export const SIMILAR_CARS_ANCHOR = 'similar-cars';

function SimilarCarsSection({ car, site, props, headingId }: { car: Car; site: PublicSite; props: SimilarCarsProps; headingId: string }) {
  const sectionRef = useRef<HTMLElement>(null);
  const state = useSimilarCars(car, resolvedSettings(site.settings).vehicle.similarCars, sectionRef);
  const heading = props.heading || 'Similar Cars';

  if (state.phase === 'empty' || state.phase === 'failed') {
    // Kept (hidden) so the anchor still exists; no heading without cars.
    return <section id={SIMILAR_CARS_ANCHOR} ref={sectionRef} className="similar-cars" data-state={state.phase} hidden />;
  }
  if (state.phase !== 'ready') {
    return (
      <section
        id={SIMILAR_CARS_ANCHOR}
        ref={sectionRef}
        className="container similar-cars"
        data-state={state.phase}
        aria-busy={state.phase === 'loading'}
        aria-label="Loading similar cars"
      >
        <div className="similar-head">
          <span className="skeleton-line similar-heading-skeleton" />
        </div>
        <div className="similar-skeletons">
          {[0, 1, 2].map((i) => (
            <CarCardSkeleton key={i} />
          ))}
        </div>
      </section>
    );
  }
  const { SimilarCarousel } = state;
  return (
    <section id={SIMILAR_CARS_ANCHOR} ref={sectionRef} className="container similar-cars" data-state="ready">
      <SimilarCarousel
        cars={state.cars}
        labelledBy={headingId}
        card={{ settings: resolvedSettings(site.settings), nowMs: state.nowMs, site: site.slug }}
        head={
          <>
            <h2 id={headingId}>{heading}</h2>
            {props.intro && <p className="similar-intro">{props.intro}</p>}
          </>
        }
      />
    </section>
  );
}

export default function SimilarCars({ props, block }: BlockComponentProps<SimilarCarsProps>) {
  const site = useSite();
  const vehicle = useVehicle();
  if (!vehicle) return null;
  // Keyed by car: moving to another car's page starts afresh (a new search when its section comes near).
  return <SimilarCarsSection key={vehicle.car.id} car={vehicle.car} site={site} props={props} headingId={`${block.id}-heading`} />;
}
