import { useEffect, useState } from 'react';
import type { SalesCounterProps } from '../../schemas/generated/tenant';
import { formatNumber } from '../../runtime/domain/format';
import { SALES_COUNTER_ANIMATION_MS, SALES_COUNTER_REFRESH_MS, salesCounterValue } from '../../runtime/domain/locations';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import type { SalesCounterData } from './loader';

/** Counts up from `from` to `to` over the seed's 2 s. */
function useCountUp(from: number, to: number) {
  const [shown, setShown] = useState(to);
  useEffect(() => {
    if (from === to || typeof requestAnimationFrame === 'undefined') return setShown(to);
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

export default function SalesCounter({ props, data }: BlockComponentProps<SalesCounterProps, SalesCounterData>) {
  const [value, setValue] = useState({ from: 0, to: data?.value ?? 0 });
  useEffect(() => {
    const timer = setInterval(() => setValue((v) => ({ from: v.to, to: salesCounterValue(new Date()) })), SALES_COUNTER_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const shown = useCountUp(value.from, value.to);
  return (
    <div className="container sales-counter">
      <p className="counter-value" aria-live="polite" data-value={value.to}>
        {formatNumber(shown)}
      </p>
      <p className="counter-label">{props.label}</p>
    </div>
  );
}
