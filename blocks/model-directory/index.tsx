// Model directory (docs/requirements/vehicle-browsing.md#screens: manufacturer.name, model.name and model.body filters; #constants: 21 per page). The block
// loader renders the first page for the address; filter changes keep their state in the URL (/models?body=suv).
import { Pagination } from '../../runtime/ui/pagination/Pagination';
import { useEffect, useRef, useState } from 'react';
import type { ResolvedModelDirectoryProps as ModelDirectoryProps } from '../../schemas/generated/block-props';
import { EMPTY_DIRECTORY_STATE, hasDirectoryFilters, withDirectoryFilter, type DirectoryState, type FacetOption } from '../../runtime/domain/models';
import { CLEAR_FILTERS_LABEL, NO_RESULTS_TEXT, NO_RESULTS_TITLE, SEARCH_BOX_DEBOUNCE_MS } from '../../runtime/domain/search';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { ModelCard, ModelCardSkeleton, type ModelCardOptions } from '../model-range/ModelCard';
import type { ModelDirectoryData } from './loader';
import { useDirectory } from './use-directory';
import { BodyTypeIcon } from '../../runtime/ui/body-types/BodyTypeIcon';
import './styles.css';

type Filter = NonNullable<ModelDirectoryProps['filters']>[number];

export default function ModelDirectory({ props, data, block }: BlockComponentProps<ModelDirectoryProps, ModelDirectoryData | undefined>) {
  const { state, results, loading, error, update, retry } = useDirectory(data);
  const filters: Filter[] = props.filters;
  const card: ModelCardOptions = { exploreLabel: props.exploreLabel, exploreTarget: props.exploreTarget, showPrice: props.showPrice };
  const id = (name: string) => `${block.id}-${name}`;
  const top = useRef<HTMLElement>(null);
  const count = results?.totalHits ?? 0;
  const makes = results?.facets.make ?? [];

  const goToPage = (page: number) => {
    update({ ...state, page });
    top.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  const renderFilter = (filter: Filter) => {
    if (filter === 'model') {
      return (
        <ModelNameBox
          key="model"
          id={id('model')}
          value={state.model}
          placeholder={props.modelPlaceholder}
          onSearch={(text) => update(withDirectoryFilter(state, 'model', text))}
        />
      );
    }
    if (filter === 'make') {
      // A single-brand site has nothing to choose between.
      if (makes.length < 2 && !state.make) return null;
      return (
        <FacetSelect
          key="make"
          id={id('make')}
          label="Make"
          options={makes}
          value={state.make}
          onChange={(v) => update(withDirectoryFilter(state, 'make', v))}
        />
      );
    }
    return (
      <FacetSelect
        key="body"
        id={id('body')}
        label="Body type"
        options={results?.facets.body ?? []}
        value={state.body}
        onChange={(v) => update(withDirectoryFilter(state, 'body', v))}
      />
    );
  };

  return (
    <section className="model-directory" ref={top} aria-labelledby={id('heading')}>
      <div className="container">
        <header className="model-directory-head">
          <h2 id={id('heading')}>{props.heading}</h2>
          {props.subheading && <p>{props.subheading}</p>}
        </header>
        <form className="model-directory-filters" role="search" aria-label="Filter models" onSubmit={(e) => e.preventDefault()}>
          {filters.map(renderFilter)}
          {hasDirectoryFilters(state) && (
            <button type="button" className="link-button model-directory-clear" onClick={() => update(EMPTY_DIRECTORY_STATE)}>
              Clear all
            </button>
          )}
        </form>

        {filters.includes('body') && (results?.facets.body.length ?? 0) > 0 && (
          <BodyTypeFilter
            id={id('body-types')}
            options={results!.facets.body}
            value={state.body}
            onChange={(v) => update(withDirectoryFilter(state, 'body', v))}
          />
        )}

        <p className="model-directory-count" aria-live="polite" id={id('count')}>
          {results ? (
            <>
              <strong>{count}</strong> {count === 1 ? 'model' : 'models'}
            </>
          ) : (
            'Loading models…'
          )}
        </p>

        {error && (
          <div className="model-directory-error" role="alert">
            <p>{error}</p>
            <button type="button" className="button button-secondary" onClick={retry}>
              Try again
            </button>
          </div>
        )}

        {loading && <div className="model-directory-progress" role="progressbar" aria-label="Loading models" />}
        {!results ? (
          <ol className="model-directory-grid" aria-busy="true" aria-label="Loading models">
            {[0, 1, 2].map((i) => (
              <li key={i}>
                <ModelCardSkeleton />
              </li>
            ))}
          </ol>
        ) : results.hits.length === 0 ? (
          <div className="model-directory-empty card" role="status">
            <h3>{NO_RESULTS_TITLE}</h3>
            <p>{NO_RESULTS_TEXT}</p>
            <button type="button" className="button button-primary" onClick={() => update(EMPTY_DIRECTORY_STATE)}>
              {CLEAR_FILTERS_LABEL}
            </button>
          </div>
        ) : (
          <ol className={`model-directory-grid${loading ? ' is-busy' : ''}`} aria-busy={loading} aria-labelledby={id('count')}>
            {results.hits.map((model, i) => (
              <li key={model.id}>
                <ModelCard model={model} imageLoading={i === 0 ? 'priority' : i < 3 ? 'eager' : 'lazy'} {...card} />
              </li>
            ))}
          </ol>
        )}

        {results && results.totalPages > 1 && <Pages state={state} page={results.page} totalPages={results.totalPages} onPage={goToPage} />}
      </div>
    </section>
  );
}

function FacetSelect({
  id,
  label,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  options: FacetOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  // A value from the address that no model has still shows as chosen (with 0), so the empty result explains itself.
  const known = !value || options.some((o) => o.value === value);
  return (
    <div className="model-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label} ({o.count})
          </option>
        ))}
        {!known && <option value={value}>{value} (0)</option>}
      </select>
    </div>
  );
}

