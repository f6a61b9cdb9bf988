// Walks every block of every page, with the readable path of each.
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { walkBlocks, type BlockVisit, type BlockNode } from '../../document/blocks';
import { segmentsToPath } from '../problems';

export interface PageBlockVisit extends BlockVisit {
  route: string;
  pathText: string;
}

export function* pageBlocks(doc: TenantDocument): Generator<PageBlockVisit> {
  for (const [route, page] of Object.entries(doc.pages ?? {})) {
    if (!Array.isArray(page?.blocks)) continue;
    for (const visit of walkBlocks(page.blocks as unknown as BlockNode[])) {
      yield { ...visit, route, pathText: segmentsToPath(['pages', route, ...visit.path]) };
    }
  }
}

export const blockDefinition = (schema: Record<string, any>, type: string) =>
  schema.definitions?.[`block_${type.replace(/-/g, '_')}`] as Record<string, any> | undefined;
