// First counts of the hero, from the site's own visible stock, so the server-rendered dropdowns already show them.
import { resolvedSettings } from '../../runtime/domain/settings';
import type { ResolvedStockSearchHeroProps as StockSearchHeroProps } from '../../schemas/generated/block-props';
import type { TenantDocument } from '../../schemas/generated/tenant';
import type { BlockLoader } from '../../runtime/renderer/types';
import type { CarCatalogue } from '../../runtime/inventory/car-catalogue';
import { sameSecondMemo } from '../../runtime/page-data/same-second-memo';
import { slugify } from '../../runtime/domain/search/filters';
import { logoMakeName } from '../../runtime/models/brands';
import { makeLogoUrl } from '../../runtime/models/catalogue';
import { heroConfig, initialSelection } from './config';
import {
  heroCountQueries,
  heroCountsFromResults,
  heroStockFromResult,
  heroStockQuery,
  type FacetOption,
  type HeroData,
  type HeroResult,
  type HeroStock,
} from './hero-search';

const load: BlockLoader<StockSearchHeroProps, HeroData | null> = async ({ props, tenant, services, now }) => {
  const catalogue = services.catalogue;
  if (!catalogue) return null; // no stock service: the dropdowns render without counts
  // Once per block, stock version and second (a burst of home page visits runs these searches once).
  return sameSecondMemo(tenant, `stock-search-hero ${JSON.stringify(props)}`, catalogue, now.getTime(), () => heroData(props, tenant, catalogue, now));
};

async function heroData(props: StockSearchHeroProps, tenant: TenantDocument, catalogue: CarCatalogue, now: Date): Promise<HeroData> {
  const config = heroConfig(props, resolvedSettings(tenant.settings).search);
  const selection = initialSelection(config);
  const withIndex = (queries: object[]) => queries.map((q) => ({ ...q, indexUid: catalogue.indexUid }));
  const [stock, ...answers] = await Promise.all([
    catalogue.search(tenant, heroStockQuery(config.tiles), now.getTime()),
    ...heroCountQueries(selection, config.dropdowns).map((queries) => catalogue.multiSearch(tenant, withIndex(queries) as never, now.getTime())),
  ]);
  const results = answers.flatMap((a) => a.results) as HeroResult[];
  return {
    counts: heroCountsFromResults(selection, config.dropdowns, results),
    stock: withMakeLogos(heroStockFromResult(config.tiles, stock as HeroResult, config.tileCount)),
  };
}

/** Make tiles show the make's logo where one is drawn for it; a make without one keeps its name only. */
export function withMakeLogos(stock: HeroStock): HeroStock {
  const logo = (option: FacetOption): FacetOption => {
    const slug = slugify(option.value);
    return logoMakeName(slug) ? { ...option, logo: makeLogoUrl(slug) } : option;
  };
  return stock.tiles.make ? { ...stock, tiles: { ...stock.tiles, make: stock.tiles.make.map(logo) } } : stock;
}
export default load;
