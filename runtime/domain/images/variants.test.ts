// Variant addresses: only the fixed widths, the format by the file type, old drawing versions gone, and the srcset the
// image component lists for drawn images, uploads and everything else.
import { describe, expect, it } from 'vitest';
import { shareImage } from '../seo/share-image';
import { DRAWING_VERSION, carPhotoUrl, encodeOptionsOf, imageSources, parseFeedPhotoVariantPath, parseVariantPath, photoKey, VARIANT_WIDTHS } from './variants';

describe('parseVariantPath', () => {
  it('reads a car photo variant back into its SVG, width and format', () => {
    expect(parseVariantPath(`/media/cars/77/0-640w.${DRAWING_VERSION}.avif`)).toEqual({
      ok: true,
      source: '/media/cars/77/0.svg',
      width: 640,
      format: 'avif',
      options: { quality: 75, aspectRatio: undefined, crop: 'center' },
    });
    expect(parseVariantPath(`/media/cars/77/3-320w.${DRAWING_VERSION}.webp`)).toMatchObject({ source: '/media/cars/77/3.svg', format: 'webp' });
    expect(parseVariantPath(`/media/models/mazda-cx-5-160w.${DRAWING_VERSION}.jpg`)).toMatchObject({ source: '/media/models/mazda-cx-5.svg', format: 'jpeg' });
  });

  it('refuses a width outside the fixed list with a 400 that lists them, so nobody can fill the disk with sizes', () => {
    for (const width of [0, 1, 641, 2000, 4000, 99999]) {
      expect(parseVariantPath(`/media/cars/77/0-${width}w.${DRAWING_VERSION}.avif`)).toEqual({
        ok: false,
        status: 400,
        message: `width must be one of ${VARIANT_WIDTHS.join(', ')}`,
      });
    }
  });

  it('refuses an unknown format (400), an older drawing version and anything else (404)', () => {
    expect(parseVariantPath(`/media/cars/77/0-640w.${DRAWING_VERSION}.gif`)).toMatchObject({
      ok: false,
      status: 400,
      message: 'format must be avif, webp or jpg',
    });
    expect(parseVariantPath('/media/cars/77/0-640w.d0.avif')).toMatchObject({ ok: false, status: 404 });
    for (const path of ['/media/cars/77/0.svg', '/media/cars/../0-640w.d1.avif', '/media/cars/77/spin/3-640w.d1.avif', '/uploads/abc/640.jpg']) {
      expect(parseVariantPath(path), path).toMatchObject({ ok: false, status: 404 });
    }
  });
});

