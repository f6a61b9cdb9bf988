// Blocks that are markup only (no state, handlers or effects) say so with a `static.ts` in their folder. On the first
// page such a block keeps its server HTML and its code never loads (lazy-hydration.ts keepServerHtml): nothing in it
// needs React, and its site links navigate in the page through one click listener (entry-client.tsx). A block with
// slots is never static (its children may need code). On a client-side navigation it renders like any block.
const declared = import.meta.glob<boolean>('../../blocks/*/static.ts', { eager: true, import: 'staticBlock' });
const STATIC_TYPES = new Set(
  Object.entries(declared)
    .filter(([, declaredStatic]) => declaredStatic)
    .map(([path]) => path.split('/').at(-2)!),
);

export const isStaticBlock = (type: string) => STATIC_TYPES.has(type);
