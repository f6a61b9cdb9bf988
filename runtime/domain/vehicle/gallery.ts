// Vehicle gallery model (docs/requirements/vehicle-browsing.md#states): which slides, where the video goes, spin view, thumbnails.
import type { VehicleCar } from './car';
import type { ResolvedVehicleGallerySettings } from '../../../schemas/generated/settings';

export type GallerySlide =
  | { kind: 'image'; url: string; thumbUrl: string; placeholder?: string }
  | { kind: 'video'; url: string }
  | { kind: 'custom'; id: string }
  | { kind: 'placeholder'; url: string };

export type SpinView = 'spinner' | 'gallery' | 'interior';

export interface GalleryModel {
  /** 'spin' replaces the gallery with the spin viewer. */
  mode: 'spin' | 'images';
  slides: GallerySlide[];
  showThumbnails: boolean;
  showFullscreenThumbnails: boolean;
  spinViews: SpinView[];
  initialSpinView: SpinView | null;
}

export type GalleryCar = Pick<VehicleCar, 'status' | 'images' | 'video_url' | 'spin_images' | 'spin_interior_image'>;

// docs/requirements/vehicle-browsing.md#states: "A video slide is inserted at position 2" (1-based).
const VIDEO_SLIDE_POSITION = 2;
// docs/requirements/vehicle-browsing.md#states: thumbnails need more than 3 images.
const THUMBNAILS_MIN_IMAGES_EXCLUSIVE = 3;
// docs/requirements/vehicle-browsing.md#states: fewer than 2 images get new-arrival placeholders on enabled sites.
const NEW_ARRIVAL_BELOW_IMAGES = 2;

function imageSlides(car: GalleryCar): Extract<GallerySlide, { kind: 'image' }>[] {
  return (car.images ?? [])
    .filter((img) => !img.isVideo && img.image?.url)
    .map((img) => ({
      kind: 'image' as const,
      url: img.image!.url!,
      thumbUrl: img.image?.thumb?.url || img.image!.url!,
      ...(img.image?.placeholder ? { placeholder: img.image.placeholder } : {}),
    }));
}

/**
 * Order: first image, then the video (position 2), then the custom slide (position 2 when there
 * is no video, else right after it), then the remaining images.
 */
export function vehicleGallery(car: GalleryCar, s: ResolvedVehicleGallerySettings, options: { customSlideId?: string } = {}): GalleryModel {
  const images = imageSlides(car);
  const realImages = images.filter((img) => img.url !== s.defaultImageUrl);

  const useNewArrival = s.newArrivalPlaceholdersEnabled && realImages.length < NEW_ARRIVAL_BELOW_IMAGES && s.newArrivalPlaceholderImages.length > 0;
  const slides: GallerySlide[] = useNewArrival
    ? [...realImages, ...s.newArrivalPlaceholderImages.map((url) => ({ kind: 'placeholder' as const, url }))]
    : realImages.length
      ? [...realImages]
      : [{ kind: 'placeholder', url: s.defaultImageUrl }];
  const inserts: GallerySlide[] = [];
  if (car.video_url) inserts.push({ kind: 'video', url: car.video_url });
  if (options.customSlideId) inserts.push({ kind: 'custom', id: options.customSlideId });
  slides.splice(Math.min(VIDEO_SLIDE_POSITION - 1, slides.length), 0, ...inserts);

  const hasSpin = (car.spin_images?.length ?? 0) > 0;
  const spinViews: SpinView[] = hasSpin ? ['spinner', 'gallery', ...(car.spin_interior_image ? (['interior'] as const) : [])] : [];
  const initialSpinView = hasSpin ? (spinViews.includes(s.defaultSpinView) ? s.defaultSpinView : 'spinner') : null;

  return {
    mode: hasSpin ? 'spin' : 'images',
    slides,
    showThumbnails: car.status === 'in_stock' && realImages.length > THUMBNAILS_MIN_IMAGES_EXCLUSIVE,
    showFullscreenThumbnails: realImages.length > THUMBNAILS_MIN_IMAGES_EXCLUSIVE,
    spinViews,
    initialSpinView,
  };
}
