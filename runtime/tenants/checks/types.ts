import type { TenantDocument } from '../../../schemas/generated/tenant';
import type { Problem } from '../problems';

export interface CheckMeta {
  /** Stable code, shown with each problem it finds. */
  code: string;
  description: string;
}

export interface CheckContext {
  /** The assembled tenant schema (block definitions carry x-slots, x-category and x-ref annotations). */
  schema: Record<string, any>;
}

export interface Check {
  meta: CheckMeta;
  run(doc: TenantDocument, ctx: CheckContext): Omit<Problem, 'code'>[];
}
