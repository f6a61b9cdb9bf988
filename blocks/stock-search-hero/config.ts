// The hero's settings for one site: its props, falling back to the site's search hero settings (docs/requirements/dealer-services.md#screens, #states).
import type { ResolvedStockSearchHeroProps as StockSearchHeroProps } from '../../schemas/generated/block-props';
import { heroCarTypes, type HeroCarTypes } from '../../runtime/domain/search/stock-search-hero';
import type { ResolvedSearchSettings } from '../../runtime/domain/search/settings';
import type { FacetDropdownId, HeroDropdownId, HeroSelection } from './hero-search';

export interface HeroConfig {
  heading: string;
  searchPath: string;
  carTypes: HeroCarTypes;
  dropdowns: HeroDropdownId[];
  tiles: FacetDropdownId[];
  tileCount: number;
  priceSlider: boolean;
  searchButtonLabel: string;
}

export function heroConfig(props: StockSearchHeroProps, search: ResolvedSearchSettings): HeroConfig {
  return {
    heading: props.heading ?? search.hero.heading,
    searchPath: search.searchPath,
    carTypes: heroCarTypes({
      carTypeChoices: props.carTypeChoices ?? search.hero.carTypeChoices,
      forceCarTypeSlider: props.forceCarTypeSlider ?? search.hero.forceCarTypeSlider,
    }),
    dropdowns: [...props.dropdowns],
    tiles: [...props.tiles],
    tileCount: props.tileCount,
    priceSlider: props.priceSlider,
    searchButtonLabel: props.searchButtonLabel,
  };
}

export const initialSelection = (config: HeroConfig): HeroSelection => ({ carType: config.carTypes.selected, values: {} });
