// docs/requirements/vehicle-browsing.md#states sold handling (when enabled): consecutive sold cars collapse to the first of each run
// unless every hit is sold, in which case all show.

export interface SoldFlags {
  status?: string | null;
  sold?: boolean | null;
}

/** A car counts as sold when its status is sold or its sold flag is set (docs/requirements/vehicle-browsing.md#data). */
function isSoldCar(car: SoldFlags): boolean {
  return car.status === 'sold' || car.sold === true;
}

export function collapseSoldRuns<T extends SoldFlags>(hits: readonly T[], enabled: boolean): T[] {
  if (!enabled || hits.every(isSoldCar)) return [...hits];
  return hits.filter((car, i) => {
    const before = hits[i - 1];
    return !(isSoldCar(car) && before !== undefined && isSoldCar(before));
  });
}
