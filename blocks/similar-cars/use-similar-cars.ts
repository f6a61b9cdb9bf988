// Starts the similar cars search once the section comes within 500 px of the viewport (docs/requirements/vehicle-browsing.md#constants), never during
// render (so the server's HTML and the first browser render match), and at most once per car.
import { useEffect, useState, type RefObject } from 'react';
import type { Car } from '../../schemas/generated/car';
import type { ResolvedVehicleSimilarCarsSettings } from '../../runtime/domain/settings';
import type { SimilarSourceCar } from '../../runtime/domain/vehicle';
import { fetchSimilarCars, TRIGGER_MARGIN_PX } from './similar-client';
import type { SimilarCarousel as SimilarCarouselComponent } from './SimilarCarousel';

export type SimilarCarsState =
  | { phase: 'idle' }
  | { phase: 'loading' }
  /**
   * nowMs: the clock the cards decide tag banners with, read when the answer arrived. SimilarCarousel: the carousel's
   * code (cards, keen-slider), downloaded with the search rather than with the page.
   */
  | { phase: 'ready'; cars: Car[]; nowMs: number; SimilarCarousel: typeof SimilarCarouselComponent }
  | { phase: 'empty' }
  | { phase: 'failed' };

export function useSimilarCars(
  car: SimilarSourceCar | undefined,
  settings: ResolvedVehicleSimilarCarsSettings,
  sectionRef: RefObject<HTMLElement | null>,
): SimilarCarsState {
  const [state, setState] = useState<SimilarCarsState>({ phase: 'idle' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: one search per car: the component is keyed by the car id, so these do not change while it lives
  useEffect(() => {
    const section = sectionRef.current;
    if (!car || !section) return;
    const controller = new AbortController();
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      setState({ phase: 'loading' });
      Promise.all([fetchSimilarCars(car, settings, { signal: controller.signal }), import('./SimilarCarousel')])
        .then(([cars, { SimilarCarousel }]) => setState(cars.length > 0 ? { phase: 'ready', cars, nowMs: Date.now(), SimilarCarousel } : { phase: 'empty' }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          // docs/requirements/vehicle-browsing.md#errors style: the section stays hidden, the reason goes to the console only.
          console.error('Failed to fetch similar cars.', error);
          setState({ phase: 'failed' });
        });
    };
    if (typeof IntersectionObserver === 'undefined') {
      start();
      return () => controller.abort();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          observer.disconnect();
          start();
        }
      },
      { rootMargin: `${TRIGGER_MARGIN_PX}px 0px` },
    );
    observer.observe(section);
    return () => {
      observer.disconnect();
      controller.abort();
    };
    // One search per car: the component is keyed by the car's id, so these do not change while it lives.
  }, []);

  return state;
}
