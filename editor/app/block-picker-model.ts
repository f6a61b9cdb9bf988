// What the block picker lists: the block types a slot accepts, with the staff description and picker category of
// each (block-guide.ts), filtered by a search and a category. Pure, so the picker's rules are unit tested.
import { BLOCK_GUIDE, PICKER_CATEGORIES, type PickerCategory } from './block-guide';
import { blockTypes, type BlockType } from './doc-model';

export interface PickerEntry {
  type: string;
  title: string;
  description: string;
  category: PickerCategory;
}

/** Does a slot that accepts `allow` (schema categories; none = anything) take a block of this type? */
export function slotAccepts(allow: string[] | undefined, type: string): boolean {
  const info = blockTypes.find((b) => b.type === type);
  return !!info && (!allow || allow.includes(info.category));
}

const entryOf = (t: BlockType): PickerEntry => ({
  type: t.type,
  title: t.title,
  description: BLOCK_GUIDE[t.type]?.description ?? '',
  category: BLOCK_GUIDE[t.type]?.category ?? 'text',
});

const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * The picker's groups, in PICKER_CATEGORIES order: only the types the slot accepts, of the chosen category (all when
 * none), whose title, description or category contains every word of the search (word starts, so "fin" finds Finance).
 */
export function pickerGroups(
  allow: string[] | undefined,
  query = '',
  category?: PickerCategory,
): { id: PickerCategory; title: string; entries: PickerEntry[] }[] {
  const wanted = words(query);
  const titles = new Map<string, string>(PICKER_CATEGORIES.map((c) => [c.id, c.title]));
  const entries = blockTypes
    .filter((t) => slotAccepts(allow, t.type))
    .map(entryOf)
    .filter((e) => !category || e.category === category)
    .filter((e) => {
      const hay = words(`${e.title} ${e.description} ${titles.get(e.category)}`);
      return wanted.every((w) => hay.some((h) => h.startsWith(w)));
    });
  return PICKER_CATEGORIES.map((c) => ({ id: c.id, title: c.title, entries: entries.filter((e) => e.category === c.id) })).filter((g) => g.entries.length);
}

/** The categories that have something the slot accepts (the picker's category buttons). */
export const pickerCategories = (allow: string[] | undefined) => pickerGroups(allow).map(({ id, title, entries }) => ({ id, title, count: entries.length }));