/** Body types as buttons with their drawn icons (docs/requirements/dealer-services.md#constants); the chosen one is pressed, All clears the filter. */
function BodyTypeFilter({ id, options, value, onChange }: { id: string; options: FacetOption[]; value: string; onChange: (value: string) => void }) {
  const known = !value || options.some((o) => o.value === value);
  const all = [...options, ...(known ? [] : [{ value, label: value, count: 0 }])];
  return (
    <fieldset className="model-filter model-filter-body" aria-describedby={`${id}-hint`}>
      <legend>Shop by body type</legend>
      <span id={`${id}-hint`} className="mc-visually-hidden">
        Shows the models of one body type
      </span>
      <div className="body-type-buttons">
        <button type="button" className="body-type-button" aria-pressed={!value} onClick={() => onChange('')}>
          <span className="body-type-label">All</span>
        </button>
        {all.map((o) => (
          <button
            key={o.value}
            type="button"
            className="body-type-button"
            data-body={o.value}
            aria-pressed={o.value === value}
            onClick={() => onChange(o.value === value ? '' : o.value)}
          >
            <BodyTypeIcon body={o.value} size={44} />
            <span className="body-type-label">
              {o.label} <span className="body-type-count">({o.count})</span>
            </span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** docs/requirements/vehicle-browsing.md#constants: the search box waits 300 ms after typing; Enter searches at once. */
function ModelNameBox({ id, value, placeholder, onSearch }: { id: string; value: string; placeholder?: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => setText(value), [value]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const change = (next: string) => {
    setText(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => onSearch(next), SEARCH_BOX_DEBOUNCE_MS);
  };
  return (
    <div className="model-filter model-filter-name">
      <label htmlFor={id}>Model</label>
      <input
        id={id}
        type="search"
        value={text}
        placeholder={placeholder ?? 'e.g. CX-5'}
        autoComplete="off"
        onChange={(e) => change(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          if (timer.current) clearTimeout(timer.current);
          onSearch(text);
        }}
      />
    </div>
  );
}

function Pages({ state, page, totalPages, onPage }: { state: DirectoryState; page: number; totalPages: number; onPage: (page: number) => void }) {
  const href = (p: number) => {
    const params = new URLSearchParams();
    if (state.make) params.set('make', state.make);
    if (state.model) params.set('model', state.model);
    if (state.body) params.set('body', state.body);
    if (p > 1) params.set('page', String(p));
    const query = params.toString();
    return query ? `?${query}` : '?';
  };
  return <Pagination page={page} totalPages={totalPages} hrefOf={href} onPage={onPage} label="Model pages" className="model-directory-pages" />;
}
