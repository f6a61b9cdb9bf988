import { vehicleFinanceFigure, type VehicleFinanceFigure } from '../../runtime/domain/finance/vehicle-finance';
import type { VehiclePageData } from '../../runtime/page-data/types';
import type { BlockLoader } from '../../runtime/renderer/types';

export interface FinanceFigureData {
  /** The lender's figure for the car, decided on the server (the lender rules read today's date). */
  figure: VehicleFinanceFigure | null;
}

const load: BlockLoader<unknown, FinanceFigureData> = ({ page, tenant, now }) => {
  const vehicle = page as VehiclePageData | undefined;
  return { figure: vehicle ? vehicleFinanceFigure(vehicle.car, tenant.settings.finance ?? {}, null, now) : null };
};
export default load;
