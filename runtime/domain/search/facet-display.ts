// How facet lists are shown in the filter sidebar and hero dropdowns (docs/requirements/vehicle-browsing.md#screens, #constants).
import { formatNumber } from '../format';
import type { FacetItem } from './refinement-labels';
import type { ResolvedSearchSettings } from './settings';

const SHOW_ALL_MAKES_LABEL = 'Show all makes';
const POPULAR_MAKES_TITLE = 'Popular Makes';
const ALL_MAKES_TITLE = 'All Makes';
export const SELECT_MODELS_LABEL = 'Select models';
const HIDE_MODELS_LABEL = 'Hide';
export const ALL_OPTION_LABEL = 'All';

interface FacetGroup {
  /** null for an untitled list. */
  title: string | null;
  items: FacetItem[];
}

export interface MakeListDisplay {
  groups: FacetGroup[];
  /** 'Show all makes' while some makes are hidden, otherwise null. */
  showAllLabel: string | null;
}

/** Most stock first, then alphabetical, so "popular" means most cars. */
function byPopularity(items: FacetItem[]): FacetItem[] {
  return [...items].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

const byLabel = (items: FacetItem[]) => [...items].sort((a, b) => a.label.localeCompare(b.label));

/**
 * docs/requirements/vehicle-browsing.md#screens: 7 makes before 'Show all makes'; some sites use a popular-makes count instead;
 * another splits 'Popular Makes' (the first 20) from the rest under 'All Makes'.
 */
export function makeListDisplay(
  makes: FacetItem[],
  settings: Pick<ResolvedSearchSettings, 'makeListMode' | 'makesShownBeforeShowAll' | 'popularMakesCount'>,
  expanded = false,
): MakeListDisplay {
  const popular = byPopularity(makes);
  if (settings.makeListMode === 'popularSplit') {
    const head = popular.slice(0, settings.popularMakesCount);
    const rest = byLabel(popular.slice(settings.popularMakesCount));
    const groups: FacetGroup[] = [{ title: POPULAR_MAKES_TITLE, items: head }];
    if (rest.length) groups.push({ title: ALL_MAKES_TITLE, items: rest });
    return { groups, showAllLabel: null };
  }
  const shown = settings.makeListMode === 'popularCount' ? settings.popularMakesCount : settings.makesShownBeforeShowAll;
  if (expanded || popular.length <= shown) return { groups: [{ title: null, items: popular }], showAllLabel: null };
  return { groups: [{ title: null, items: popular.slice(0, shown) }], showAllLabel: SHOW_ALL_MAKES_LABEL };
}

export interface ModelListDisplay {
  /** Models of the make ('Make:Model' values of make_model), at most the limit; empty while collapsed. */
  items: FacetItem[];
  toggleLabel: typeof SELECT_MODELS_LABEL | typeof HIDE_MODELS_LABEL;
}

/** docs/requirements/vehicle-browsing.md#screens: a make expands into a make_model list limited to 30 items, toggled by 'Select models' / 'Hide'. */
export function modelListDisplay(makeModels: FacetItem[], make: string, expanded: boolean, limit = 30): ModelListDisplay {
  if (!expanded) return { items: [], toggleLabel: SELECT_MODELS_LABEL };
  const prefix = `${make}:`;
  const items = byLabel(makeModels.filter((m) => m.value.startsWith(prefix))).slice(0, limit);
  return { items, toggleLabel: HIDE_MODELS_LABEL };
}

export interface FacetSelectOption {
  /** '' for 'All'. */
  value: string;
  label: string;
  count: number;
  /** 'Toyota (12)'; 'All' carries no count. */
  text: string;
}

/** docs/requirements/vehicle-browsing.md#screens: a select / dropdown / native select facet with an 'All' option and per-option counts. */
export function facetSelectOptions(items: FacetItem[], totalCount: number): [FacetSelectOption, ...FacetSelectOption[]] {
  return [
    { value: '', label: ALL_OPTION_LABEL, count: totalCount, text: ALL_OPTION_LABEL },
    ...items.map((i) => ({ value: i.value, label: i.label, count: i.count, text: `${i.label} (${formatNumber(i.count)})` })),
  ];
}

/** docs/requirements/vehicle-browsing.md#screens: the 'Show Me N cars' button. */
export function showMeCarsLabel(count: number): string {
  return `Show Me ${formatNumber(count)} cars`;
}
