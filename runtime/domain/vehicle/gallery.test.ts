import { describe, expect, it } from 'vitest';
import { vehicleGallery, type GalleryCar } from './gallery';

const img = (n: number) => ({ image: { url: `/i/${n}.jpg`, thumb: { url: `/t/${n}.jpg` } } });
const car = (count: number, extra: Partial<GalleryCar> = {}): GalleryCar => ({
  status: 'in_stock',
  images: Array.from({ length: count }, (_, i) => img(i + 1)),
  ...extra,
});

describe('vehicleGallery (seed 000 §4)', () => {
  it('inserts the video slide at position 2', () => {
    const g = vehicleGallery(car(3, { video_url: 'https://v.example/1.mp4' }));
    expect(g.slides.map((s) => s.kind)).toEqual(['image', 'video', 'image', 'image']);
    expect(g.slides[1]).toEqual({ kind: 'video', url: 'https://v.example/1.mp4' });
  });
  it('puts a custom slide at position 2 too (after the video when both exist)', () => {
    expect(vehicleGallery(car(2), {}, { customSlideId: 'promo' }).slides[1]).toEqual({ kind: 'custom', id: 'promo' });
    const both = vehicleGallery(car(2, { video_url: '/v.mp4' }), {}, { customSlideId: 'promo' });
    expect(both.slides.map((s) => s.kind)).toEqual(['image', 'video', 'custom', 'image']);
  });
  it('skips video entries of the image list', () => {
    const g = vehicleGallery({ status: 'in_stock', images: [img(1), { isVideo: true }, img(2)] });
    expect(g.slides).toHaveLength(2);
  });
  it('shows thumbnails only in stock with more than 3 images; fullscreen thumbnails with more than 3', () => {
    expect(vehicleGallery(car(4)).showThumbnails).toBe(true);
    expect(vehicleGallery(car(3)).showThumbnails).toBe(false);
    expect(vehicleGallery(car(4, { status: 'coming_soon' })).showThumbnails).toBe(false);
    expect(vehicleGallery(car(4, { status: 'coming_soon' })).showFullscreenThumbnails).toBe(true);
    expect(vehicleGallery(car(3)).showFullscreenThumbnails).toBe(false);
  });
  it('shows the default placeholder when the only image is the default', () => {
    const only = { status: 'in_stock', images: [{ image: { url: '/media/placeholder.svg' } }] };
    expect(vehicleGallery(only).slides).toEqual([{ kind: 'placeholder', url: '/media/placeholder.svg' }]);
    expect(vehicleGallery({ status: 'in_stock' }).slides).toEqual([{ kind: 'placeholder', url: '/media/placeholder.svg' }]);
  });
  it('adds new-arrival placeholders under 2 images on enabled sites', () => {
    const settings = { newArrivalPlaceholdersEnabled: true, newArrivalPlaceholderImages: ['/na/1.jpg', '/na/2.jpg'] };
    expect(vehicleGallery(car(1), settings).slides).toEqual([
      { kind: 'image', url: '/i/1.jpg', thumbUrl: '/t/1.jpg' },
      { kind: 'placeholder', url: '/na/1.jpg' },
      { kind: 'placeholder', url: '/na/2.jpg' },
    ]);
    expect(vehicleGallery(car(2), settings).slides).toHaveLength(2);
    expect(vehicleGallery(car(1)).slides).toHaveLength(1);
  });
  it('uses the spin view when spin images exist, default view spinner', () => {
    const spin = vehicleGallery(car(5, { spin_images: ['/s/1.jpg', '/s/2.jpg'] }));
    expect(spin.mode).toBe('spin');
    expect(spin.spinViews).toEqual(['spinner', 'gallery']);
    expect(spin.initialSpinView).toBe('spinner');
    const gallerySite = vehicleGallery(car(5, { spin_images: ['/s/1.jpg'], spin_interior_image: '/s/in.jpg' }), { defaultSpinView: 'gallery' });
    expect(gallerySite.spinViews).toEqual(['spinner', 'gallery', 'interior']);
    expect(gallerySite.initialSpinView).toBe('gallery');
    expect(vehicleGallery(car(5)).mode).toBe('images');
    expect(vehicleGallery(car(5)).initialSpinView).toBeNull();
  });
});
