// The image element every shopper-facing image goes through: sized, lazy unless it is the page's main image, and a
// <picture> of AVIF/WebP variants for drawn car and model images.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DRAWING_VERSION, photoKey } from '../../domain/images/variants';
import { ResponsiveImage } from './ResponsiveImage';

const html = (element: React.ReactElement) => renderToStaticMarkup(element);

describe('ResponsiveImage', () => {
  it("a feed photo with a placeholder paints the blurred preview in the image's own sized box; without one, no style", () => {
    const uri = 'data:image/webp;base64,UklGRh4AAABXRUJQVlA4';
    const photo = 'https://photos.example.com/stock/hilux-1.jpg';
    const out = html(<ResponsiveImage carId={990001} src={photo} placeholder={uri} alt="" width={640} height={427} />);
    expect(out).toContain(`style="background-image:url(${uri});background-size:cover;background-position:center"`);
    expect(out).toMatch(/<img src="https:\/\/photos\.example\.com\/stock\/hilux-1\.jpg"[^>]* width="640" height="427"/);
    expect(html(<ResponsiveImage carId={990001} src={photo} alt="" width={640} height={427} />)).not.toContain('style=');
  });
  it('a car photo: a <picture> with AVIF and WebP sources, the JPEG fallback sized, lazy and decoded off the main thread', () => {
    const out = html(<ResponsiveImage src="/media/cars/77/0.svg" alt="2021 Mazda CX-5" width={640} height={427} sizes="400px" />);
    expect(out).toMatch(/^<picture class="responsive-picture"><source type="image\/avif" srcSet="[^"]+" sizes="400px"\/><source type="image\/webp"/);
    expect(out).toContain(`srcSet="/media/cars/77/0-160w.${DRAWING_VERSION}.avif 160w,`);
    expect(out).toContain(`src="/media/cars/77/0-640w.${DRAWING_VERSION}.jpg"`);
    expect(out).toContain('width="640" height="427"');
    expect(out).toContain('loading="lazy" decoding="async"');
    expect(out).not.toContain('fetchPriority');
    expect(out).toContain('alt="2021 Mazda CX-5"');
  });

  it('the main image is fetched first and at once; eager images come at once without jumping the queue', () => {
    const main = html(<ResponsiveImage src="/media/cars/77/0.svg" alt="" width={800} height={600} loading="priority" />);
    expect(main).toContain('loading="eager"');
    expect(main).toContain('fetchPriority="high"');
    expect(main).not.toContain('decoding');
    const eager = html(<ResponsiveImage src="/media/cars/77/1.svg" alt="" width={800} height={600} loading="eager" />);
    expect(eager).toContain('loading="eager"');
    expect(eager).not.toContain('fetchPriority');
  });

  it('sizes defaults to the laid-out width; an SVG logo stays a plain sized <img> without srcset', () => {
    expect(html(<ResponsiveImage src="/media/cars/77/0.svg" alt="" width={320} height={213} />)).toContain('sizes="(max-width: 320px) 100vw, 320px"');
    const logo = html(<ResponsiveImage src="/tenant-assets/a/logo.svg" alt="A" width={220} height={48} className="tile-logo" />);
    expect(logo).toBe('<img src="/tenant-assets/a/logo.svg" alt="A" width="220" height="48" loading="lazy" decoding="async" class="tile-logo"/>');
  });

  it("a feed's photo of a car: AVIF/WebP variants served by the car's site, the <img> keeps the feed's own address", () => {
    const address = 'https://photos.dealer.example/stock/abc.jpg?v=2';
    const key = photoKey(address);
    const out = html(<ResponsiveImage carId={4242} src={address} alt="" width={320} height={213} sizes="320px" />);
    expect(out).toBe(
      '<picture class="responsive-picture">' +
        `<source type="image/avif" srcSet="/media/cars/4242/photos/${key}-160w.avif 160w, /media/cars/4242/photos/${key}-320w.avif 320w, /media/cars/4242/photos/${key}-480w.avif 480w, /media/cars/4242/photos/${key}-640w.avif 640w" sizes="320px"/>` +
        `<source type="image/webp" srcSet="/media/cars/4242/photos/${key}-160w.webp 160w, /media/cars/4242/photos/${key}-320w.webp 320w, /media/cars/4242/photos/${key}-480w.webp 480w, /media/cars/4242/photos/${key}-640w.webp 640w" sizes="320px"/>` +
        `<img src="${address.replace('&', '&amp;')}" sizes="320px" alt="" width="320" height="213" loading="lazy" decoding="async"/></picture>`,
    );
    expect(key).toMatch(/^[a-f0-9]{16}$/);
    expect(photoKey('https://photos.dealer.example/stock/abd.jpg?v=2')).not.toBe(key);
    // without the car it is an address like any other: shown as it is
    expect(html(<ResponsiveImage src={address} alt="" width={320} height={213} />)).not.toContain('<picture');
  });
});
