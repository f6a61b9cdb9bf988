// ?car_id= on /cars/trade-in: the car the shopper is looking at, from the site's own stock (carried in the lead).
import { carFromQuery } from '../../runtime/ui/forms/car-from-query';
import type { BlockLoader } from '../../runtime/renderer/types';
import type { LeadFormCar } from '../../runtime/ui/forms/lead-car';

export interface TradeInWizardData {
  car: LeadFormCar | null;
}

const loader: BlockLoader<unknown, TradeInWizardData> = (ctx) => ({ car: carFromQuery(ctx) });
export default loader;
