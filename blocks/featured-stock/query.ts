// The search a featured-stock carousel runs in the site's own stock: the staff's filter and order, card fields only.
import type { ResolvedFeaturedStockProps as FeaturedStockProps } from '../../schemas/generated/block-props';
import { CARD_ATTRIBUTES } from '../../runtime/domain/search/search-queries';
import { quoteFilterValue } from '../../runtime/domain/search/filters';
import { FEATURED_LIST_SORT } from '../../runtime/domain/search/search-helpers';
import type { SearchParams } from '../../runtime/search/types';

const ORDER_SORT: Record<FeaturedStockProps['order'], string> = {
  latest: 'created_at_timestamp:desc',
  // the same order as the featured-list search helper of home and landing page lists
  featured: FEATURED_LIST_SORT[0],
  'price-low': 'price:asc',
  'price-high': 'price:desc',
};

// Only cars a shopper can act on: a sold car has no place in a shop window.
const AVAILABLE = ['status = "in_stock"', 'status = "coming_soon"'];

export function featuredStockQuery(props: Pick<FeaturedStockProps, 'order' | 'carTypes' | 'make' | 'body' | 'maxPrice' | 'count'>): SearchParams {
  const filter: (string | string[])[] = [AVAILABLE];
  if (props.carTypes.length) filter.push(props.carTypes.map((type) => `car_type = ${quoteFilterValue(type)}`));
  if (props.make?.trim()) filter.push(`make = ${quoteFilterValue(props.make.trim())}`);
  if (props.body?.trim()) filter.push(`simple_body = ${quoteFilterValue(props.body.trim())}`);
  if (props.maxPrice) filter.push(`price <= ${props.maxPrice}`);
  return { q: '', filter, sort: [ORDER_SORT[props.order]], hitsPerPage: props.count, page: 1, attributesToRetrieve: CARD_ATTRIBUTES };
}
