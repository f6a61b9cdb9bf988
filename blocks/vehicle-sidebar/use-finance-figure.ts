// The vehicle's finance figure: the server's (lender figures), else one from a quote asked for in the browser.
import { useEffect, useState } from 'react';
import type { Car } from '../../schemas/generated/car';
import type { ResolvedFinanceSettings } from '../../schemas/generated/settings';
import { vehicleFinanceFigure, type VehicleFinanceFigure } from '../../runtime/domain/finance/vehicle-finance';
import { useFinanceQuote } from '../../runtime/ui/vehicle/client';

export function useFinanceFigure(car: Car | undefined, finance: ResolvedFinanceSettings, serverFigure: VehicleFinanceFigure | null | undefined) {
  const quote = useFinanceQuote(car, finance, !serverFigure);
  const [fromQuote, setFromQuote] = useState<VehicleFinanceFigure | null>(null);
  useEffect(() => {
    // Computed after hydration: the lender rules read today's date, which the server decided for its own figure.
    if (!serverFigure && car && quote) setFromQuote(vehicleFinanceFigure(car, finance, quote, new Date()));
  }, [car, finance, quote, serverFigure]);
  return serverFigure ?? fromQuote;
}
