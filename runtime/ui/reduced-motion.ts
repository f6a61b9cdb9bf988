// The shopper's "reduce motion" preference (WCAG 2.3.3): count-ups jump to their value, auto-rotation stays still,
// and the stylesheet turns transitions and animations off (runtime/renderer/styles/site.css).
import { useEffect, useState } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

export const prefersReducedMotion = (): boolean => typeof matchMedia === 'function' && matchMedia(QUERY).matches;

/** Follows the preference while the page is open (false on the server, so markup is the same on both sides). */
export function useReducedMotion(): boolean {
  const [reduce, setReduce] = useState(false);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const list = matchMedia(QUERY);
    setReduce(list.matches);
    const onChange = () => setReduce(list.matches);
    list.addEventListener?.('change', onChange);
    return () => list.removeEventListener?.('change', onChange);
  }, []);
  return reduce;
}
