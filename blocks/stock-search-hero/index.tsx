import { resolvedSettings } from '../../runtime/domain/settings';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ResolvedStockSearchHeroProps as StockSearchHeroProps } from '../../schemas/generated/block-props';
import { formatNumber } from '../../runtime/domain/format';
import {
  moveSliderHandle,
  rangeRefinementValue,
  rangeSelectionLabel,
  rangeValueLabel,
  sliderBounds,
  sliderStep,
  type RangeSelection,
  type SliderHandle,
} from '../../runtime/domain/search/range-slider';
import { facetTileHref, priceSearchHref, type CarTypeChoiceValue } from '../../runtime/domain/search/stock-search-hero';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { useSite } from '../../runtime/renderer/site-context';
import { BodyTypeIcon } from '../../runtime/ui/body-types/BodyTypeIcon';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { heroConfig, initialSelection, type HeroConfig } from './config';
import {
  chooseValue,
  HERO_DROPDOWNS,
  heroSelectionHref,
  PRICE_BUCKETS,
  type FacetDropdownId,
  type FacetOption,
  type HeroCounts,
  type HeroData,
  type HeroDropdownId,
  type HeroSelection,
  type HeroStock,
} from './hero-search';
import { COUNTS_ERROR_MESSAGE, useHeroCounts } from './use-hero-counts';
import './styles.css';

