import type { Check } from './types';
import { blockDefinition, checkedBlocks } from './page-blocks';

export const unknownBlockType: Check = {
  meta: { code: 'unknown-block-type', description: 'Every block type used in a page is a registered block (a folder under blocks/).' },
  run(doc, ctx) {
    const { schema } = ctx;
    const known = Object.keys(schema.definitions)
      .filter((k) => k.startsWith('block_'))
      .map((k) => schema.definitions[k].properties.type.const);
    const problems: { path: string; message: string }[] = [];
    for (const visit of checkedBlocks(doc, ctx)) {
      const { block } = visit;
      if (typeof block.type === 'string' && !blockDefinition(schema, block.type)) {
        problems.push({ path: `${visit.pathText}.type`, message: `unknown block type ${JSON.stringify(block.type)}; known types: ${known.sort().join(', ')}` });
      }
    }
    return problems;
  },
};
