// Featured stock: the cars of the site's own stock the block's filter picks, searched on the server in the site's scope.
import type { ResolvedFeaturedStockProps as FeaturedStockProps } from '../../schemas/generated/block-props';
import type { BlockLoader } from '../../runtime/renderer/types';
import type { CardCarData } from '../../runtime/ui/car-card/card-model';
import { featuredStockQuery } from './query';

export interface FeaturedStockData {
  cars: CardCarData[];
  /** The clock the cards decided with (tag banners, finance dates), so hydration draws the same cards. */
  nowMs: number;
}

const load: BlockLoader<FeaturedStockProps, FeaturedStockData> = async ({ props, tenant, services, now }) => {
  const nowMs = now.getTime();
  if (!services.catalogue) return { cars: [], nowMs };
  const result = await services.catalogue.search(tenant, featuredStockQuery(props), nowMs);
  return { cars: result.hits as unknown as CardCarData[], nowMs };
};
export default load;
