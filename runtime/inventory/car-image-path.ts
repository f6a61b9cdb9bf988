import type { Car } from '../../schemas/generated/car';
import { bodyKindOf, CATALOGUE_ANGLE, carImageSvg, placeholderSvg, type CarImageView } from './car-image';
import { parseMediaPath, SPIN_FRAME_COUNT } from './media-paths';

// Turns a media URL of a car back into its SVG; the server calls this for /media/... requests.

/** What photo N of a gallery shows: hero three-quarter, side, front, rear, cabin, wheel, then more angles. */
const PHOTO_SEQUENCE: { view: CarImageView; angle?: number }[] = [
  { view: 'side', angle: CATALOGUE_ANGLE },
  { view: 'side', angle: 0 },
  { view: 'front' },
  { view: 'rear' },
  { view: 'interior' },
  { view: 'detail' },
  { view: 'side', angle: 150 },
  { view: 'side', angle: 180 },
  { view: 'side', angle: 320 },
];

export function photoView(index: number): { view: CarImageView; angle?: number } {
  const base = PHOTO_SEQUENCE[index % PHOTO_SEQUENCE.length];
  if (!base) throw new RangeError(`photo index ${index} is not a whole number from 0`);
  const round = Math.floor(index / PHOTO_SEQUENCE.length);
  // later rounds turn the car a little so no two photos are identical
  return round && base.angle !== undefined ? { view: base.view, angle: (base.angle + round * 17) % 360 } : base;
}

/** The SVG for a media path of this car, or null when the path is not one of its images. */
export function carImageForPath(car: Car | null | undefined, path: string): string | null {
  const request = parseMediaPath(path);
  if (!request) return null;
  if (request.kind === 'placeholder') return placeholderSvg(request.width, request.body);
  if (!car || request.carId !== car.id) return null;
  const common = {
    body: bodyKindOf(car.simple_body, car.item_type),
    colour: car.colour ?? 'Silver',
    seed: car.id,
    width: request.width,
    interiorColour: car.interior_colour ?? undefined,
  };
  const label = car.title ?? car.name ?? `${car.year} ${car.make} ${car.model}`;
  if (request.kind === 'photo') {
    const count = car.photos_count ?? car.images?.length ?? 0;
    if (request.index >= count) return null;
    return carImageSvg({ ...common, ...photoView(request.index), label });
  }
  const frames = car.spin_images?.length ?? 0;
  if (request.kind === 'spin') {
    if (request.frame >= frames) return null;
    return carImageSvg({
      ...common,
      view: 'side',
      angle: (request.frame * 360) / Math.max(frames, SPIN_FRAME_COUNT),
      label: `${label}, spin frame ${request.frame + 1}`,
    });
  }
  if (!car.spin_interior_image) return null;
  return carImageSvg({ ...common, view: 'interior', label: `${label}, interior` });
}
