import type { TenantDocument } from '../../../schemas/generated/tenant';
import type { Problem } from '../problems';
import type { PageBlockVisit } from './page-blocks';

interface CheckMeta {
  /** Stable code, shown with each problem it finds. */
  code: string;
  description: string;
}

export interface CheckContext {
  /** The assembled tenant schema (block definitions carry x-slots, x-category and x-ref annotations). */
  // biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
  schema: Record<string, any>;
  /** Every page block, walked once for all the checks (pageBlocks of the document when absent). */
  blocks?: readonly PageBlockVisit[];
}

export interface Check {
  meta: CheckMeta;
  run(doc: TenantDocument, ctx: CheckContext): Omit<Problem, 'code'>[];
}
