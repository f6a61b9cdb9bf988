// A figure that counts to its new value (runtime/domain/motion/count-up.ts); at once for reduced motion.
import { useEffect, useRef, useState } from 'react';
import { COUNT_ANIMATION_MS, countUpValue } from '../domain/motion/count-up';
import { prefersReducedMotion } from './reduced-motion';

/**
 * The figure to show for `to`: the server renders `to` itself; once in the browser it counts from `from` (default: no
 * count at first), then from the figure shown to each new `to`.
 */
export function useCountUp(to: number, { duration = COUNT_ANIMATION_MS, from = to }: { duration?: number; from?: number } = {}): number {
  const [shown, setShown] = useState(to);
  const current = useRef(from);
  useEffect(() => {
    if (current.current === to || typeof requestAnimationFrame === 'undefined' || prefersReducedMotion()) {
      current.current = to;
      setShown(to);
      return;
    }
    const start = performance.now();
    const origin = current.current;
    let frame = 0;
    const tick = (now: number) => {
      const value = countUpValue(origin, to, now - start, duration);
      current.current = value;
      setShown(value);
      if (value !== to) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [to, duration]);
  return shown;
}