describe('imageSources', () => {
  it('a drawn car photo: AVIF then WebP sources and a JPEG fallback, widths up to twice the shown width', () => {
    const set = imageSources('/media/cars/77/0.svg', 400);
    const v = DRAWING_VERSION;
    expect(set.src).toBe(`/media/cars/77/0-480w.${v}.jpg`);
    expect(set.srcSet).toBe(
      `/media/cars/77/0-160w.${v}.jpg 160w, /media/cars/77/0-320w.${v}.jpg 320w, /media/cars/77/0-480w.${v}.jpg 480w, /media/cars/77/0-640w.${v}.jpg 640w, /media/cars/77/0-800w.${v}.jpg 800w`,
    );
    expect(set.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(set.sources[0]?.srcSet).toContain(`/media/cars/77/0-800w.${v}.avif 800w`);
    expect(set.sources[1]?.srcSet).toContain(`/media/cars/77/0-160w.${v}.webp 160w`);
  });

  it('a thumbnail address (?w=) and a model picture have the same variants; the largest width caps the list', () => {
    expect(imageSources('/media/cars/77/2.svg?w=320', 104).src).toBe(`/media/cars/77/2-160w.${DRAWING_VERSION}.jpg`);
    const big = imageSources('/media/models/mazda-cx-5.svg', 1600);
    expect(big.src).toBe(`/media/models/mazda-cx-5-1600w.${DRAWING_VERSION}.jpg`);
    expect(big.srcSet!.split(', ')).toHaveLength(VARIANT_WIDTHS.length);
  });

  it('an editor upload lists the variants the upload made: smaller widths, and AVIF/WebP beside its JPEG or PNG', () => {
    const id = 'a1b2c3d4e5f6a7b8c9';
    const set = imageSources(`/uploads/${id}/1600.jpg`, 640);
    expect(set.srcSet).toBe(`/uploads/${id}/480.jpg 480w, /uploads/${id}/960.jpg 960w, /uploads/${id}/1600.jpg 1600w`);
    expect(set.src).toBe(`/uploads/${id}/960.jpg`);
    expect(set.sources[0]).toEqual({
      type: 'image/avif',
      srcSet: `/uploads/${id}/480.avif 480w, /uploads/${id}/960.avif 960w, /uploads/${id}/1600.avif 1600w`,
    });
    // a 700 px original was stored at 480 and 700 only
    expect(imageSources(`/uploads/${id}/700.png`, 320).srcSet).toBe(`/uploads/${id}/480.png 480w, /uploads/${id}/700.png 700w`);
  });

  it('SVG logos, the placeholder, spin frames and other sites’ images keep their address and have no variants', () => {
    for (const src of ['/tenant-assets/big-sky-cars/logo.svg', '/media/placeholder.svg', '/media/cars/77/spin/3.svg', 'https://cdn.example/car.jpg']) {
      expect(imageSources(src, 640), src).toEqual({ src, sources: [] });
    }
  });
});

describe('imageSources, worked out once per address, width and car', () => {
  it('answers a repeated image from memory, and another car, width or address with its own variants', () => {
    const address = 'https://cdn.dealer.example/p/9.jpg';
    const first = imageSources(address, 320, 77);
    expect(imageSources(address, 320, 77)).toBe(first);
    expect(first.sources[0]?.srcSet).toContain(`/media/cars/77/photos/${photoKey(address)}-640w.avif 640w`);
    expect(imageSources(address, 320, 78).sources[0]?.srcSet).toContain(`/media/cars/78/photos/${photoKey(address)}-640w.avif 640w`);
    expect(imageSources(address, 160, 77).sources[0]?.srcSet).not.toContain('640w');
    // Without the car the feed's address has no variants (the server would not know which car's photo it is).
    expect(imageSources(address, 320)).toEqual({ src: address, sources: [] });
    expect(imageSources('https://cdn.dealer.example/p/10.jpg', 320, 77).sources[0]?.srcSet).toContain(photoKey('https://cdn.dealer.example/p/10.jpg'));
  });
});

describe("a feed's photo variants", () => {
  const address = 'https://cdn.dealer.example/p/123.jpg';
  it('an address names the car and the photo key, read back with its width and format; bad widths and formats are 400s', () => {
    expect(carPhotoUrl(77, address, { width: 640, format: 'avif' })).toBe(`/media/cars/77/photos/${photoKey(address)}-640w.avif`);
    expect(parseFeedPhotoVariantPath(carPhotoUrl(77, address, { width: 640, format: 'webp' }))).toEqual({
      ok: true,
      carId: 77,
      key: photoKey(address),
      width: 640,
      format: 'webp',
      options: { quality: 75, aspectRatio: undefined, crop: 'center' },
    });
    expect(parseFeedPhotoVariantPath(`/media/cars/77/photos/${photoKey(address)}-333w.avif`)).toMatchObject({ ok: false, status: 400 });
    expect(parseFeedPhotoVariantPath(`/media/cars/77/photos/${photoKey(address)}-640w.gif`)).toMatchObject({ ok: false, status: 400 });
    // an address inside the path is no photo key
    expect(parseFeedPhotoVariantPath('/media/cars/77/photos/https%3A%2F%2Fevil.example-640w.avif')).toMatchObject({ ok: false, status: 404 });
  });

  it("a feed photo's share image is the site's absolute 1200 px JPEG variant", () => {
    const site = { slug: 'a', url: 'https://a.example', domains: [], theme: { logo: { url: '/logo.svg' } } } as unknown as Parameters<typeof shareImage>[0];
    expect(shareImage(site, address, 77)).toBe(`https://a.example/media/cars/77/photos/${photoKey(address)}-1200w.jpg`);
  });
});

describe('the image service (width, quality, format, aspect ratio, crop)', () => {
  const address = 'https://cdn.dealer.example/p/123.jpg';
  const key = photoKey(address);
  it('defaults to width 640 and quality 75 (JPEG), and names only what differs from the defaults', () => {
    expect(carPhotoUrl(77, address)).toBe(`/media/cars/77/photos/${key}-640w.jpg`);
    expect(carPhotoUrl(77, address, { quality: 75, crop: 'center' })).toBe(`/media/cars/77/photos/${key}-640w.jpg`);
    expect(carPhotoUrl(77, address, { width: 320, format: 'webp', quality: 50, aspectRatio: '4x3', crop: 'top' })).toBe(
      `/media/cars/77/photos/${key}-320w.webp?q=50&ar=4x3&crop=top`,
    );
    expect(carPhotoUrl(77, '/media/cars/77/2.svg', { aspectRatio: '16x9' })).toBe(`/media/cars/77/2-640w.${DRAWING_VERSION}.jpg?ar=16x9`);
    // not ours to resize: its own address
    expect(carPhotoUrl(77, '/tenant-assets/a/hero.jpg', { width: 320 })).toBe('/tenant-assets/a/hero.jpg');
  });

  it('reads the parameters back from the address the builder made', () => {
    const url = new URL(carPhotoUrl(77, address, { width: 480, format: 'avif', quality: 90, aspectRatio: '3x2', crop: 'entropy' }), 'http://x');
    expect(parseFeedPhotoVariantPath(url.pathname, Object.fromEntries(url.searchParams))).toEqual({
      ok: true,
      carId: 77,
      key,
      width: 480,
      format: 'avif',
      options: { quality: 90, aspectRatio: '3x2', crop: 'entropy' },
    });
  });

  it('refuses parameters off their fixed lists with a 400 that says what is allowed', () => {
    const refusal = (query: Record<string, unknown>) => encodeOptionsOf(query);
    expect(refusal({ q: '100' })).toEqual({ ok: false, status: 400, message: 'quality (q) must be one of 40, 50, 60, 75, 90' });
    expect(refusal({ q: '75.0' })).toMatchObject({ status: 400 });
    expect(refusal({ q: '' })).toMatchObject({ status: 400 });
    expect(refusal({ ar: '21x9' })).toEqual({ ok: false, status: 400, message: 'aspect ratio (ar) must be one of 1x1, 4x3, 3x2, 16x9' });
    expect(refusal({ ar: '4x3', crop: 'face' })).toEqual({ ok: false, status: 400, message: 'crop must be one of center, top, bottom, entropy' });
    expect(refusal({ crop: 'top' })).toEqual({ ok: false, status: 400, message: 'crop needs an aspect ratio (ar) to crop to' });
    expect(refusal({ q: ['50', '60'] })).toEqual({ ok: false, status: 400, message: 'each of q, ar and crop may be given once' });
    // a width off the list stays a 400 whatever the query says
    expect(parseFeedPhotoVariantPath(`/media/cars/77/photos/${key}-5000w.jpg`, { q: '50' })).toMatchObject({ ok: false, status: 400 });
    expect(parseVariantPath(`/media/cars/77/0-640w.${DRAWING_VERSION}.jpg`, { ar: 'tall' })).toMatchObject({ ok: false, status: 400 });
    // other parameters change nothing (and make no new file)
    expect(encodeOptionsOf({ utm_source: 'x' })).toEqual({ ok: true, options: { quality: 75, aspectRatio: undefined, crop: 'center' } });
  });

  it('pages list the default variants of a feed photo: the same addresses the builder gives at quality 75', () => {
    expect(imageSources(address, 400, 77).sources[1]?.srcSet).toContain(`${carPhotoUrl(77, address, { width: 800, format: 'webp' })} 800w`);
  });
});
