// Empty search results card (docs/requirements/vehicle-browsing.md#screens, #errors).
export const NO_RESULTS_TITLE = 'No Results Available';
export const NO_RESULTS_TEXT = 'No results found for your search at this time. Please try adjusting the filters for more results.';
const NO_OFFERS_TEXT = 'There appears to be no offers currently available that meet the conditions of your search';
export const CLEAR_FILTERS_LABEL = 'Clear Filters';
/** docs/requirements/vehicle-browsing.md#screens: /special-offers is the default clear-filters target for offers lists. */
const OFFERS_CLEAR_FILTERS_PATH = '/special-offers';

export interface EmptyResults {
  title: string;
  text: string;
  clearFiltersLabel: string;
  clearFiltersHref: string;
}

/** The search page clears to the given path, else the site's search path (settings.search.searchPath); an offers list to /special-offers unless configured. */
export function emptyResults(variant: 'search' | 'offers', searchPath: string, clearFiltersHref?: string): EmptyResults {
  if (variant === 'offers') {
    return {
      title: NO_RESULTS_TITLE,
      text: NO_OFFERS_TEXT,
      clearFiltersLabel: CLEAR_FILTERS_LABEL,
      clearFiltersHref: clearFiltersHref ?? OFFERS_CLEAR_FILTERS_PATH,
    };
  }
  return {
    title: NO_RESULTS_TITLE,
    text: NO_RESULTS_TEXT,
    clearFiltersLabel: CLEAR_FILTERS_LABEL,
    clearFiltersHref: clearFiltersHref ?? searchPath,
  };
}
