// The monthly sales counter (docs/requirements/dealer-services.md#constants): Brisbane time, refreshed every 150 s, a 2 s count-up (none for shoppers
// who ask for reduced motion).
import { useEffect, useState } from 'react';
import { formatNumber } from '../../domain/format';
import { SALES_COUNTER_ANIMATION_MS, SALES_COUNTER_REFRESH_MS, salesCounterValue } from '../../domain/locations';
import { useCountUp } from '../count-up';

export function SalesCounter({ initial, label }: { initial: number; label: string }) {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const timer = setInterval(() => setValue(salesCounterValue(new Date())), SALES_COUNTER_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  // counts up from 0 when it first shows, then from the figure shown to each refreshed one
  const shown = useCountUp(value, { duration: SALES_COUNTER_ANIMATION_MS, from: 0 });
  return (
    <div className="sales-counter">
      <p className="counter-value" aria-live="polite" data-value={value}>
        {formatNumber(shown)}
      </p>
      <p className="counter-label">{label}</p>
    </div>
  );
}
