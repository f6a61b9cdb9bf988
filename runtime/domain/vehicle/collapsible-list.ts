// Lists shown N items first with a Show/Hide toggle (docs/requirements/vehicle-browsing.md#screens, #constants).

export interface CollapsibleListRule {
  limit: number;
  showLabel: string;
  hideLabel: string;
}

export const KEY_INFO_LIST: CollapsibleListRule = { limit: 4, showLabel: 'Show More', hideLabel: 'Show Less' }; // key info first 4
export const ALL_SPECS_LIST: CollapsibleListRule = { limit: 4, showLabel: 'Show All Specs', hideLabel: 'Hide Specs' };
export const FEATURES_LIST: CollapsibleListRule = { limit: 8, showLabel: 'Show All', hideLabel: 'Hide' };

export interface CollapsibleList<T> {
  shown: T[];
  /** Toggle label, or null when everything fits within the limit. */
  toggleLabel: string | null;
}

export function collapsibleList<T>(items: readonly T[], rule: CollapsibleListRule, expanded = false): CollapsibleList<T> {
  if (items.length <= rule.limit) return { shown: [...items], toggleLabel: null };
  return expanded ? { shown: [...items], toggleLabel: rule.hideLabel } : { shown: items.slice(0, rule.limit), toggleLabel: rule.showLabel };
}
