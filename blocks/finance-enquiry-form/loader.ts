// The finance link's query (docs/requirements/dealer-services.md#screens): preferredDealership, vehiclePriceBudget, car_id, car_type, vin.
import type { BlockLoader } from '../../runtime/renderer/types';
import { carFromQuery } from '../../runtime/ui/forms/car-from-query';
import { financeQuery, type FinanceFormData } from './finance-query';

const loader: BlockLoader<unknown, FinanceFormData> = (ctx) => ({
  car: carFromQuery(ctx),
  ...financeQuery(
    ctx.url.searchParams,
    ctx.tenant.dealerships.map((d) => d.slug),
  ),
});
export default loader;
