// The monthly sales counter (seed 001 §9): Brisbane time, refreshed every 150 s, a 2 s count-up (none for shoppers
// who ask for reduced motion).
import { useEffect, useState } from 'react';
import { formatNumber } from '../../domain/format';
import { SALES_COUNTER_ANIMATION_MS, SALES_COUNTER_REFRESH_MS, salesCounterValue } from '../../domain/locations';

const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Counts up from `from` to `to` over the seed's 2 s. */
function useCountUp(from: number, to: number) {
  const [shown, setShown] = useState(to);
  useEffect(() => {
    if (from === to || typeof requestAnimationFrame === 'undefined' || prefersReducedMotion()) return setShown(to);
    const start = performance.now();
    let frame = 0;
    const step = (t: number) => {
      const progress = Math.min(1, (t - start) / SALES_COUNTER_ANIMATION_MS);
      setShown(Math.round(from + (to - from) * progress));
      if (progress < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [from, to]);
  return shown;
}

export function SalesCounter({ initial, label }: { initial: number; label: string }) {
  const [value, setValue] = useState({ from: 0, to: initial });
  useEffect(() => {
    const timer = setInterval(() => setValue((v) => ({ from: v.to, to: salesCounterValue(new Date()) })), SALES_COUNTER_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const shown = useCountUp(value.from, value.to);
  return (
    <div className="sales-counter">
      <p className="counter-value" aria-live="polite" data-value={value.to}>
        {formatNumber(shown)}
      </p>
      <p className="counter-label">{label}</p>
    </div>
  );
}
