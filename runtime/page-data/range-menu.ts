// The site's Range menu (docs/requirements/dealer-services.md#screens) from its model catalogue, built once per tenant document on the server and
// sent to the browser with the page (the catalogue itself stays on the server).
import type { TenantDocument } from '../../schemas/generated/tenant';
import { sitePageExists } from '../renderer/page-exists';
import { usesModelRange } from '../domain/navigation/menu';
import { buildRangeMenu, type RangeMenu } from '../domain/navigation/range-menu';
import { manufacturersOf } from '../models/catalogue';
import { modelsForTenant } from '../models/scope';
import { catalogueLinks } from '../models/site-links';

const cache = new WeakMap<TenantDocument, RangeMenu | null>();

/** The Range of the models the site sells, or null when its navigation has no Range. */
export function siteRangeMenu(tenant: TenantDocument): RangeMenu | null {
  let menu = cache.get(tenant);
  if (menu === undefined) {
    if (!usesModelRange(tenant.navigation)) menu = null;
    else {
      const entries = modelsForTenant(tenant);
      // Model and brand pages count for the site's own models and brands (its /:model and /:brand/overview routes).
      const links = catalogueLinks(tenant);
      const exists = (href: string) => sitePageExists(tenant, href, links);
      menu = buildRangeMenu(
        entries.map((e) => e.model),
        manufacturersOf(entries),
        exists,
      );
    }
    cache.set(tenant, menu);
  }
  return menu;
}
