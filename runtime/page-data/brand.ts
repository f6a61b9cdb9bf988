// Brand overview pages (docs/requirements/vehicle-browsing.md#screens: /{brand}/overview): a brand the site sells, with its logo, its models from the
// catalogue, its stock count and a link to its stock. Any other word (a brand that does not exist, or one the site
// does not sell) renders the site's own 404 page.
import { siteModelPagePath } from '../domain/models';
import { makeSearchSlug } from '../domain/make-names';
import { quoteFilterValue, slugify } from '../domain/search/filters';
import { totalHitsOf } from '../search/types';
import { siteBrandBySlug, siteModels } from '../models';
import type { PageDataSource } from '../renderer/types';
import type { BrandPageData } from './types';

/** The route's one parameter (/:brand/overview), whatever the page names it. */
const paramOf = (params: Record<string, string | undefined>) => params.brand ?? Object.values(params).find((v) => v !== undefined);

const brand: PageDataSource = async ({ tenant, params, services, now }) => {
  const found = siteBrandBySlug(tenant, paramOf(params));
  if (!found) return { notFound: true };
  const nowMs = now.getTime();
  const models = (await siteModels(tenant, services.catalogue, nowMs)).filter((m) => slugify(m.manufacturer_name) === found.slug);
  let stockCount = 0;
  if (services.catalogue) {
    const { results } = await services.catalogue.multiSearch(
      tenant,
      [{ indexUid: services.catalogue.indexUid, q: '', filter: [`make = ${quoteFilterValue(found.name)}`], hitsPerPage: 0, page: 1 }],
      nowMs,
    );
    stockCount = results[0] ? totalHitsOf(results[0]) : 0;
  }
  const data: BrandPageData = {
    brand: { name: found.name, slug: found.slug, logo: found.logo },
    // Without model pages on the site, a model's card goes to its stock.
    models: models.map((m) => ({ ...m, page_path: siteModelPagePath(tenant, m) ?? m.search_path })),
    stockCount,
    searchHref: `/search/${makeSearchSlug(found.name)}`,
  };
  return {
    data,
    meta: {
      title: found.name,
      description: `${found.name} at ${tenant.name}: the ${found.name} range, ${stockCount} ${found.name} vehicles in stock, finance and service.`,
      image: found.logo.url,
    },
  };
};

export default brand;
