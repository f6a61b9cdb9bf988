// Addresses of the catalogue's pages on a site: model pages (docs/requirements/dealer-services.md#screens: /{model slug}, new_slug preferred over slug,
// override_url honoured) and brand overview pages (docs/requirements/vehicle-browsing.md#screens: /{brand}/overview). The page that shows them is the
// one whose "data" is "model" (or "brand"): a site without that page has no such addresses, so nothing links there.
import type { Model } from './model';

interface SitePages {
  pages: Record<string, { data?: string } | null | undefined>;
}

/** The route pattern of the site's page bound to this data ('/:model', '/:brand/overview'), if it has one. */
export function catalogueRoute(site: SitePages, data: 'model' | 'brand'): string | undefined {
  return Object.keys(site.pages ?? {}).find((route) => site.pages[route]?.data === data && (route.match(/:[A-Za-z_]\w*/g) ?? []).length === 1);
}

/** The route with its one parameter filled in ('/:brand/overview' and 'kia' give '/kia/overview'). */
function fill(route: string, value: string): string {
  return route.replace(/:[A-Za-z_]\w*\??/, encodeURIComponent(value));
}

/** The slug a model page answers to: new_slug where there is one, else slug. */
const modelPageSlug = (model: Pick<Model, 'slug' | 'new_slug'>): string => model.new_slug || model.slug;

/**
 * Where a link to a model goes on this site: its override_url where it has one, else the site's model page
 * (/{new_slug or slug}); null when the site has no model pages. The model must be one of the site's own (siteModels).
 */
export function siteModelPagePath(site: SitePages, model: Pick<Model, 'slug' | 'new_slug' | 'override_url'>): string | null {
  if (model.override_url) return model.override_url;
  const route = catalogueRoute(site, 'model');
  return route ? fill(route, modelPageSlug(model)) : null;
}

/** The brand's overview page on this site, or null when the site has none. The brand must be one the site sells. */
export function siteBrandPagePath(site: SitePages, brandSlug: string): string | null {
  const route = catalogueRoute(site, 'brand');
  return route ? fill(route, brandSlug) : null;
}

/**
 * The model a model page address names: new_slug first (the preferred address), then slug (older links keep working).
 * Slugs compare in lower case; anything else is no model.
 */
export function findModelBySlug<M extends Pick<Model, 'slug' | 'new_slug'>>(models: readonly M[], slug: string | null | undefined): M | undefined {
  const wanted = (slug ?? '').trim().toLowerCase();
  if (!wanted || !/^[a-z0-9-]+$/.test(wanted)) return undefined;
  return models.find((m) => m.new_slug === wanted) ?? models.find((m) => m.slug === wanted);
}
