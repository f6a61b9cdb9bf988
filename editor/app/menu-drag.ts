// Where a menu row dragged by the pointer lands (MenuTree.tsx): pure, so the rule is tested without a browser.

/** How far right (px) a top-level row is dragged before it is dropped under the row above instead of beside it. */
export const NEST_OFFSET = 40;

/**
 * The drop of a row dragged from index `from` of its list, given the vertical middles of the list's rows (in order,
 * the dragged one included) and the pointer's y: `slot` is the gap it would go into (0 before the first row, the
 * row count after the last), the indicator's place; `to` is the index it takes after the move (`from` when it stays).
 * With `nest` (the row was dragged right, in a menu whose rows can nest), `under` is the index of the row it would go
 * under: the row above the gap, not counting the dragged row itself; none above the first row.
 */
export function menuDropTarget(middles: readonly number[], y: number, from: number, nest = false): { slot: number; to: number; under?: number } {
  const slot = middles.filter((middle) => middle < y).length;
  const to = slot > from ? slot - 1 : slot;
  if (!nest) return { slot, to };
  const above = slot - 1 === from ? from - 1 : slot - 1;
  return above < 0 ? { slot, to } : { slot, to, under: above };
}
