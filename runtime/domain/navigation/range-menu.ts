// The Range menu (docs/requirements/dealer-services.md#screens "Range: dynamic list of models"): built from the site's model catalogue, never typed by
// hand, so it never links a model the site cannot show. Pure: the server passes the site's models and its page test.
import { modelPagePath, modelSearchPath, modelStatusBadge, type Manufacturer, type Model } from '../models';

/** Whether a path leads to a page of this site (sitePageExists bound to the site). */
export type PageTest = (href: string) => boolean;

interface RangeMenuModel {
  name: string;
  href: string;
  image: string;
  badge: 'NEW' | 'COMING SOON' | null;
}

interface RangeMenuMake {
  name: string;
  slug: string;
  /** The make's logo tile. */
  logo: string;
  /** The make's own page: its brand overview where the site has one, else its stock. */
  href: string | null;
  models: RangeMenuModel[];
}

export interface RangeMenu {
  makes: RangeMenuMake[];
}

/**
 * Where a model's menu entry leads: its model page (/{new_slug or slug}, or override_url) when that page resolves on
 * this site, else the site's stock of the model. Null when neither can show it (a coming-soon model has no stock).
 * The one seam for model pages: once the model page route exists on a site, every Range link switches to it.
 */
export function modelHref(model: Pick<Model, 'slug' | 'new_slug' | 'override_url' | 'status' | 'search_path'>, exists: PageTest): string | null {
  const page = modelPagePath(model);
  if (exists(page)) return page;
  if (model.status === 'coming_soon') return null;
  return exists(model.search_path) ? model.search_path : null;
}

/** The make's page: /{make}/overview when the site has brand overviews, else /search/{make}; null when neither. */
export function makeHref(make: Pick<Manufacturer, 'name' | 'slug'>, exists: PageTest): string | null {
  const overview = `/${make.slug}/overview`;
  if (exists(overview)) return overview;
  const search = modelSearchPath(make.name);
  return exists(search) ? search : null;
}

/** The site's Range: one entry per make it sells (catalogue order), each with the models it can show. */
export function buildRangeMenu(models: readonly Model[], manufacturers: readonly Manufacturer[], exists: PageTest): RangeMenu {
  const makes = manufacturers.map((make): RangeMenuMake => {
    const entries = models
      .filter((m) => m.manufacturer_name === make.name)
      .flatMap((m): RangeMenuModel[] => {
        const href = modelHref(m, exists);
        return href ? [{ name: m.name, href, image: m.image.url, badge: modelStatusBadge(m.status) }] : [];
      });
    return { name: make.name, slug: make.slug, logo: make.logo.url, href: makeHref(make, exists), models: entries };
  });
  return { makes: makes.filter((make) => make.models.length > 0) };
}
