// A carousel of cards on keen-slider (the similar cars, the dealership cards): previous and next that know the ends,
// arrow keys with Home and End on the focused carousel, and a card reached by Tab slid into view.
import { useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useKeenSlider, type KeenSliderOptions } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { prefersReducedMotion } from '../reduced-motion';

export interface Edges {
  atStart: boolean;
  atEnd: boolean;
}

export type CarouselMove = 'prev' | 'next' | 'first' | 'last';

/** Whether the track stands at its first or last stop (both when every card fits). */
export function trackEdges(details: { abs: number; minIdx: number; maxIdx: number } | null | undefined): Edges {
  if (!details) return { atStart: true, atEnd: false };
  return { atStart: details.abs <= details.minIdx, atEnd: details.abs >= details.maxIdx };
}

const KEY_MOVES: Record<string, CarouselMove> = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' };

/** The move a key asks for on the carousel, or undefined (a modified key, or a key typed into a field on a card). */
export function keyMove(key: string, modified: boolean, target: Element | null): CarouselMove | undefined {
  const move = KEY_MOVES[key];
  if (!move || modified) return undefined;
  // Arrow keys inside a select or a text field (the hours type selector) keep their own meaning.
  if (target?.closest('select, input, textarea')) return undefined;
  return move;
}

/** slides: the cards per view and their spacing, at the narrowest width and at the `breakpoints` (media queries). */
export function useCardCarousel(count: number, slides: Pick<KeenSliderOptions, 'slides' | 'breakpoints'>) {
  // Before keen-slider measures, assume the start (the first render must match the server's).
  const [edges, setEdges] = useState<Edges>({ atStart: true, atEnd: count <= 1 });
  const sync = (s: { track: { details: Parameters<typeof trackEdges>[0] } }) => setEdges(trackEdges(s.track.details));
  const [trackRef, slider] = useKeenSlider<HTMLDivElement>({
    ...slides,
    // Reduced motion: previous and next move at once instead of sliding.
    ...(prefersReducedMotion() ? { defaultAnimation: { duration: 0 } } : {}),
    created: sync,
    updated: sync,
    optionsChanged: sync,
    slideChanged: sync,
    animationEnded: sync,
  });

  const go = (to: CarouselMove) => {
    const s = slider.current;
    if (!s) return;
    if (to === 'prev') s.prev();
    else if (to === 'next') s.next();
    else s.moveToIdx(to === 'first' ? s.track.details.minIdx : s.track.details.maxIdx);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const move = keyMove(e.key, e.altKey || e.ctrlKey || e.metaKey, e.target as Element);
    if (!move) return;
    e.preventDefault();
    go(move);
  };

  // A card reached by Tab may sit outside the window: undo the browser's scroll of the clipped track and slide to it.
  const onSlideFocus = (index: number) => (e: FocusEvent<HTMLElement>) => {
    const s = slider.current;
    if (!s) return;
    s.container.scrollLeft = 0;
    if (e.currentTarget.parentElement) e.currentTarget.parentElement.scrollLeft = 0;
    const details = s.track.details;
    const portion = details?.slides[index]?.portion;
    if (details && portion !== undefined && portion < 0.99) s.moveToIdx(Math.min(Math.max(index, details.minIdx), details.maxIdx));
  };

  return { trackRef, edges, go, onKeyDown, onSlideFocus };
}
