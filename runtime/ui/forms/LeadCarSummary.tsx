// The car a form is about, shown above the form; and the page's car on a vehicle page.
import { useMemo } from 'react';
import { formatMoney } from '../../domain/format';
import type { VehiclePageData } from '../../page-data/types';
import { usePageData } from '../../renderer/site-context';
import { leadFormCar, type LeadFormCar } from './lead-car';
import './forms.css';
import { ResponsiveImage } from '../image/ResponsiveImage';

/** The vehicle page's car as a form needs it, or null on any other page. */
export function usePageCar(): LeadFormCar | null {
  const page = usePageData<Partial<VehiclePageData>>();
  const car = page && typeof page === 'object' && page.car && typeof page.car.id === 'number' ? page.car : null;
  return useMemo(() => (car ? leadFormCar(car) : null), [car]);
}

export function LeadCarSummary({ car }: { car: LeadFormCar }) {
  return (
    <div className="lead-car">
      {car.image && <ResponsiveImage src={car.image} alt="" width={96} height={64} sizes="96px" />}
      <div>
        <p className="lead-car-name">{car.name}</p>
        <p className="lead-car-meta">
          {[car.stocknum ? `Stock #${car.stocknum}` : null, car.price && car.price > 0 ? formatMoney(car.price) : null].filter(Boolean).join(' · ')}
        </p>
      </div>
    </div>
  );
}
