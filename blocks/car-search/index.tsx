// The car search page (docs/requirements/vehicle-browsing.md#screens, #states, #validation, #calls, #errors,
// #constants). The page's "search" data gives the first results
// (server-rendered); after that the URL is the state and useCarSearch keeps the results in step with it.
import { lazy, useEffect, useRef, useState } from 'react';
import type { ResolvedCarSearchProps as CarSearchProps } from '../../schemas/generated/block-props';
import {
  ATTRIBUTE_LABELS,
  RANGE_ATTRIBUTES,
  SEARCH_BOX_DEBOUNCE_MS,
  SORT_OPTIONS,
  assembleResultList,
  clearFilters,
  currentRefinements,
  facetItems,
  hasActiveFilters,
  isSortId,
  serializeSearchState,
  setRange,
  setRefinement,
  toggleRefinement,
  withPage,
  withQuery,
  withSort,
  type PromoNode,
  type RangeAttribute,
} from '../../runtime/domain/search';
import { formatNumber } from '../../runtime/domain/format';
import type { SearchPageData } from '../../runtime/page-data/search';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { usePageData, useSite } from '../../runtime/renderer/site-context';
import { CheckboxFacet, DropdownFacet, MakeCardsFacet, NativeSelectFacet, SelectFacet, type FacetProps } from './Facets';
import { RangeSlider } from './RangeSlider';
import { Pagination } from '../../runtime/ui/pagination/Pagination';
import { EmptyResultsCard, ResultGrid, SkeletonGrid, type PromoContent } from './Results';
import { SearchHistory } from './SearchHistory';
import { SaveSearchButton } from '../../runtime/ui/accounts/SaveSearchButton';
import { ShowMeButton } from './ShowMeButton';
import { useCarSearch } from './use-car-search';
import './styles.css';
import { resolvedSettings } from '../../runtime/domain/settings';

// keen-slider comes with the carousel layout only (issue 17's script budget).
const ResultCarousel = lazy(() => import('./ResultCarousel'));

type FilterConfig = NonNullable<CarSearchProps['filters']>[number];
type PromoConfig = NonNullable<CarSearchProps['promos']>[number];

const isRange = (a: string): a is RangeAttribute => (RANGE_ATTRIBUTES as readonly string[]).includes(a);

function toPromoNode(p: PromoConfig): PromoNode<PromoContent> {
  const { start, expiry, position, display, strictDisplay, ...node } = p;
  return { start, expiry, position, display, strictDisplay, node };
}

