// Favourite and compare buttons (docs/requirements/vehicle-browsing.md#validation): hidden unless the feature is on and the car eligible.
import type { VehicleCar } from './car';
import type { ResolvedVehicleFavouriteSettings } from '../../../schemas/generated/settings';

export type FavouriteCar = Pick<VehicleCar, 'price' | 'car_type' | 'thumbnails' | 'images' | 'primary_image_url'>;

const hasImage = (car: FavouriteCar) => (car.thumbnails?.length ?? 0) > 0 || Boolean(car.primary_image_url) || (car.images ?? []).some((i) => i.image?.url);

function isFavouriteEligible(car: FavouriteCar, eligibility: ResolvedVehicleFavouriteSettings['eligibility']): boolean {
  if (eligibility === 'priced-with-image') return (car.price ?? 0) > 0 && hasImage(car);
  if (eligibility === 'used-only') return car.car_type === 'used';
  return true;
}

export function favouriteCompareButtons(car: FavouriteCar, s: ResolvedVehicleFavouriteSettings): { favourite: boolean; compare: boolean } {
  const eligible = isFavouriteEligible(car, s.eligibility);
  return { favourite: s.favouritesEnabled && eligible, compare: s.compareEnabled && eligible };
}
