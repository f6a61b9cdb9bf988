import { useId, useState } from 'react';
import type { ResolvedFuelCalculatorProps as FuelCalculatorProps } from '../../schemas/generated/block-props';
import { formatMoney, formatNumber } from '../../runtime/domain/format';
import { fuelCalculator } from '../../runtime/domain/vehicle';
import { useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { useVehicle } from '../../runtime/ui/vehicle/client';
import './styles.css';
import { resolvedSettings } from '../../runtime/domain/settings';

const dollarsAndCents = (n: number) => `$${formatNumber(n, 2)}`;

export default function FuelCalculator({ props }: BlockComponentProps<FuelCalculatorProps>) {
  const site = useSite();
  const vehicle = useVehicle();
  const [inputs, setInputs] = useState<{ fuelPricePerLitre?: number; kmPerWeek?: number }>({});
  const priceId = useId();
  const kmId = useId();
  const settings = resolvedSettings(site.settings).vehicle.fuelCalculator;
  const fuel = fuelCalculator(vehicle?.car ?? { simple_fuel: 'Petrol' }, settings, inputs);
  // docs/requirements/vehicle-browsing.md#screens: hidden for electric cars
  if (fuel.hidden) return null;
  const number = (text: string) => (text.trim() === '' || !Number.isFinite(Number(text)) ? undefined : Math.max(0, Number(text)));
  return (
    <section className="fuel-calculator card" aria-labelledby={`${priceId}-heading`}>
      <h2 id={`${priceId}-heading`}>{props.heading}</h2>
      <p className="fuel-consumption">
        {fuel.consumptionKnown ? 'Combined consumption' : 'Typical consumption (this vehicle’s figure is not listed)'}:{' '}
        <strong>{formatNumber(fuel.litresPer100Km, 1)} L/100km</strong>
      </p>
      <div className="fuel-inputs">
        <label htmlFor={priceId}>
          Fuel price ($ per litre)
          <input
            id={priceId}
            type="number"
            min="0"
            step="0.01"
            defaultValue={fuel.fuelPricePerLitre.toFixed(2)}
            onChange={(e) => setInputs((i) => ({ ...i, fuelPricePerLitre: number(e.target.value) }))}
          />
        </label>
        <label htmlFor={kmId}>
          Kilometres per week
          <input
            id={kmId}
            type="number"
            min="0"
            step="10"
            defaultValue={fuel.kmPerWeek}
            onChange={(e) => setInputs((i) => ({ ...i, kmPerWeek: number(e.target.value) }))}
          />
        </label>
      </div>
      <dl className="fuel-results" aria-live="polite">
        <div>
          <dt>Per week</dt>
          <dd data-testid="fuel-weekly">{dollarsAndCents(fuel.weeklyCost)}</dd>
        </div>
        <div>
          <dt>Per year</dt>
          <dd data-testid="fuel-yearly">{formatMoney(fuel.yearlyCost)}</dd>
        </div>
      </dl>
    </section>
  );
}
