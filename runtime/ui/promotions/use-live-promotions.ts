// Which of a list of promotions are live: the server's answer first (so the first paint is right and hydration
// agrees), then the browser's clock, re-checked at the next start or expiry of any of them.
import { useEffect, useState } from 'react';
import { isPromoWindowOpen, msUntilNextChange, type PromoWindow } from '../../domain/promotions/promo-window';
import { siteTimeZone } from '../../domain/time/site-time-zone';
import { useSite } from '../../renderer/site-context';

const MAX_TIMER_MS = 2 ** 31 - 1; // setTimeout's limit (about 24.8 days)

/** One flag per window; without server flags (an editor preview of a fixture) every item shows until the clock runs. */
export function useLivePromotions(windows: readonly PromoWindow[], serverLive: readonly boolean[] | undefined): boolean[] {
  const timeZone = siteTimeZone(useSite());
  const [live, setLive] = useState<boolean[]>(() => windows.map((_, i) => serverLive?.[i] ?? true));
  const key = `${timeZone} ${windows.map((w) => `${w.start ?? ''}|${w.expiry ?? ''}`).join(',')}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the content of the windows; a new array of the same windows must not restart the timer
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const now = Date.now();
      setLive(windows.map((w) => isPromoWindowOpen(w, now, timeZone)));
      const waits = windows.map((w) => msUntilNextChange(w, now, timeZone)).filter((w): w is number => w !== null);
      if (waits.length) timer = setTimeout(check, Math.min(Math.min(...waits), MAX_TIMER_MS));
    };
    check();
    return () => clearTimeout(timer);
  }, [key]);
  return live;
}
