// Content images need a text alternative. An image prop names its alt prop with "x-alt" (a prop name, or
// { prop, decorativeWhen } when a sibling's value makes the picture decoration, e.g. a hero's backdrop). Staff either
// describe the picture or mark it decorative, which stores an explicit empty text; leaving the alt out is the error.
// Block props and the rest of the document (the site logo, location photos) follow the same rule.
import type { Check } from './types';
import { blockDefinition, checkedBlocks } from './page-blocks';

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
type Schema = Record<string, any>;

export const ALT_MISSING = 'describe what this image shows for shoppers who cannot see it, or mark it "Decorative" when it adds nothing to the page';
export const ALT_BLANK = 'the image description is only spaces: describe the image, or mark it "Decorative" to leave it empty';

export interface AltRule {
  prop: string;
  decorativeWhen?: Record<string, unknown>;
}

/** The alt rule of an image prop's schema, or undefined for a prop without one. */
export function altRule(schema: Schema | undefined): AltRule | undefined {
  const rule = schema?.['x-alt'];
  if (typeof rule === 'string') return { prop: rule };
  if (rule && typeof rule === 'object' && typeof rule.prop === 'string') return rule as AltRule;
  return undefined;
}

/** What is wrong with an object's alt text for its image prop `key` (undefined when nothing is). */
function altProblem(obj: Record<string, unknown>, key: string, rule: AltRule): string | undefined {
  const image = obj[key];
  if (typeof image !== 'string' || image.trim() === '') return undefined;
  if (rule.decorativeWhen && Object.entries(rule.decorativeWhen).every(([k, v]) => obj[k] === v)) return undefined;
  const alt = obj[rule.prop];
  if (alt === undefined || alt === null) return ALT_MISSING;
  if (typeof alt === 'string' && alt !== '' && alt.trim() === '') return ALT_BLANK;
  return undefined;
}

function resolve(schema: Schema, root: Schema): Schema {
  let s = schema;
  while (s?.$ref?.startsWith('#/definitions/')) s = root.definitions[s.$ref.slice(14)];
  return s ?? {};
}

/** Yields [path of the alt prop, message] for each image inside `value` whose alt text is missing. */
function* missingAlts(value: unknown, schema: Schema, root: Schema, path: string): Generator<[string, string]> {
  const s = resolve(schema, root);
  if (Array.isArray(value) && s.items) for (let i = 0; i < value.length; i++) yield* missingAlts(value[i], s.items, root, `${path}[${i}]`);
  if (!value || typeof value !== 'object' || Array.isArray(value) || !s.properties) return;
  const obj = value as Record<string, unknown>;
  for (const [k, sub] of Object.entries(s.properties as Record<string, Schema>)) {
    const rule = altRule(sub);
    const problem = rule && altProblem(obj, k, rule);
    if (rule && problem) yield [`${path}.${rule.prop}`, problem];
    yield* missingAlts(obj[k], sub, root, `${path}.${k}`);
  }
}

// Remembered per block object: the editor's validated draft keeps the blocks an edit did not touch
// (runtime/tenants/incremental-validate.ts), so a keystroke walks only the changed block's props.
const missingOf = new WeakMap<object, [string, string][]>();
function blockMissingAlts(block: { type: string; props?: Record<string, unknown> }, schema: Schema): [string, string][] {
  let found = missingOf.get(block);
  if (!found) {
    const def = blockDefinition(schema, block.type);
    found = def && block.props ? [...missingAlts(block.props, def.properties.props, schema, '.props')] : [];
    missingOf.set(block, found);
  }
  return found;
}

// The document's other parts (theme, dealerships, settings), remembered per object like the blocks: an edit replaces
// only the parts it changes.
const partMissingOf = new WeakMap<object, [string, string][]>();
function partMissingAlts(key: string, value: unknown, schema: Schema): [string, string][] {
  if (!value || typeof value !== 'object') return [];
  let found = partMissingOf.get(value);
  if (!found) {
    found = [...missingAlts(value, schema.properties[key], schema, key)];
    partMissingOf.set(value, found);
  }
  return found;
}

export const imageAlt: Check = {
  meta: {
    code: 'image-alt',
    description: 'Every content image (of a block, the site logo, a location photo) has a description, or is marked decorative (an empty description).',
  },
  run(doc, ctx) {
    const problems: { path: string; message: string }[] = [];
    for (const [key, value] of Object.entries(doc)) {
      if (key === 'pages' || !ctx.schema.properties?.[key]) continue;
      for (const [path, message] of partMissingAlts(key, value, ctx.schema)) problems.push({ path, message });
    }
    for (const visit of checkedBlocks(doc, ctx)) {
      const { block } = visit;
      for (const [suffix, message] of blockMissingAlts(block, ctx.schema))
        problems.push({ path: visit.pathText + suffix, message: `${message} (in block "${block.id}")` });
    }
    return problems;
  },
};
