// The looked-up car in one line, shown by the wizard and its details step (its own file so neither imports the other).
import type { VehicleResult } from '../../runtime/domain/trade-in';

export function VehicleLine({ vehicle }: { vehicle: VehicleResult | null }) {
  if (!vehicle) return null;
  const text = [vehicle.Year, vehicle.Make, vehicle.Model, vehicle.Variant, vehicle.Series].filter(Boolean).join(' ');
  return (
    <p className="trade-in-vehicle" data-testid="trade-in-vehicle">
      Your car: <strong>{text}</strong>
    </p>
  );
}