const vehicles = (n: number) => `${formatNumber(n)} ${n === 1 ? 'vehicle' : 'vehicles'}`;
const withCount = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${formatNumber(count)})`);

interface DropdownProps {
  id: HeroDropdownId;
  selection: HeroSelection;
  counts: HeroCounts | undefined;
  hasMake: boolean;
  onChoose: (id: HeroDropdownId, value: string) => void;
}

function Dropdown({ id, selection, counts, hasMake, onChoose }: DropdownProps) {
  const inputId = useId();
  const dropdown = HERO_DROPDOWNS[id];
  const value = selection.values[id] ?? '';
  // docs/requirements/dealer-services.md#screens: the model list depends on the make.
  const waitsForMake = id === 'model' && hasMake && !selection.values.make;
  let options: FacetOption[];
  if (id === 'price') options = PRICE_BUCKETS.map((b, i) => ({ value: b.value, label: b.label, count: counts?.prices[i] ?? 0 }));
  else options = waitsForMake ? [] : (counts?.options[id as FacetDropdownId] ?? []);
  // A chosen value the counts no longer list (now 0 cars) stays shown, so the select never silently changes.
  if (value && !options.some((o) => o.value === value)) options = [...options, { value, label: value, count: 0 }];
  const known = counts !== undefined;
  return (
    <div className={`ssh-field ssh-field-${id}`}>
      <label htmlFor={inputId}>{dropdown.label}</label>
      <select id={inputId} name={dropdown.urlAttribute} value={value} disabled={waitsForMake} onChange={(e) => onChoose(id, e.target.value)}>
        <option value="">{waitsForMake ? 'Choose a make first' : dropdown.anyLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {withCount(o.label, known ? o.count : undefined)}
          </option>
        ))}
      </select>
    </div>
  );
}

function CarTypeSlider({ config, value, onChange }: { config: HeroConfig; value: CarTypeChoiceValue; onChange: (v: CarTypeChoiceValue) => void }) {
  const name = useId();
  return (
    <fieldset className="ssh-types">
      <legend className="ssh-visually-hidden">Vehicle condition</legend>
      {config.carTypes.choices.map((choice) => (
        <label key={choice.value} className={`ssh-type${choice.value === value ? ' is-selected' : ''}`}>
          <input type="radio" name={name} value={choice.value} checked={choice.value === value} onChange={() => onChange(choice.value)} />
          <span>{choice.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

function FacetTiles({ config, stock }: { config: HeroConfig; stock: HeroStock }) {
  const groups = config.tiles.filter((id) => stock.tiles[id]?.length);
  if (!groups.length) return null;
  return (
    <div className="ssh-browse">
      {groups.map((id) => (
        <nav key={id} className="ssh-tile-group" aria-label={`Browse by ${HERO_DROPDOWNS[id].label}`}>
          <h3>Browse by {HERO_DROPDOWNS[id].label}</h3>
          <ul className="ssh-tiles">
            {stock.tiles[id]!.map((o) => (
              <li key={o.value}>
                <SiteLink href={facetTileHref(HERO_DROPDOWNS[id].urlAttribute, o.value, config.searchPath)} className="ssh-tile">
                  {/* the name is written beside the picture, so the picture is decorative */}
                  {o.logo ? (
                    <ResponsiveImage className="ssh-tile-logo" src={o.logo} alt="" width={96} height={48} />
                  ) : (
                    id === 'body' && <BodyTypeIcon body={o.value} size={56} className="ssh-tile-icon" />
                  )}
                  <span className="ssh-tile-name">{o.label}</span>
                  <span className="ssh-tile-count">{vehicles(o.count)}</span>
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      ))}
    </div>
  );
}

// The same bounds, step and gap as the search page's price slider (one rule, in the domain's range-slider helpers).
const PRICE_BOUNDS = sliderBounds(null, 'price');
const PRICE_STEP = sliderStep(PRICE_BOUNDS, 'price');
const PRICE_KEYS: Record<string, number> = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 10, PageDown: -10 };

function PriceSlider({ config }: { config: HeroConfig }) {
  const groupId = useId();
  const [selection, setSelection] = useState<RangeSelection>({ min: PRICE_BOUNDS.min, max: PRICE_BOUNDS.max });
  const refinement = rangeRefinementValue(selection, PRICE_BOUNDS);
  const text = refinement ? rangeSelectionLabel('price', selection) : 'Any price';
  const move = (handle: SliderHandle, raw: number) => setSelection((s) => moveSliderHandle('price', s, handle, raw, PRICE_BOUNDS));
  // Keys move from the exact value: the native input would first snap a clamped value (max - 1) to its step grid.
  const onKeyDown = (handle: SliderHandle) => (e: KeyboardEvent<HTMLInputElement>) => {
    const keySteps = PRICE_KEYS[e.key];
    let raw: number | null = keySteps === undefined ? null : selection[handle] + keySteps * PRICE_STEP;
    if (e.key === 'Home') raw = handle === 'min' ? PRICE_BOUNDS.min : selection.min;
    if (e.key === 'End') raw = handle === 'max' ? PRICE_BOUNDS.max : selection.max;
    if (raw === null) return;
    e.preventDefault();
    move(handle, Math.min(PRICE_BOUNDS.max, Math.max(PRICE_BOUNDS.min, raw)));
  };
  const handle = (which: SliderHandle, label: string) => (
    <input
      type="range"
      className={`ssh-price-${which}`}
      aria-label={label}
      aria-valuetext={rangeValueLabel('price', selection[which])}
      min={PRICE_BOUNDS.min}
      max={PRICE_BOUNDS.max}
      step="any"
      value={selection[which]}
      onChange={(e) => move(which, Number(e.currentTarget.value))}
      onKeyDown={onKeyDown(which)}
    />
  );
  return (
    <div className="ssh-price">
      <div className="ssh-price-label">
        <span id={groupId}>Your budget</span>
        <output aria-live="polite">{text}</output>
      </div>
      <div className="ssh-price-handles" role="group" aria-labelledby={groupId}>
        {handle('min', 'Minimum price')}
        {handle('max', 'Maximum price')}
      </div>
      {/* docs/requirements/dealer-services.md#screens: the price slider button goes to a search sorted by price descending. */}
      <SiteLink href={priceSearchHref(config.searchPath, refinement)} className="button button-secondary ssh-price-button">
        Show Cars by Price
      </SiteLink>
    </div>
  );
}

export default function StockSearchHero({ props, data, block }: BlockComponentProps<StockSearchHeroProps, HeroData | null | undefined>) {
  const site = useSite();
  const navigate = useNavigate();
  const config = heroConfig(props, resolvedSettings(site.settings).search);
  const [selection, setSelection] = useState<HeroSelection>(() => initialSelection(config));
  const { counts, state } = useHeroCounts(selection, config.dropdowns, data?.counts);
  const headingId = `${block.id}-heading`;
  const href = heroSelectionHref(config.searchPath, selection, config.dropdowns);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(href);
  };

  return (
    <section className="stock-search-hero" aria-labelledby={headingId}>
      <div className="container">
        <form className="ssh-panel" action={config.searchPath} method="get" onSubmit={submit} data-state={state}>
          <div className="ssh-head">
            <h2 id={headingId}>{config.heading}</h2>
            {props.subheading && <p className="ssh-sub">{props.subheading}</p>}
          </div>
          {config.carTypes.showSlider && (
            <CarTypeSlider config={config} value={selection.carType} onChange={(carType) => setSelection((s) => ({ ...s, carType }))} />
          )}
          <div className="ssh-fields" aria-busy={state === 'loading'}>
            {config.dropdowns.map((id) => (
              <Dropdown
                key={id}
                id={id}
                selection={selection}
                counts={counts}
                hasMake={config.dropdowns.includes('make')}
                onChoose={(dropdown, value) => setSelection((s) => chooseValue(s, dropdown, value))}
              />
            ))}
          </div>
          <div className="ssh-actions">
            <p className="ssh-status" role="status">
              {state === 'loading' ? 'Updating…' : counts ? `${vehicles(counts.total)} match` : ''}
            </p>
            <button type="submit" className="button button-primary ssh-submit">
              {config.searchButtonLabel}
            </button>
          </div>
          {state === 'error' && (
            <p className="ssh-error" role="alert">
              {COUNTS_ERROR_MESSAGE}
            </p>
          )}
        </form>
        {(data?.stock || config.priceSlider) && (
          <div className="ssh-extras">
            {data?.stock && <FacetTiles config={config} stock={data.stock} />}
            {config.priceSlider && <PriceSlider config={config} />}
          </div>
        )}
      </div>
    </section>
  );
}
