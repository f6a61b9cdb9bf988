// Starting content from the blocks' own fixtures (blocks/*/fixtures.json, their named examples): the palette inserts a
// block with its first fixture's props, and a new page starts from a preset layout of fixtures.
import type { BlockNode } from '../../runtime/document/blocks';
import { withDatesFromToday } from '../../runtime/document/dated-blocks';

const fixtures = import.meta.glob<unknown[]>('../../blocks/*/fixtures.json', { eager: true, import: 'default' });

/** The fixtures (example props) of a block type, in file order. */
export function fixturesOf(type: string): Record<string, unknown>[] {
  const list = fixtures[`../../blocks/${type}/fixtures.json`];
  return Array.isArray(list) ? (list.filter((f) => f && typeof f === 'object') as Record<string, unknown>[]) : [];
}

interface PresetBlock {
  type: string;
  fixture: number;
  /** The page title goes into this prop (the hero's heading). */
  titleProp?: string;
}

interface PagePreset {
  id: string;
  name: string;
  blocks: PresetBlock[];
}

// Never empty: the first preset is the default choice.
export const PAGE_PRESETS: [PagePreset, ...PagePreset[]] = [
  {
    id: 'content',
    name: 'Content page (heading and text)',
    blocks: [
      { type: 'hero', fixture: 1, titleProp: 'heading' },
      { type: 'rich-text', fixture: 0 },
    ],
  },
  {
    id: 'contact',
    name: 'Contact page (enquiry form and locations)',
    blocks: [
      { type: 'hero', fixture: 1, titleProp: 'heading' },
      { type: 'enquiry-form', fixture: 0 },
      { type: 'location-list', fixture: 0 },
    ],
  },
  {
    id: 'promotion',
    name: 'Promotion page (banner, features, call to action)',
    blocks: [
      { type: 'hero', fixture: 0, titleProp: 'heading' },
      { type: 'feature-grid', fixture: 0 },
      { type: 'cta-banner', fixture: 0 },
    ],
  },
  { id: 'blank', name: 'Blank page', blocks: [] },
];

/**
 * The blocks of a preset for a page titled `title` (ids are made unique when the page is added); dates in the examples
 * run from today on the site's clock (`clock`), not the fixtures' fixed dates.
 */
export function presetBlocks(presetId: string, title: string, clock?: { now: number; timeZone: string }): BlockNode[] {
  const preset = PAGE_PRESETS.find((p) => p.id === presetId) ?? PAGE_PRESETS[0];
  return preset.blocks.flatMap(({ type, fixture, titleProp }) => {
    const props = fixturesOf(type)[fixture] ?? fixturesOf(type)[0];
    if (!props) return [];
    const copy = clock ? withDatesFromToday(structuredClone(props), clock.now, clock.timeZone) : structuredClone(props);
    if (titleProp && title.trim()) copy[titleProp] = title.trim();
    return [{ id: type, type, props: copy }];
  });
}