export default function CarSearch({ props, block }: BlockComponentProps<CarSearchProps>) {
  const site = useSite();
  const pageData = usePageData<SearchPageData>();
  const settings = resolvedSettings(site.settings).search;
  const variant = props.variant;
  const scope = { variant, offerCategories: props.offerCategories };
  const search = useCarSearch(pageData, settings, scope);
  const { state, results, status, update } = search;
  const filters = props.filters;
  const top = useRef<HTMLDivElement>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  // docs/requirements/vehicle-browsing.md#states: the page scrolls to the top after a page change has its results.
  useEffect(() => {
    if (search.scrollTick) top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [search.scrollTick]);

  // Promo positions were chosen once for this visit by the page data (the first may be randomised on the server).
  const positioned = { ...settings, promoPositions: pageData?.promoPositions ?? settings.promoPositions, randomiseFirstPromoPosition: false };
  const shownList = results
    ? assembleResultList({ hits: results.hits, count: results.totalHits, facets: results.facets }, positioned, {
        promos: props.promos.map(toPromoNode),
        nowMs: search.nowMs,
        variant,
        clearFiltersHref: props.clearFiltersHref,
      })
    : null;
  const count = shownList?.count ?? 0;
  const facets = results?.facets ?? {};
  const loading = status === 'loading';

  const facetProps = (f: FilterConfig): FacetProps => ({
    attribute: f.attribute,
    title: f.title ?? ATTRIBUTE_LABELS[f.attribute] ?? f.attribute,
    items: facetItems(f.attribute, facets[f.attribute], { certifiedOnly: settings.certifiedOnly, seriesOrder: settings.seriesOrder }),
    selected: state.refinements[f.attribute] ?? [],
    onToggle: (value) => update(toggleRefinement(state, f.attribute, value)),
    onSet: (values) => update(setRefinement(state, f.attribute, values)),
    total: count,
  });

  // A group with nothing to choose (no results for it, nothing chosen) is left out rather than shown blank.
  const hasChoices = (f: FilterConfig): boolean => {
    if (loading) return true;
    if (isRange(f.attribute)) return Boolean(results?.facetStats[f.attribute]) || state.ranges[f.attribute] !== undefined;
    return facetProps(f).items.length > 0 || (state.refinements[f.attribute]?.length ?? 0) > 0;
  };

  const renderFilter = (f: FilterConfig) => {
    const title = f.title ?? ATTRIBUTE_LABELS[f.attribute] ?? f.attribute;
    if (isRange(f.attribute)) {
      const attribute = f.attribute;
      return (
        <RangeSlider
          attribute={attribute}
          title={title}
          value={state.ranges[attribute]}
          stats={results?.facetStats[attribute]}
          onChange={(value) => update(setRange(state, attribute, value))}
        />
      );
    }
    const p = facetProps(f);
    switch (f.display) {
      case 'cards':
        return (
          <MakeCardsFacet
            {...p}
            settings={settings}
            makeModels={facetItems('make_model', facets.make_model)}
            selectedModels={state.refinements.make_model ?? []}
            onToggleModel={(value) => update(toggleRefinement(state, 'make_model', value))}
            loading={loading}
          />
        );
      case 'select':
        return <SelectFacet {...p} />;
      case 'dropdown':
        return <DropdownFacet {...p} />;
      case 'native':
        return <NativeSelectFacet {...p} />;
      default:
        return <CheckboxFacet {...p} />;
    }
  };

  const chips = currentRefinements(state);
  const hrefOfPage = (p: number) => {
    const query = serializeSearchState(withPage(state, p));
    return `${search.key.split('?')[0]}${query ? `?${query}` : ''}`;
  };
  const onClear = () => {
    const target = shownList?.empty?.clearFiltersHref;
    update(clearFilters(state), target ? { pathname: target } : {});
  };

  return (
    <section className={`car-search variant-${variant}`} ref={top} aria-labelledby={`${block.id}-count`}>
      <div className="container car-search-layout">
        <aside className={`search-sidebar${drawerOpen ? ' open' : ''}`} aria-label="Filters" id={`${block.id}-filters`}>
          <div className="sidebar-head">
            <h2>Filter Results</h2>
            {hasActiveFilters(state) && (
              <button type="button" className="link-button" onClick={() => update(clearFilters(state))}>
                Clear all
              </button>
            )}
          </div>
          {filters.filter(hasChoices).map((f) => (
            <details key={f.attribute} className="filter-group" open={!f.collapsed} data-filter={f.attribute}>
              <summary id={`range-${f.attribute}-title`}>{f.title ?? ATTRIBUTE_LABELS[f.attribute] ?? f.attribute}</summary>
              <div className="filter-body">{renderFilter(f)}</div>
            </details>
          ))}
          {props.showSearchHistory !== false && (
            <SearchHistory site={site.slug} current={search.key} hasResults={status === 'hasData'} routeName={pageData?.routeName} />
          )}
          <div className="sidebar-foot">
            <ShowMeButton
              count={count}
              onClick={() => {
                setDrawerOpen(false);
                document.getElementById(`${block.id}-results`)?.scrollIntoView({ block: 'start', behavior: 'smooth' });
              }}
            />
          </div>
        </aside>

        <div className="search-main">
          {/* The cards' titles are h3: a results h2 keeps the outline in order when the filters' h2 is in the closed drawer. */}
          {props.heading ? <h2 className="search-heading">{props.heading}</h2> : <h2 className="visually-hidden">Search results</h2>}
          <div className="search-toolbar">
            {props.showSearchBox !== false && (
              <SearchBox
                query={state.query}
                placeholder={props.searchPlaceholder}
                narrowPlaceholder={props.searchPlaceholderNarrow}
                onSearch={(q) => update(withQuery(state, q))}
              />
            )}
            <button
              type="button"
              className="button filters-toggle"
              aria-expanded={drawerOpen}
              aria-controls={`${block.id}-filters`}
              onClick={() => setDrawerOpen(!drawerOpen)}
            >
              Filters{chips.length ? ` (${chips.length})` : ''}
            </button>
            <label className="sort-control">
              <span>Sort by</span>
              <select
                value={state.sortBy ?? settings.defaultSortBy}
                onChange={(e) => update(withSort(state, isSortId(e.currentTarget.value) ? e.currentTarget.value : null))}
              >
                {SORT_OPTIONS.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
            <SaveSearchButton
              suggestedName={
                chips.length
                  ? chips
                      .map((c) => c.label)
                      .slice(0, 3)
                      .join(', ')
                  : 'My search'
              }
            />
          </div>

          <div className="results-summary">
            <p id={`${block.id}-count`} className="result-count" aria-live="polite">
              {results ? (
                <>
                  <strong>{formatNumber(count)}</strong> {count === 1 ? 'car' : 'cars'} found
                </>
              ) : (
                'Searching…'
              )}
            </p>
            {chips.length > 0 && (
              <ul className="refinement-chips" aria-label="Current filters">
                {chips.map((chip) => (
                  <li key={`${chip.attribute}-${chip.value}`}>
                    <button
                      type="button"
                      className="chip"
                      aria-label={`Remove ${chip.label}`}
                      onClick={() =>
                        update(isRange(chip.attribute) ? setRange(state, chip.attribute, null) : toggleRefinement(state, chip.attribute, chip.value))
                      }
                    >
                      {chip.label} <span aria-hidden="true">×</span>
                    </button>
                  </li>
                ))}
                {state.query && (
                  <li>
                    <button type="button" className="chip" aria-label={`Remove search “${state.query}”`} onClick={() => update(withQuery(state, ''))}>
                      “{state.query}” <span aria-hidden="true">×</span>
                    </button>
                  </li>
                )}
              </ul>
            )}
          </div>

          {search.error && (
            <div className="search-error" role="alert">
              <p>{search.error}</p>
              <button type="button" className="button button-secondary" onClick={search.retry}>
                Try again
              </button>
            </div>
          )}

          <div id={`${block.id}-results`} className="results-area">
            {loading && <div className="loading-bar" role="progressbar" aria-label="Loading results" />}
            {!shownList ? (
              <SkeletonGrid />
            ) : shownList.empty ? (
              loading ? (
                <SkeletonGrid />
              ) : (
                <EmptyResultsCard empty={shownList.empty} onClear={onClear} />
              )
            ) : props.layout === 'carousel' ? (
              <ResultCarousel items={shownList.items} card={{ settings: resolvedSettings(site.settings), nowMs: search.nowMs, site: site.slug }} />
            ) : (
              <ResultGrid items={shownList.items} busy={loading} card={{ settings: resolvedSettings(site.settings), nowMs: search.nowMs, site: site.slug }} />
            )}
          </div>

          {props.layout !== 'carousel' && results && (
            <Pagination
              page={results.page}
              totalPages={results.totalPages}
              hrefOf={hrefOfPage}
              onPage={(p) => update(withPage(state, p), { scrollToTop: true })}
              label="Search results pages"
            />
          )}
        </div>
      </div>
    </section>
  );
}

/**
 * True on wider screens than a phone's (over 560 px), read after hydration so the server's HTML and the first render
 * agree. Until then the narrow placeholder shows, which fits any screen: the block hydrates only when touched.
 */
function useWideScreen(): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('not all and (max-width: 560px)');
    const update = () => setWide(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return wide;
}

/** docs/requirements/vehicle-browsing.md#screens: the search box waits 300 ms after typing (the page resets with the new query). */
function SearchBox({
  query,
  placeholder = 'Search make, model or keyword',
  narrowPlaceholder = 'Search make or model',
  onSearch,
}: {
  query: string;
  placeholder?: string;
  narrowPlaceholder?: string;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState(query);
  const wide = useWideScreen();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => setText(query), [query]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const change = (value: string) => {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(value), SEARCH_BOX_DEBOUNCE_MS);
  };
  return (
    <form
      className="search-box"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        if (timer.current) clearTimeout(timer.current);
        onSearch(text);
      }}
    >
      <label className="visually-hidden" htmlFor="car-search-q">
        Search cars
      </label>
      <input
        id="car-search-q"
        type="search"
        name="q"
        value={text}
        placeholder={wide ? placeholder : narrowPlaceholder}
        autoComplete="off"
        onChange={(e) => change(e.currentTarget.value)}
      />
      <button type="submit" className="button button-primary" aria-label="Search">
        {/* On narrow screens the button is just the magnifier, so the placeholder keeps the width it needs. */}
        <svg className="search-box-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
        <span className="search-box-label">Search</span>
      </button>
    </form>
  );
}
