import type { Check } from './types';
import { blockDefinition, checkedBlocks } from './page-blocks';

/** A block that reads a page's bound data ("x-page-data" in its schema) only goes on a page that binds it. */
export const pageDataNeeds: Check = {
  meta: { code: 'page-data', description: 'Blocks that need a vehicle or search results are only placed on pages whose route binds that data.' },
  run(doc, ctx) {
    const { schema } = ctx;
    const problems: { path: string; message: string }[] = [];
    for (const visit of checkedBlocks(doc, ctx)) {
      const { block, route } = visit;
      const needs = blockDefinition(schema, block.type)?.['x-page-data'];
      const has = doc.pages[route]?.data ?? 'none';
      if (needs && needs !== has) {
        problems.push({ path: visit.pathText, message: `a ${block.type} block needs a page with "data": "${needs}", but this page has "data": "${has}"` });
      }
    }
    return problems;
  },
};
