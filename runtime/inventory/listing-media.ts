import type { Car, CarImage } from '../../schemas/generated/car';
import type { Rng } from './prng';
import { bodyKindOf } from './car-image';
import type { ListingTraits } from './listing-traits';
import { historyReportUrl, photoUrl, placeholderImageUrl, SPIN_FRAME_COUNT, spinFrameUrl, spinInteriorUrl, thumbUrl } from './media-paths';
import { spinHotspots } from './spin-hotspots';

// Photos, spin frames, hotspots, videos and the history report of a listing, all served locally.

type MediaFields = Pick<
  Car,
  | 'images'
  | 'thumbnails'
  | 'primary_image_url'
  | 'photos_count'
  | 'video_url'
  | 'external_video_url'
  | 'spin_images'
  | 'spin_interior_image'
  | 'spin_code'
  | 'hotspots'
  | 'file'
>;

const VIDEO_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function videoId(rng: Rng): string {
  let id = '';
  for (let i = 0; i < 11; i++) id += VIDEO_ID_CHARS[rng.int(0, VIDEO_ID_CHARS.length - 1)];
  return id;
}

export function listingMedia(rng: Rng, carId: number, traits: ListingTraits, simpleBody: string | null | undefined): MediaFields {
  const images: CarImage[] = [];
  for (let i = 0; i < traits.photos; i++) images.push({ image: { url: photoUrl(carId, i), thumb: { url: thumbUrl(carId, i) } } });
  const body = bodyKindOf(simpleBody, traits.kind);
  const spin = traits.spin && body !== 'motorcycle' && body !== 'caravan';
  return {
    images,
    thumbnails: images.map((img) => img.image!.thumb!.url),
    primary_image_url: images[0] ? images[0].image!.url : placeholderImageUrl(body),
    photos_count: images.length,
    video_url: traits.video ? `https://www.youtube.com/watch?v=${videoId(rng)}` : null,
    external_video_url: traits.externalVideo ? `https://www.youtube.com/watch?v=${videoId(rng)}` : null,
    spin_images: spin ? Array.from({ length: SPIN_FRAME_COUNT }, (_, frame) => spinFrameUrl(carId, frame)) : null,
    spin_interior_image: spin ? spinInteriorUrl(carId) : null,
    spin_code: spin ? `SPIN${carId}` : null,
    hotspots: spin ? spinHotspots(rng, body as Parameters<typeof spinHotspots>[1], carId) : null,
    file: traits.historyFile ? historyReportUrl(carId) : null,
  };
}
