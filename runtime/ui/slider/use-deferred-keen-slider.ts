// keen-slider created on the first hover, touch, focus or key over a slider rather than at hydration: its code (6.6 KB
// compressed) is then not part of a page's first load, nor its setup (60-70 ms at 4x CPU on a vehicle page) part of
// hydration. Until then the server's markup shows the first slide. An action asked for before the slider exists (an
// arrow, a thumbnail) runs once it does, and a first swipe made before it existed still changes the slide.
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import type { KeenSliderInstance, KeenSliderOptions } from 'keen-slider';

/** How far a first swipe (before the slider could follow it) must go to change the slide. */
const SWIPE_PX = 40;

export interface DeferredKeenSlider<T extends HTMLElement> {
  /** The slides' container (the element with the keen-slider class). */
  ref: (element: T | null) => void;
  /** The slider once created. */
  slider: { readonly current: KeenSliderInstance | null };
  /** Runs an action on the slider, creating it first when needed. */
  run: (action: (slider: KeenSliderInstance) => void) => void;
  /** While its code downloads (for aria-busy). */
  loading: boolean;
  /** Handlers for the element around the slider: they create it on first use. */
  triggers: {
    onPointerEnter: () => void;
    onFocus: () => void;
    onPointerDown: (event: PointerEvent) => void;
    onPointerUp: (event: PointerEvent) => void;
  };
}

export function useDeferredKeenSlider<T extends HTMLElement>(options: KeenSliderOptions): DeferredKeenSlider<T> {
  const container = useRef<T | null>(null);
  const slider = useRef<KeenSliderInstance | null>(null);
  const creating = useRef<Promise<KeenSliderInstance | null> | null>(null);
  const latestOptions = useRef(options);
  latestOptions.current = options;
  const swipeFrom = useRef<number | null>(null);
  const [loading, setLoading] = useState(false);

  const create = useCallback((): Promise<KeenSliderInstance | null> => {
    if (creating.current) return creating.current;
    setLoading(true);
    creating.current = import('keen-slider')
      .then(({ default: KeenSlider }) => {
        const element = container.current;
        if (!element) return null;
        slider.current = new KeenSlider(element, latestOptions.current);
        return slider.current;
      })
      .catch((error: unknown) => {
        // Offline or a new deploy: the slides stay as the server drew them; the next use tries again.
        console.error('The slider could not load.', error);
        creating.current = null;
        return null;
      })
      .finally(() => setLoading(false));
    return creating.current;
  }, []);

  const run = useCallback(
    (action: (s: KeenSliderInstance) => void) => {
      if (slider.current) action(slider.current);
      else void create().then((s) => s && action(s));
    },
    [create],
  );

  const ref = useCallback((element: T | null) => {
    container.current = element;
    if (!element) {
      slider.current?.destroy();
      slider.current = null;
      creating.current = null;
    }
  }, []);

  useEffect(() => () => slider.current?.destroy(), []);

  const triggers = {
    onPointerEnter: () => void create(),
    onFocus: () => void create(),
    onPointerDown: (event: PointerEvent) => {
      swipeFrom.current = slider.current ? null : event.clientX;
      void create();
    },
    onPointerUp: (event: PointerEvent) => {
      const from = swipeFrom.current;
      swipeFrom.current = null;
      if (from === null) return;
      const moved = event.clientX - from;
      if (Math.abs(moved) >= SWIPE_PX) run((s) => (moved < 0 ? s.next() : s.prev()));
    },
  };

  return { ref, slider, run, loading, triggers };
}
