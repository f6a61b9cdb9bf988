// Dual-handle range slider for price, km, year and subscription_price (docs/requirements/vehicle-browsing.md#screens, #validation): two native range inputs
// (so arrow keys, Page Up / Down, Home and End work), every move normalised by the shared slider rules, and the
// refinement sent 400 ms after the last move.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  moveSliderHandle,
  parseRangeRefinement,
  RANGE_SLIDER_DEBOUNCE_MS,
  rangeRoundingStep,
  rangeRefinementValue,
  rangeValueLabel,
  sliderBounds,
  sliderStep,
  type RangeAttribute,
  type RangeSelection,
  type SliderHandle,
} from '../../runtime/domain/search';

export interface RangeSliderProps {
  attribute: RangeAttribute;
  title: string;
  /** The URL value ('min:max') or undefined when not refined. */
  value: string | undefined;
  stats: { min: number; max: number } | undefined;
  onChange: (value: string | null) => void;
}

export function RangeSlider({ attribute, title, value, stats, onChange }: RangeSliderProps) {
  const bounds = sliderBounds(stats, attribute);
  const step = sliderStep(bounds, attribute);
  const sliderStepValue = step;
  const fromUrl = parseRangeRefinement(value, bounds);
  const [selection, setSelection] = useState<RangeSelection>(fromUrl);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Back / forward or a cleared filter moves the handles.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the bounds content decides, not the object identity
  useEffect(() => {
    setSelection(parseRangeRefinement(value, bounds));
  }, [value, bounds.min, bounds.max]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const move = (handle: SliderHandle, raw: number) => {
    const next = moveSliderHandle(attribute, selection, handle, raw, bounds);
    setSelection(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange(rangeRefinementValue(next, bounds)), RANGE_SLIDER_DEBOUNCE_MS);
  };

  // Keys step from the exact value (the native input would snap it to its step grid first).
  const onKeyDown = (handle: SliderHandle) => (e: KeyboardEvent<HTMLInputElement>) => {
    const current = selection[handle];
    // Price and km round to their step, so a key press moves at least that far or it would round back.
    const step = Math.max(sliderStepValue, rangeRoundingStep(attribute) ?? 0);
    const delta: Record<string, number> = { ArrowRight: step, ArrowUp: step, ArrowLeft: -step, ArrowDown: -step, PageUp: 10 * step, PageDown: -10 * step };
    let raw: number | null = null;
    const keyMove = delta[e.key];
    if (keyMove !== undefined) raw = current + keyMove;
    if (e.key === 'Home') raw = handle === 'min' ? bounds.min : selection.min;
    if (e.key === 'End') raw = handle === 'max' ? bounds.max : selection.max;
    if (raw === null) return;
    e.preventDefault();
    move(handle, Math.min(bounds.max, Math.max(bounds.min, raw)));
  };

  const span = bounds.max - bounds.min || 1;
  const left = ((selection.min - bounds.min) / span) * 100;
  const right = ((selection.max - bounds.min) / span) * 100;
  const id = `range-${attribute}`;
  // step="any": the native input would snap the value to its own step grid (min + k x step), drawing the handle away
  // from the value the label and the address show; every move is normalised by the slider rules instead.
  return (
    <div className="range-slider" role="group" aria-labelledby={`${id}-title`}>
      <div className="range-values" aria-live="polite">
        <span>{rangeValueLabel(attribute, selection.min)}</span>
        <span aria-hidden="true">–</span>
        <span>{rangeValueLabel(attribute, selection.max)}</span>
      </div>
      <div className="range-track">
        <div className="range-fill" style={{ left: `${left}%`, width: `${Math.max(0, right - left)}%` }} />
        <input
          type="range"
          className="range-input range-min"
          aria-label={`Minimum ${title.toLowerCase()}`}
          aria-valuetext={rangeValueLabel(attribute, selection.min)}
          min={bounds.min}
          max={bounds.max}
          step="any"
          value={selection.min}
          onChange={(e) => move('min', Number(e.currentTarget.value))}
          onKeyDown={onKeyDown('min')}
        />
        <input
          type="range"
          className="range-input range-max"
          aria-label={`Maximum ${title.toLowerCase()}`}
          aria-valuetext={rangeValueLabel(attribute, selection.max)}
          min={bounds.min}
          max={bounds.max}
          step="any"
          value={selection.max}
          onChange={(e) => move('max', Number(e.currentTarget.value))}
          onKeyDown={onKeyDown('max')}
        />
      </div>
    </div>
  );
}
