// Count-up animations of figures: 1 s by default (the Show Me N cars button, stats figures), 2 s for the sales counter.

export const COUNT_ANIMATION_MS = 1000;

/** The whole number shown `t` ms into a count from `from` to `to` over `duration` (ease-out). */
export function countUpValue(from: number, to: number, t: number, duration = COUNT_ANIMATION_MS): number {
  if (t >= duration) return to;
  const p = Math.max(0, t) / duration;
  return Math.round(from + (to - from) * (1 - (1 - p) ** 3));
}

/** '50+' -> { number: 50, prefix: '', suffix: '+' }; '$1.2m' has no whole number to count, so null. */
export function countableFigure(value: string): { prefix: string; number: number; suffix: string } | null {
  const match = /^(\D*?)(\d{1,3}(?:,\d{3})*|\d+)(\D*)$/.exec(value.trim());
  if (!match) return null;
  const [, prefix = '', digits = '', suffix = ''] = match;
  return { prefix, number: Number(digits.replace(/,/g, '')), suffix };
}
