// Facet filters of the sidebar (docs/requirements/vehicle-browsing.md#screens): checkbox lists with counts, make cards with their model lists, and
// the select / dropdown / native select variants with 'All' and per-option counts.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  ALL_OPTION_LABEL,
  facetSelectOptions,
  makeListDisplay,
  modelListDisplay,
  formatFacetCount,
  type FacetItem,
  type ResolvedSearchSettings,
} from './facet-helpers';

export interface FacetProps {
  attribute: string;
  title: string;
  items: FacetItem[];
  selected: string[];
  onToggle: (value: string) => void;
  onSet: (values: string[]) => void;
  /** Hits of the current search, for the 'All' option. */
  total: number;
}

export function CheckboxFacet({ attribute, items, selected, onToggle }: FacetProps) {
  // A refined value with no hits left still shows, so it can be unticked.
  const values = withSelected(items, selected);
  if (!values.length) return <p className="facet-empty">No options for this search.</p>;
  return (
    <ul className="facet-list">
      {values.map((item) => (
        <li key={item.value}>
          <label className="facet-option">
            <input type="checkbox" name={attribute} value={item.value} checked={selected.includes(item.value)} onChange={() => onToggle(item.value)} />
            <span className="facet-label">{item.label}</span>
            <span className="facet-count">{formatFacetCount(item.count)}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

function withSelected(items: FacetItem[], selected: string[]): FacetItem[] {
  const missing = selected.filter((v) => !items.some((i) => i.value === v)).map((value) => ({ value, label: value.split(':').pop()!, count: 0 }));
  return [...items, ...missing];
}

export interface MakeFacetProps extends FacetProps {
  settings: Pick<ResolvedSearchSettings, 'makeListMode' | 'makesShownBeforeShowAll' | 'popularMakesCount' | 'modelListLimit' | 'modelSelection'>;
  makeModels: FacetItem[];
  selectedModels: string[];
  onToggleModel: (value: string) => void;
  loading: boolean;
}

/** docs/requirements/vehicle-browsing.md#screens: make cards; 7 before 'Show all makes' (or the popular-makes count / split); 'Select models' / 'Hide'. */
export function MakeCardsFacet({ items, selected, onToggle, settings, makeModels, selectedModels, onToggleModel, loading }: MakeFacetProps) {
  const [showAll, setShowAll] = useState(false);
  const [expanded, setExpanded] = useState<string[]>([]);
  if (loading && !items.length) {
    return (
      <div className="make-cards" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders while loading: a fixed count with no identity
          <div key={i} className="make-card skeleton-block" />
        ))}
      </div>
    );
  }
  const display = makeListDisplay(withSelected(items, selected), settings, showAll);
  return (
    <div className="make-facet">
      {display.groups.map((group) => (
        <div key={group.title ?? 'makes'} className="make-group">
          {group.title && <h4 className="make-group-title">{group.title}</h4>}
          <ul className="make-cards">
            {group.items.map((make) => {
              // Without model selection a make is only a make: no model list to open.
              const open = settings.modelSelection && expanded.includes(make.value);
              const models = modelListDisplay(makeModels, make.value, open, settings.modelListLimit);
              const checked = selected.includes(make.value);
              return (
                <li key={make.value} className={`make-card${checked ? ' selected' : ''}`}>
                  <label className="make-card-main">
                    <input type="checkbox" name="make" value={make.value} checked={checked} onChange={() => onToggle(make.value)} />
                    <span className="make-name">{make.label}</span>
                    <span className="facet-count">{formatFacetCount(make.count)}</span>
                  </label>
                  {settings.modelSelection && (
                    <button
                      type="button"
                      className="make-models-toggle"
                      aria-expanded={open}
                      aria-label={`${models.toggleLabel} for ${make.label}`}
                      onClick={() => setExpanded((e) => (open ? e.filter((m) => m !== make.value) : [...e, make.value]))}
                    >
                      {models.toggleLabel}
                    </button>
                  )}
                  {open && (
                    <ul className="facet-list model-list">
                      {models.items.map((m) => (
                        <li key={m.value}>
                          <label className="facet-option">
                            <input
                              type="checkbox"
                              name="make_model"
                              value={m.value}
                              checked={selectedModels.includes(m.value)}
                              onChange={() => onToggleModel(m.value)}
                            />
                            <span className="facet-label">{m.label}</span>
                            <span className="facet-count">{formatFacetCount(m.count)}</span>
                          </label>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {display.showAllLabel && (
        <button type="button" className="link-button" onClick={() => setShowAll(true)}>
          {display.showAllLabel}
        </button>
      )}
    </div>
  );
}

/** A native select: 'All' plus each value with its count. */
export function NativeSelectFacet({ attribute, title, items, selected, onSet, total }: FacetProps) {
  const options = facetSelectOptions(withSelected(items, selected), total);
  return (
    <select
      className="facet-select"
      name={attribute}
      aria-label={title}
      value={selected[0] ?? ''}
      onChange={(e) => onSet(e.currentTarget.value ? [e.currentTarget.value] : [])}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.text}
        </option>
      ))}
    </select>
  );
}

/** A custom single-choice listbox (button + list), keyboard operable: arrows move, Enter / Space choose, Escape closes. */
export function SelectFacet({ attribute, title, items, selected, onSet, total }: FacetProps) {
  const options = facetSelectOptions(withSelected(items, selected), total);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const list = useRef<HTMLUListElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const current = options.find((o) => o.value === (selected[0] ?? '')) ?? options[0];
  useEffect(() => {
    if (open) list.current?.focus();
  }, [open]);
  // Closing by keyboard gives the focus back to the button (the list it was on is gone).
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (value: string) => {
    onSet(value ? [value] : []);
    close();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') setActive((a) => Math.min(options.length - 1, a + 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
    else if (e.key === 'Home') setActive(0);
    else if (e.key === 'End') setActive(options.length - 1);
    else if (e.key === 'Enter' || e.key === ' ') {
      if (options[active]) choose(options[active].value);
    } else if (e.key === 'Escape' || e.key === 'Tab') {
      if (e.key === 'Tab') return setOpen(false);
      close();
    } else return;
    e.preventDefault();
  };
  return (
    <div className="facet-dropdown" data-attribute={attribute}>
      <button
        ref={button}
        type="button"
        className="facet-dropdown-button"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={`${title}: ${current.text}`}
        onClick={() => {
          setActive(Math.max(0, options.indexOf(current)));
          setOpen(!open);
        }}
      >
        {current.value ? current.text : `${ALL_OPTION_LABEL} (${formatFacetCount(total)})`}
      </button>
      {open && (
        <ul
          ref={list}
          className="facet-dropdown-panel"
          role="listbox"
          tabIndex={-1}
          aria-label={title}
          aria-activedescendant={`${id}-${active}`}
          onKeyDown={onKey}
          onBlur={() => setOpen(false)}
        >
          {options.map((o, i) => (
            <li
              key={o.value}
              id={`${id}-${i}`}
              role="option"
              aria-selected={o.value === current.value}
              className={i === active ? 'active' : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(o.value);
              }}
            >
              {o.value ? o.text : `${ALL_OPTION_LABEL} (${formatFacetCount(total)})`}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A dropdown of checkboxes (several values), with 'All' clearing the attribute. */
export function DropdownFacet(props: FacetProps) {
  const { title, selected, onSet, total } = props;
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const summary = selected.length ? `${title}: ${selected.length} selected` : `${ALL_OPTION_LABEL} (${formatFacetCount(total)})`;
  return (
    <div
      className="facet-dropdown"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        setOpen(false);
        button.current?.focus();
      }}
    >
      <button ref={button} type="button" className="facet-dropdown-button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {summary}
      </button>
      {open && (
        <div className="facet-dropdown-panel">
          <label className="facet-option">
            <input type="checkbox" checked={!selected.length} onChange={() => onSet([])} />
            <span className="facet-label">{ALL_OPTION_LABEL}</span>
            <span className="facet-count">{formatFacetCount(total)}</span>
          </label>
          <CheckboxFacet {...props} />
        </div>
      )}
    </div>
  );
}
