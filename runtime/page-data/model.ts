// Model pages (docs/requirements/dealer-services.md#screens: /{model slug}, new_slug preferred over slug): a model of the site's catalogue with its
// stock. The route is a one-word pattern (/:model) that react-router ranks below every named page, so it never
// shadows one; a word that is no model of this site renders the site's own 404 page.
import type { Car } from '../../schemas/generated/car';
import { findModelBySlug, modelFullName, siteBrandPagePath } from '../domain/models';
import { quoteFilterValue, slugify } from '../domain/search/filters';
import { totalHitsOf } from '../search/types';
import { modelsForTenant, siteBrandBySlug, siteModels } from '../models';
import type { PageDataSource } from '../renderer/types';
import type { ModelPageData } from './types';

/** Cars shown on the model page; the rest are one click away in the search. */
export const MODEL_PAGE_CARS = 6;

const paramOf = (params: Record<string, string | undefined>) => params.model ?? Object.values(params).find((v) => v !== undefined);

const model: PageDataSource = async ({ tenant, params, services, now }) => {
  const entry = findModelBySlug(
    modelsForTenant(tenant).map((e) => e.model),
    paramOf(params),
  );
  if (!entry) return { notFound: true };
  const catalogueEntry = modelsForTenant(tenant).find((e) => e.model.id === entry.id)!;
  const nowMs = now.getTime();
  const priced = (await siteModels(tenant, services.catalogue, nowMs)).find((m) => m.id === entry.id) ?? entry;
  let cars: Car[] = [];
  let stockCount = 0;
  if (services.catalogue) {
    const filter = [`make = ${quoteFilterValue(catalogueEntry.make)}`, `model = ${quoteFilterValue(catalogueEntry.stockModel)}`];
    const { results } = await services.catalogue.multiSearch(
      tenant,
      [{ indexUid: services.catalogue.indexUid, q: '', filter, sort: ['price:asc'], hitsPerPage: MODEL_PAGE_CARS, page: 1 }],
      nowMs,
    );
    cars = (results[0]?.hits ?? []) as Car[];
    stockCount = results[0] ? totalHitsOf(results[0]) : 0;
  }
  const brand = siteBrandBySlug(tenant, slugify(catalogueEntry.make));
  const data: ModelPageData = {
    model: priced,
    cars,
    stockCount,
    searchHref: priced.search_path,
    brandHref: brand ? siteBrandPagePath(tenant, brand.slug) : null,
    nowMs,
  };
  const fullName = modelFullName(priced);
  return {
    data,
    meta: { title: fullName, description: priced.short_description.slice(0, 160), image: priced.image.url },
  };
};

export default model;
