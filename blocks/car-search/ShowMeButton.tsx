// 'Show Me N cars' (seed 000 §2): goes to the current results; N counts to its new value over 1 s.
import { useEffect, useRef, useState } from 'react';
import { SHOW_ME_COUNT_ANIMATION_MS, showMeCarsLabel } from '../../runtime/domain/search';
import { prefersReducedMotion } from '../../runtime/ui/reduced-motion';

/** The count shown t ms into an animation from `from` to `to` (ease-out, whole numbers). */
export function animatedCount(from: number, to: number, t: number, duration = SHOW_ME_COUNT_ANIMATION_MS): number {
  if (t >= duration) return to;
  const p = Math.max(0, t) / duration;
  return Math.round(from + (to - from) * (1 - (1 - p) ** 3));
}

export function ShowMeButton({ count, onClick }: { count: number; onClick: () => void }) {
  const [shown, setShown] = useState(count);
  const from = useRef(count);
  useEffect(() => {
    // Reduced motion: the new count at once, no count-up.
    if (prefersReducedMotion()) {
      from.current = count;
      setShown(count);
      return;
    }
    const start = performance.now();
    const origin = from.current;
    let frame = 0;
    const tick = (now: number) => {
      const value = animatedCount(origin, count, now - start);
      from.current = value;
      setShown(value);
      if (value !== count) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [count]);
  return (
    <button type="button" className="button button-primary show-me-button" onClick={onClick} aria-label={showMeCarsLabel(count)}>
      {showMeCarsLabel(shown)}
    </button>
  );
}
