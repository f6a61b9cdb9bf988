// Cross-document rules that JSON Schema cannot express. Each check is a small named unit; add one here.
import type { TenantDocument } from '../../../schemas/generated/tenant';
import type { Problem } from '../problems';
import type { Check } from './types';
import { alertSettings } from './alerts';
import { brandTileMakes } from './brand-tile-makes';
import { duplicateIds } from './duplicate-ids';
import { duplicateRoute } from './duplicate-route';
import { financeLenderPresets } from './finance-lender-presets';
import { financeQuickPicks } from './finance-quick-picks';
import { gatedRoutes } from './gated-routes';
import { homePage } from './home-page';
import { imageAlt } from './image-alt';
import { internalLinks } from './internal-links';
import { openingHours } from './opening-hours';
import { pageBlocks, type PageBlockVisit } from './page-blocks';
import { pageDataNeeds } from './page-data-needs';
import { references } from './references';
import { redirects } from './redirects';
import { reservedKeys } from './reserved-keys';
import { serviceBookingUrl } from './service-booking-url';
import { slotContents } from './slot-contents';
import { unknownBlockType } from './unknown-block-type';

export const checks: Check[] = [
  reservedKeys,
  unknownBlockType,
  duplicateRoute,
  homePage,
  duplicateIds,
  references,
  slotContents,
  pageDataNeeds,
  internalLinks,
  serviceBookingUrl,
  brandTileMakes,
  financeLenderPresets,
  financeQuickPicks,
  openingHours,
  gatedRoutes,
  redirects,
  alertSettings,
  imageAlt,
];

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema walked by keyword; its shape is only known at run time
export function runChecks(doc: TenantDocument, schema: Record<string, any>): Problem[] {
  const problems: Problem[] = [];
  // Walked once for all checks; a document whose pages cannot be walked (a null block) leaves each check to find that.
  let blocks: PageBlockVisit[] | undefined;
  try {
    blocks = pageBlocks(doc);
  } catch {
    blocks = undefined;
  }
  const ctx = { schema, blocks };
  for (const check of checks) {
    try {
      for (const p of check.run(doc, ctx)) problems.push({ ...p, code: check.meta.code });
    } catch (error) {
      // A check that trips is itself a problem: the document must never pass because a rule could not run.
      const reason = error instanceof Error ? error.message : String(error);
      problems.push({ path: '(document)', message: `the ${check.meta.code} check could not run: ${reason}`, code: check.meta.code });
    }
  }
  return problems;
}
