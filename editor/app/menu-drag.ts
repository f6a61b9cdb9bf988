// Where a menu row dragged by the pointer lands (MenuTree.tsx): pure, so the rule is tested without a browser.

/**
 * The drop of a row dragged from index `from` of its list, given the vertical middles of the list's rows (in order,
 * the dragged one included) and the pointer's y: `slot` is the gap it would go into (0 before the first row, the
 * row count after the last), the indicator's place; `to` is the index it takes after the move (`from` when it stays).
 */
export function menuDropTarget(middles: readonly number[], y: number, from: number): { slot: number; to: number } {
  const slot = middles.filter((middle) => middle < y).length;
  return { slot, to: slot > from ? slot - 1 : slot };
}
