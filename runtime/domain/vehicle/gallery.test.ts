import { describe, expect, it } from 'vitest';
import { vehicleGallery, type GalleryCar } from './gallery';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const gallery = (s = {}) => withSettingsDefaults('vehicle', { gallery: s }).gallery;

const img = (n: number) => ({ image: { url: `/i/${n}.jpg`, thumb: { url: `/t/${n}.jpg` } } });
const car = (count: number, extra: Partial<GalleryCar> = {}): GalleryCar => ({
  status: 'in_stock',
  images: Array.from({ length: count }, (_, i) => img(i + 1)),
  ...extra,
});

describe('vehicleGallery (docs/requirements/vehicle-browsing.md#states)', () => {
  it('inserts the video slide at position 2', () => {
    const g = vehicleGallery(car(3, { video_url: 'https://v.example/1.mp4' }), gallery());
    expect(g.slides.map((s) => s.kind)).toEqual(['image', 'video', 'image', 'image']);
    expect(g.slides[1]).toEqual({ kind: 'video', url: 'https://v.example/1.mp4' });
  });
  it('puts a custom slide at position 2 too (after the video when both exist)', () => {
    expect(vehicleGallery(car(2), gallery(), { customSlideId: 'promo' }).slides[1]).toEqual({ kind: 'custom', id: 'promo' });
    const both = vehicleGallery(car(2, { video_url: '/v.mp4' }), gallery(), { customSlideId: 'promo' });
    expect(both.slides.map((s) => s.kind)).toEqual(['image', 'video', 'custom', 'image']);
  });
  it('skips video entries of the image list', () => {
    const g = vehicleGallery({ status: 'in_stock', images: [img(1), { isVideo: true }, img(2)] }, gallery());
    expect(g.slides).toHaveLength(2);
  });
  it('shows thumbnails only in stock with more than 3 images; fullscreen thumbnails with more than 3', () => {
    expect(vehicleGallery(car(4), gallery()).showThumbnails).toBe(true);
    expect(vehicleGallery(car(3), gallery()).showThumbnails).toBe(false);
    expect(vehicleGallery(car(4, { status: 'coming_soon' }), gallery()).showThumbnails).toBe(false);
    expect(vehicleGallery(car(4, { status: 'coming_soon' }), gallery()).showFullscreenThumbnails).toBe(true);
    expect(vehicleGallery(car(3), gallery()).showFullscreenThumbnails).toBe(false);
  });
  it('shows the default placeholder when the only image is the default', () => {
    const only = { status: 'in_stock', images: [{ image: { url: '/media/placeholder.svg' } }] };
    expect(vehicleGallery(only, gallery()).slides).toEqual([{ kind: 'placeholder', url: '/media/placeholder.svg' }]);
    expect(vehicleGallery({ status: 'in_stock' }, gallery()).slides).toEqual([{ kind: 'placeholder', url: '/media/placeholder.svg' }]);
  });
  it('adds new-arrival placeholders under 2 images on enabled sites', () => {
    const settings = { newArrivalPlaceholdersEnabled: true, newArrivalPlaceholderImages: ['/na/1.jpg', '/na/2.jpg'] };
    expect(vehicleGallery(car(1), gallery(settings)).slides).toEqual([
      { kind: 'image', url: '/i/1.jpg', thumbUrl: '/t/1.jpg' },
      { kind: 'placeholder', url: '/na/1.jpg' },
      { kind: 'placeholder', url: '/na/2.jpg' },
    ]);
    expect(vehicleGallery(car(2), gallery(settings)).slides).toHaveLength(2);
    expect(vehicleGallery(car(1), gallery()).slides).toHaveLength(1);
  });
  it('uses the spin view when spin images exist, default view spinner', () => {
    const spin = vehicleGallery(car(5, { spin_images: ['/s/1.jpg', '/s/2.jpg'] }), gallery());
    expect(spin.mode).toBe('spin');
    expect(spin.spinViews).toEqual(['spinner', 'gallery']);
    expect(spin.initialSpinView).toBe('spinner');
    const gallerySite = vehicleGallery(car(5, { spin_images: ['/s/1.jpg'], spin_interior_image: '/s/in.jpg' }), gallery({ defaultSpinView: 'gallery' }));
    expect(gallerySite.spinViews).toEqual(['spinner', 'gallery', 'interior']);
    expect(gallerySite.initialSpinView).toBe('gallery');
    expect(vehicleGallery(car(5), gallery()).mode).toBe('images');
    expect(vehicleGallery(car(5), gallery()).initialSpinView).toBeNull();
  });
});
