import { pageQuote } from '../../runtime/domain/finance/quote-providers';
import { vehicleFinanceFigure, type VehicleFinanceFigure } from '../../runtime/domain/finance/vehicle-finance';
import { resolvedSettings } from '../../runtime/domain/settings';
import type { FinanceQuote } from '../../runtime/domain/finance/youx-quote';
import type { VehiclePageData } from '../../runtime/page-data/types';
import type { BlockLoader } from '../../runtime/renderer/types';

export interface FinanceFigureData {
  /** The car's figure, decided on the server (the lender rules read today's date; a quote is asked for here). */
  figure: VehicleFinanceFigure | null;
}

// The sidebar, the call-to-action and the calculator share this loader: one quote per car page rendered.
const quotes = new WeakMap<object, Promise<FinanceQuote | null>>();

const load: BlockLoader<unknown, FinanceFigureData> = async ({ page, tenant, now }) => {
  const vehicle = page as VehiclePageData | undefined;
  if (!vehicle) return { figure: null };
  const { finance } = resolvedSettings(tenant.settings);
  let quote = quotes.get(vehicle.car);
  if (!quote) quotes.set(vehicle.car, (quote = pageQuote(vehicle.car, finance)));
  return { figure: vehicleFinanceFigure(vehicle.car, finance, await quote, now) };
};
export default load;
