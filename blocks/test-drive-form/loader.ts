// /book-test-drive?car_id=: the car to drive, from the site's own stock.
import { carFromQuery } from '../../runtime/ui/forms/car-from-query';
import type { BlockLoader } from '../../runtime/renderer/types';
import type { LeadFormCar } from '../../runtime/ui/forms/lead-car';

const loader: BlockLoader<unknown, { car: LeadFormCar | null }> = (ctx) => ({ car: carFromQuery(ctx) });
export default loader;
