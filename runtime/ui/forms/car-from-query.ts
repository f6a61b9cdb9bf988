// Server side (block loaders): the car a form page is about, from ?car_id= (seed 001 §2 /book-test-drive,
// the finance link), looked up within the site's own stock.
import type { BlockLoaderContext } from '../../renderer/types';
import { leadFormCar, type LeadFormCar } from './lead-car';

export function carFromQuery(ctx: Pick<BlockLoaderContext, 'url' | 'tenant' | 'services'>): LeadFormCar | null {
  const raw = ctx.url.searchParams.get('car_id');
  const id = raw && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
  if (id === null || !ctx.services.catalogue) return null;
  const car = ctx.services.catalogue.byIdFor(ctx.tenant, id);
  return car ? leadFormCar(car) : null;
}
