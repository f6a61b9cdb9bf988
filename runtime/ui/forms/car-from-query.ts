// Server side (block loaders): the car a form page is about, from ?car_id= (docs/requirements/dealer-services.md#screens /book-test-drive, the
// finance link), looked up within the site's own stock. Links carry the car's id; some carry its slug: both work.
import type { BlockLoaderContext } from '../../renderer/types';
import { leadFormCar, type LeadFormCar } from './lead-car';

export function carFromQuery(ctx: Pick<BlockLoaderContext, 'url' | 'tenant' | 'services'>): LeadFormCar | null {
  const raw = (ctx.url.searchParams.get('car_id') ?? '').trim();
  const catalogue = ctx.services.catalogue;
  if (!raw || raw.length > 200 || !catalogue) return null;
  const car = /^\d{1,12}$/.test(raw) ? catalogue.byIdFor(ctx.tenant, Number(raw)) : catalogue.bySlugFor(ctx.tenant, raw);
  return car ? leadFormCar(car) : null;
}
