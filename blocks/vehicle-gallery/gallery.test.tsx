// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import VehicleGallery from './index';
import { onVehiclePage, testCar, testSite } from '../../test-support/vehicle-page';
import type { Car } from '../../schemas/generated/car';
import { withBlockDefaults } from '../../runtime/tenants/block-defaults';

afterEach(() => {
  cleanup();
});

const gallery = (car: Car, site = testSite(), props: Record<string, unknown> = {}) =>
  render(
    onVehiclePage(
      <VehicleGallery props={withBlockDefaults('vehicle-gallery', props)} slots={{}} data={undefined} block={{ id: 'g', type: 'vehicle-gallery' }} />,
      car,
      site,
    ),
  );
const kinds = (root: HTMLElement) => [...root.querySelectorAll('.gallery-main > .keen-slider__slide')].map((s) => s.getAttribute('data-slide-kind'));

describe('vehicle gallery (docs/requirements/vehicle-browsing.md#states)', () => {
  it('puts the video at slide 2 and a custom slide after it', () => {
    const { container } = gallery(testCar({ video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }), testSite(), {
      customSlide: { heading: 'Finance from 6.99%', text: '', linkText: 'Get Finance', href: '/finance' },
    });
    expect(kinds(container)).toEqual(['image', 'video', 'custom', 'image', 'image', 'image', 'image']);
    expect(container.querySelector('.gallery-custom h3')!.textContent).toBe('Finance from 6.99%');
    expect(container.querySelector('button[aria-label^="Play the video"]')).toBeTruthy();
  });

  it('shows thumbnails only for in-stock cars with more than 3 images', () => {
    expect(gallery(testCar()).container.querySelectorAll('.gallery-thumb')).toHaveLength(5);
    cleanup();
    expect(gallery(testCar({ status: 'coming_soon' })).container.querySelector('.gallery-thumbs')).toBeNull();
    cleanup();
    expect(gallery(testCar({ images: testCar().images!.slice(0, 3) })).container.querySelector('.gallery-thumbs')).toBeNull();
  });

  it('shows the default placeholder without photos, and new-arrival placeholders under 2 photos where the site has them', () => {
    const none = gallery(testCar({ images: [] })).container;
    expect(kinds(none)).toEqual(['placeholder']);
    expect(none.querySelector('.gallery-slide-placeholder img')!.getAttribute('src')).toBe('/media/placeholder.svg');
    cleanup();
    const site = testSite({ gallery: { newArrivalPlaceholdersEnabled: true, newArrivalPlaceholderImages: ['/na/1.svg', '/na/2.svg'] } });
    const one = gallery(testCar({ images: testCar().images!.slice(0, 1) }), site).container;
    expect(kinds(one)).toEqual(['image', 'placeholder', 'placeholder']);
  });

  it("paints each photo's own blurred placeholder behind it, on its slide and its thumbnail; a photo without one has none", () => {
    const images = testCar().images!.map((entry, i) =>
      i === 1 ? entry : { ...entry, image: { ...entry.image!, placeholder: `data:image/webp;base64,P${i}==` } },
    );
    const { container } = gallery(testCar({ images }));
    const backgrounds = (selector: string) => [...container.querySelectorAll<HTMLImageElement>(selector)].map((img) => img.style.backgroundImage);
    const expected = images.map((_, i) => (i === 1 ? '' : `url("data:image/webp;base64,P${i}==")`));
    expect(backgrounds('.gallery-main .gallery-slide-image img')).toEqual(expected);
    expect(backgrounds('.gallery-thumb-image img')).toEqual(expected);
  });

  it('shows the spin tabs for cars with spin frames, opening on the view the site chooses', () => {
    const spinCar = testCar({ spin_images: ['/s/0.svg', '/s/1.svg'], spin_interior_image: '/s/interior.svg' });
    const spin = gallery(spinCar).container;
    expect([...spin.querySelectorAll('[role="tab"]')].map((t) => `${t.textContent}:${t.getAttribute('aria-selected')}`)).toEqual([
      'Spin:true',
      'Images:false',
      'Interior:false',
    ]);
    cleanup();
    const images = gallery(spinCar, testSite({ gallery: { defaultSpinView: 'gallery' } })).container;
    expect(images.querySelector('[role="tab"][aria-selected="true"]')!.textContent).toBe('Images');
    expect(kinds(images)).toHaveLength(5);
  });

  it('renders on the server with the slides in the HTML', () => {
    const html = renderToString(
      onVehiclePage(
        <VehicleGallery props={withBlockDefaults('vehicle-gallery', {})} slots={{}} data={undefined} block={{ id: 'g', type: 'vehicle-gallery' }} />,
        testCar(),
      ),
    );
    expect(html.match(/data-slide-kind="image"/g)).toHaveLength(5);
    expect(html).toContain('alt="2021 Toyota HiLux SR5 GUN126R, photo 1 of 5"');
  });
});

describe('impel walkaround and external video (docs/requirements/vehicle-browsing.md#screens, #states)', () => {
  const impel = { gallery: { impelViewerUrl: 'https://viewer.impel.example/acme/{vin}' } };

  it('offers the walkaround only with the impel setting and 2 or more images, loading the viewer on a click', () => {
    const car = testCar({ vin: 'MR0FB8CD300123456' });
    const { container, getByRole } = gallery(car, testSite(impel));
    expect(container.querySelector('.vehicle-walkaround iframe')).toBeNull();
    getByRole('button', { name: /^Open the 360° walkaround of the / }).click();
    return Promise.resolve().then(() => {
      expect(container.querySelector('.vehicle-walkaround iframe')!.getAttribute('src')).toBe('https://viewer.impel.example/acme/MR0FB8CD300123456');
      cleanup();
      expect(gallery(car).container.querySelector('.vehicle-walkaround')).toBeNull();
      cleanup();
      expect(
        gallery(testCar({ vin: 'MR0FB8CD300123456', images: testCar().images!.slice(0, 1) }), testSite(impel)).container.querySelector('.vehicle-walkaround'),
      ).toBeNull();
    });
  });

  it('shows an external Vimeo video as a facade; other hosts only as a link, never framed', () => {
    const vimeo = gallery(testCar({ external_video_url: 'https://vimeo.com/76979871' })).container;
    expect(vimeo.querySelector('.vehicle-external-video h2')!.textContent).toBe('Video');
    expect(vimeo.querySelector('.vehicle-external-video iframe')).toBeNull();
    expect(vimeo.querySelector('.vehicle-external-video .media-note')!.textContent).toBe('Plays from Vimeo when you press play.');
    cleanup();
    const other = gallery(testCar({ external_video_url: 'https://videos.example.com/walk.mp4' })).container;
    expect(other.querySelector('.vehicle-external-video iframe, .vehicle-external-video button')).toBeNull();
    expect(other.querySelector('.vehicle-external-video a')!.getAttribute('href')).toBe('https://videos.example.com/walk.mp4');
    cleanup();
    expect(gallery(testCar({ external_video_url: null })).container.querySelector('.vehicle-external-video')).toBeNull();
  });
});
