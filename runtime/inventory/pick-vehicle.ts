import type { Rng } from './prng';
import { CAR_MODELS } from './catalogue/car-models';
import { CARAVAN_MODELS } from './catalogue/caravan-models';
import { MOTORCYCLE_MODELS } from './catalogue/motorcycle-models';
import type { CaravanSpec, CarModelSpec, MotorcycleSpec, Powertrain, SimpleDrive, SimpleFuel, SimpleTransmission } from './catalogue/types';
import type { CarType, InventoryDealership, ItemKind } from './types';

// Chooses what vehicle a listing is: catalogue row, grade, powertrain, drive and gearbox.

export type VehicleChoice =
  | { kind: 'car'; spec: CarModelSpec; badgeIndex: number; series: string; powertrain: Powertrain; drive: SimpleDrive; transmission: SimpleTransmission }
  | { kind: 'caravan'; spec: CaravanSpec; badgeIndex: number }
  | { kind: 'motorcycle'; spec: MotorcycleSpec; badgeIndex: number };

export interface VehicleWish {
  kind: ItemKind;
  carType: CarType;
  make?: string;
  model?: string;
  fuel?: SimpleFuel;
}

const byKind: Record<ItemKind, (CarModelSpec | CaravanSpec | MotorcycleSpec)[]> = {
  car: CAR_MODELS,
  caravan: CARAVAN_MODELS,
  motorcycle: MOTORCYCLE_MODELS,
};

const sameMake = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function candidates(wish: VehicleWish, dealership: InventoryDealership) {
  let rows = byKind[wish.kind];
  // A franchise dealer's new and demo stock is its own makes (seed: dealers sell their brands new).
  const franchise = dealership.makes?.length && wish.carType !== 'used' ? dealership.makes : undefined;
  if (franchise) {
    const own = rows.filter((row) => franchise.some((make) => sameMake(make, row.make)));
    if (own.length) rows = own;
  }
  const narrow = <T extends { make: string; model: string }>(list: T[], keep: (row: T) => boolean) => {
    const kept = list.filter(keep);
    return kept.length ? kept : list;
  };
  if (wish.make) rows = narrow(rows, (row) => sameMake(row.make, wish.make!));
  if (wish.model) rows = narrow(rows, (row) => row.model === wish.model);
  if (wish.fuel && wish.kind === 'car') rows = narrow(rows as CarModelSpec[], (row) => row.powertrains.some((p) => p.fuel === wish.fuel));
  return rows;
}

export function pickVehicle(rng: Rng, wish: VehicleWish, dealership: InventoryDealership): VehicleChoice {
  const row = rng.pick(candidates(wish, dealership));
  const badgeIndex = rng.int(0, row.badges.length - 1);
  if (wish.kind === 'caravan') return { kind: 'caravan', spec: row as CaravanSpec, badgeIndex };
  if (wish.kind === 'motorcycle') return { kind: 'motorcycle', spec: row as MotorcycleSpec, badgeIndex };
  const spec = row as CarModelSpec;
  const fuelled = wish.fuel ? spec.powertrains.filter((p) => p.fuel === wish.fuel) : [];
  return {
    kind: 'car',
    spec,
    badgeIndex,
    series: rng.pick(spec.series),
    powertrain: rng.pick(fuelled.length ? fuelled : spec.powertrains),
    drive: rng.pick(spec.drives),
    transmission: rng.weighted({ Automatic: 85, Manual: spec.transmissions.includes('Manual') ? 15 : 0 }) as SimpleTransmission,
  };
}
