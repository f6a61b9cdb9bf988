// Promo cards interleaved in the result grid (docs/requirements/vehicle-browsing.md#screens, #data "Promo node"; docs/requirements/dealer-services.md#screens).
import { PROMO_FIRST_POSITION_JITTER } from './constants';

/** docs/requirements/vehicle-browsing.md#data: start, expiry, position, display, strictDisplay, node. */
export interface PromoNode<N = unknown> {
  /** ISO date-time or epoch milliseconds; missing means already started. */
  start?: string | number | null;
  /** ISO date-time or epoch milliseconds; missing means no expiry. */
  expiry?: string | number | null;
  /** 1-based grid position; overrides the site's promoPositions slot. */
  position?: number | null;
  /** false hides the promo. */
  display?: boolean | null;
  /**
   * Our reading (the seed names the field only): a strict promo shows only at its exact position, so it
   * is dropped when the page has fewer cards than that; a non-strict one then goes at the end of the page.
   */
  strictDisplay?: boolean | null;
  node: N;
}

export type GridItem<C, N> = { kind: 'car'; car: C } | { kind: 'promo'; promo: PromoNode<N>; position: number };

function toMs(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** docs/requirements/dealer-services.md#screens: promotion cards show only between a start and an expiry time (both inclusive). */
export function isPromoLive(promo: Pick<PromoNode, 'start' | 'expiry' | 'display'>, nowMs: number): boolean {
  if (promo.display === false) return false;
  const start = toMs(promo.start);
  const expiry = toMs(promo.expiry);
  return (start === null || nowMs >= start) && (expiry === null || nowMs <= expiry);
}

/**
 * docs/requirements/vehicle-browsing.md#screens: one site randomises the first position within 3 of the base. `random` returns [0, 1)
 * like Math.random and is injected so tests and server renders are repeatable.
 */
export function promoPositions(basePositions: readonly number[], randomiseFirst: boolean, random: () => number = Math.random): number[] {
  const positions = [...basePositions];
  const first = positions[0];
  if (randomiseFirst && first !== undefined) {
    const span = 2 * PROMO_FIRST_POSITION_JITTER + 1;
    const offset = Math.min(span - 1, Math.floor(random() * span)) - PROMO_FIRST_POSITION_JITTER;
    positions[0] = Math.max(1, first + offset);
  }
  return positions;
}

/**
 * Places live promos among the cars at their grid positions (promo i uses its own position, else
 * positions[i]; promos without a position are left out). Empty result lists get no promos.
 */
export function interleavePromos<C, N>(cars: readonly C[], promos: readonly PromoNode<N>[], positions: readonly number[], nowMs: number): GridItem<C, N>[] {
  const grid: GridItem<C, N>[] = cars.map((car) => ({ kind: 'car', car }));
  if (!cars.length) return grid;
  const placed = promos
    .map((promo, i) => ({ promo, position: promo.position ?? positions[i] }))
    .filter((p): p is { promo: PromoNode<N>; position: number } => typeof p.position === 'number' && p.position >= 1)
    .filter((p) => isPromoLive(p.promo, nowMs))
    .sort((a, b) => a.position - b.position);
  for (const { promo, position } of placed) {
    if (position - 1 <= grid.length) grid.splice(position - 1, 0, { kind: 'promo', promo, position });
    else if (!promo.strictDisplay) grid.push({ kind: 'promo', promo, position: grid.length + 1 });
  }
  return grid;
}
