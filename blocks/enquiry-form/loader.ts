// ?car_id= on a form page: the car the enquiry is about, from the site's own stock.
import { carFromQuery } from '../../runtime/ui/forms/car-from-query';
import type { BlockLoader } from '../../runtime/renderer/types';
import type { LeadFormCar } from '../../runtime/ui/forms/lead-car';

export interface LeadBlockData {
  car: LeadFormCar | null;
}

const loader: BlockLoader<unknown, LeadBlockData> = (ctx) => ({ car: carFromQuery(ctx) });
export default loader;
