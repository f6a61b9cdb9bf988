// Block props annotated with "x-ref" in their schema must name something that exists in the document.
import type { TenantDocument } from '../../../schemas/generated/tenant';
import type { Check } from './types';
import { blockDefinition, checkedBlocks } from './page-blocks';

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
type Schema = Record<string, any>;

function resolve(schema: Schema, root: Schema): Schema {
  let s = schema;
  while (s?.$ref?.startsWith('#/definitions/')) s = root.definitions[s.$ref.slice(14)];
  return s ?? {};
}

/** Yields [value, path suffix, ref kind] for every annotated value inside props. */
export function* annotatedValues(value: unknown, schema: Schema, root: Schema, path: string): Generator<[unknown, string, string]> {
  const s = resolve(schema, root);
  if (s['x-ref'] && value !== undefined) yield [value, path, s['x-ref']];
  if (Array.isArray(value) && s.items) for (let i = 0; i < value.length; i++) yield* annotatedValues(value[i], s.items, root, `${path}[${i}]`);
  if (value && typeof value === 'object' && !Array.isArray(value) && s.properties) {
    for (const [k, sub] of Object.entries(s.properties as Record<string, Schema>)) {
      yield* annotatedValues((value as Record<string, unknown>)[k], sub, root, `${path}.${k}`);
    }
  }
}

function targets(doc: TenantDocument): Record<string, Set<unknown>> {
  const dealerships = doc.dealerships ?? [];
  return {
    dealership: new Set(dealerships.map((d) => d.id)),
    location: new Set(dealerships.flatMap((d) => (d.locations ?? []).map((l) => l.id))),
    page: new Set(Object.keys(doc.pages ?? {})),
  };
}

/** Yields [value, path, ref kind] for every settings value annotated with "x-ref" (location and dealership ids). */
export function settingsReferences(doc: { settings?: unknown }, schema: Schema): Generator<[unknown, string, string]> {
  return annotatedValues(doc.settings, schema.properties?.settings ?? {}, schema, 'settings');
}

// A block's references, remembered per block object: the editor's validated draft keeps the blocks an edit did not
// touch (runtime/tenants/incremental-validate.ts), so a keystroke walks only the changed block's props by its schema.
const referencesOf = new WeakMap<object, [unknown, string, string][]>();
function blockReferences(block: { type: string; props?: Record<string, unknown> }, schema: Schema): [unknown, string, string][] {
  let found = referencesOf.get(block);
  if (!found) {
    const def = blockDefinition(schema, block.type);
    found = def && block.props ? [...annotatedValues(block.props, def.properties.props, schema, '.props')] : [];
    referencesOf.set(block, found);
  }
  return found;
}

export const references: Check = {
  meta: { code: 'reference', description: 'Location, dealership and page ids named in block props and settings exist in the document.' },
  run(doc, ctx) {
    const { schema } = ctx;
    const known = targets(doc);
    const problems: { path: string; message: string }[] = [];
    for (const [value, path, kind] of settingsReferences(doc, schema)) {
      if (known[kind] && !known[kind].has(value)) problems.push({ path, message: `${kind} ${JSON.stringify(value)} does not exist in this document` });
    }
    for (const visit of checkedBlocks(doc, ctx)) {
      const { block } = visit;
      for (const [value, suffix, kind] of blockReferences(block, schema)) {
        if (known[kind] && !known[kind].has(value)) {
          problems.push({
            path: visit.pathText + suffix,
            message: `${kind} ${JSON.stringify(value)} does not exist in this document (in block "${block.id}")`,
          });
        }
      }
    }
    return problems;
  },
};
