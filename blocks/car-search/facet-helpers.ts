// Re-exports for the facet components, plus the count format they share.
import { formatNumber } from '../../runtime/domain/format';

export {
  ALL_OPTION_LABEL,
  facetSelectOptions,
  makeListDisplay,
  modelListDisplay,
  type FacetItem,
  type ResolvedSearchSettings,
} from '../../runtime/domain/search';

export const formatFacetCount = (count: number) => formatNumber(count);
