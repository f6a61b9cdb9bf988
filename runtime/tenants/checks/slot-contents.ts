import type { Check } from './types';
import { blockDefinition, checkedBlocks } from './page-blocks';

export const slotContents: Check = {
  meta: { code: 'slot-contents', description: 'A block placed in a slot is of a category that slot allows, and slots exist on their block.' },
  run(doc, ctx) {
    const { schema } = ctx;
    const problems: { path: string; message: string }[] = [];
    for (const visit of checkedBlocks(doc, ctx)) {
      const { block, parent, slot } = visit;
      if (!parent || !slot) continue;
      const parentDef = blockDefinition(schema, parent.type);
      const slotInfo = parentDef?.['x-slots']?.[slot];
      if (!slotInfo) continue; // unknown slots are reported by the schema
      const category = blockDefinition(schema, block.type)?.['x-category'];
      const allow: string[] | undefined = slotInfo.allow;
      if (allow && category && !allow.includes(category)) {
        problems.push({
          path: visit.pathText,
          message: `a ${block.type} block (category ${category}) cannot go in the "${slot}" slot of ${parent.type}; allowed categories: ${allow.join(', ')}`,
        });
      }
    }
    return problems;
  },
};
