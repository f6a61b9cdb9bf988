// The compare page: up to 4 cars side by side (price, finance figure, key specs), each removable.
import { useEffect, useState } from 'react';
import { Link } from '../../runtime/renderer/Link';
import type { Car } from '../../schemas/generated/car';
import type { ResolvedCompareCarsProps as CompareCarsProps } from '../../schemas/generated/block-props';
import { formatNumber } from '../../runtime/domain/format';
import { cardPrice, vehicleTitle } from '../../runtime/domain/vehicle';
import { cardFinanceFigure } from '../../runtime/domain/finance/vehicle-finance';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { useSite } from '../../runtime/renderer/site-context';
import { compareIds, removeCompare } from '../../runtime/ui/site-storage';
import { savedCarsStorage } from '../../runtime/ui/favourites';
import '../../runtime/ui/accounts/accounts.css';
import { ResponsiveImage } from '../../runtime/ui/image/ResponsiveImage';
import { resolvedSettings } from '../../runtime/domain/settings';
import { LoadingText } from '../../runtime/ui/LoadingText';

const SPECS: { label: string; value: (c: Car) => string | number | null | undefined }[] = [
  { label: 'Year', value: (c) => c.year },
  { label: 'Type', value: (c) => ({ new: 'New', used: 'Used', demo: 'Demo' })[c.car_type as string] ?? c.car_type },
  { label: 'Odometer', value: (c) => (typeof c.km === 'number' ? `${formatNumber(c.km)} km` : null) },
  { label: 'Body', value: (c) => c.simple_body },
  { label: 'Transmission', value: (c) => c.simple_transmission ?? c.trans },
  { label: 'Fuel', value: (c) => c.simple_fuel ?? c.fuel },
  { label: 'Engine', value: (c) => (c.engine_size_litres ? `${c.engine_size_litres} L` : null) },
  { label: 'Drive', value: (c) => c.simple_drive ?? c.drive },
  { label: 'Seats', value: (c) => c.seats },
  { label: 'Colour', value: (c) => c.colour },
  { label: 'Stock number', value: (c) => c.stocknum },
];

export default function CompareCars({ props }: BlockComponentProps<CompareCarsProps>) {
  const site = useSite();
  const [cars, setCars] = useState<Car[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = () => {
    const ids = compareIds(savedCarsStorage(site), site.slug);
    if (!ids.length) return setCars([]);
    fetch(`/api/compare-cars?ids=${ids.slice(0, 4).join(',')}`, { headers: { accept: 'application/json' } })
      .then(async (r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        setCars(((await r.json()) as { cars: Car[] }).cars);
      })
      .catch(() => setError('The cars to compare could not be loaded. Please try again.'));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is read again only for another site
  useEffect(load, [site.slug]);

  const remove = (id: number) => {
    removeCompare(savedCarsStorage(site), site.slug, id);
    setCars((list) => list?.filter((c) => c.id !== id) ?? null);
  };

  const { finance, vehicle } = resolvedSettings(site.settings);
  const priceSettings = vehicle.price;
  return (
    <section className="page-section compare-page container" aria-labelledby="compare-heading">
      <h1 id="compare-heading">{props.heading}</h1>
      {error && <p role="alert">{error}</p>}
      {cars === null && !error && <LoadingText />}
      {cars?.length === 0 && <p className="card empty-state">{props.emptyText}</p>}
      {cars && cars.length > 0 && (
        <div className="table-scroll">
          <table className="compare-table">
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Specification</span>
                </th>
                {cars.map((c) => (
                  <th key={c.id} scope="col" data-car-id={c.id}>
                    {c.primary_image_url && <ResponsiveImage carId={c.id} src={c.primary_image_url} alt="" width={220} height={147} />}
                    <Link to={`/cars/${c.slug}`}>{vehicleTitle(c)}</Link>
                    <div>
                      <button
                        type="button"
                        className="button button-secondary"
                        onClick={() => remove(c.id)}
                        aria-label={`Remove ${vehicleTitle(c)} from compare`}
                      >
                        Remove
                      </button>
                    </div>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Price</th>
                {cars.map((c) => (
                  <td key={c.id}>{cardPrice(c, priceSettings).price.text}</td>
                ))}
              </tr>
              <tr>
                <th scope="row">Finance</th>
                {cars.map((c) => {
                  const weekly = cardFinanceFigure(c, finance);
                  return <td key={c.id}>{weekly ? `${weekly.text} ${weekly.suffix}` : '-'}</td>;
                })}
              </tr>
              {SPECS.map((spec) => (
                <tr key={spec.label}>
                  <th scope="row">{spec.label}</th>
                  {cars.map((c) => (
                    <td key={c.id}>{spec.value(c) ?? '-'}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
