// Walks every block of every page, with the readable path of each.
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { walkBlocks, type BlockVisit, type BlockNode } from '../../document/blocks';
import { segmentsToPath } from '../problems';
import type { CheckContext } from './types';

export interface PageBlockVisit extends BlockVisit {
  route: string;
  /** The block's readable path ('pages["/"].blocks[3]'), made when read: most blocks have no problem to name. */
  readonly pathText: string;
}

class Visit implements PageBlockVisit {
  constructor(
    readonly block: BlockNode,
    readonly path: (string | number)[],
    readonly route: string,
    readonly parent?: BlockNode,
    readonly slot?: string,
  ) {}
  get pathText() {
    return segmentsToPath(['pages', this.route, ...this.path]);
  }
}

export function pageBlocks(doc: TenantDocument): PageBlockVisit[] {
  const visits: PageBlockVisit[] = [];
  for (const [route, page] of Object.entries(doc.pages ?? {})) {
    if (!Array.isArray(page?.blocks)) continue;
    for (const { block, path, parent, slot } of walkBlocks(page.blocks as unknown as BlockNode[])) visits.push(new Visit(block, path, route, parent, slot));
  }
  return visits;
}

/** The document's page blocks as the checks share them (walked once per validation by runChecks). */
export const checkedBlocks = (doc: TenantDocument, ctx: CheckContext) => ctx.blocks ?? pageBlocks(doc);

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
export const blockDefinition = (schema: Record<string, any>, type: string) =>
  // biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
  schema.definitions?.[`block_${type.replace(/-/g, '_')}`] as Record<string, any> | undefined;
