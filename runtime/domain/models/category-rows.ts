// The range browser's category buttons (docs/requirements/dealer-services.md#screens): one per body type with an All option, split into rows
// (the first 3 or 2, then up to index 8, then the rest) unless shown on a single line.

export interface CategoryButton {
  /** '' for All. */
  value: string;
  label: string;
}

const ALL_CATEGORY: CategoryButton = { value: '', label: 'All' };

/** Where the second row ends: buttons up to index 8 (exclusive) share it. */
const SECOND_ROW_END = 8;

/**
 * All, then each body type the models come as, in order of first appearance (so the document's model order decides),
 * without repeats.
 */
export function categoryButtons(models: readonly { body: readonly string[] }[], allLabel = ALL_CATEGORY.label): CategoryButton[] {
  const seen = new Set<string>();
  const buttons: CategoryButton[] = [{ value: '', label: allLabel }];
  for (const model of models) {
    for (const body of model.body) {
      const key = body.toLowerCase();
      if (!body || seen.has(key)) continue;
      seen.add(key);
      buttons.push({ value: body, label: body });
    }
  }
  return buttons;
}

/**
 * Splits the buttons into rows: the first `firstRow` (3 or 2), then those up to index 8, then the rest; one row when
 * `singleLine`. Empty rows are left out.
 */
export function categoryRows<T>(buttons: readonly T[], options: { firstRow?: 2 | 3; singleLine?: boolean } = {}): T[][] {
  if (options.singleLine) return buttons.length ? [[...buttons]] : [];
  const first = options.firstRow ?? 3;
  const rows = [buttons.slice(0, first), buttons.slice(first, SECOND_ROW_END), buttons.slice(Math.max(first, SECOND_ROW_END))];
  return rows.filter((row) => row.length > 0);
}

/** The models of a category ('' is All), keeping their order. */
export function modelsInCategory<M extends { body: readonly string[] }>(models: readonly M[], category: string): M[] {
  if (!category) return [...models];
  const key = category.toLowerCase();
  return models.filter((m) => m.body.some((b) => b.toLowerCase() === key));
}

/** docs/requirements/dealer-services.md#screens: a carousel only when there is more than one model. */
export const showsCarousel = (modelCount: number): boolean => modelCount > 1;
