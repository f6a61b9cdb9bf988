// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Car } from '../../schemas/generated/car';
import { join } from 'node:path';
import { BODY_KINDS, bodyKindOf, CATALOGUE_ANGLE, carImageSvg, placeholderSvg, type CarImageView } from './car-image';
import { carImageForPath, photoView } from './car-image-path';
import { colourHex, EXTERIOR_COLOURS } from './catalogue/colours';
import { buildDemoInventory } from './demo-inventory';
import { loadTenants } from '../tenants/load';
import { repoRoot } from '../../test-support/tenants';
import { generateInventory } from './generate';
import { parseMediaPath } from './media-paths';
import { NOW, SAMPLE_DEALERSHIPS } from '../../test-support/inventory';

function parseSvg(svg: string) {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(doc.documentElement.tagName).toBe('svg');
  return doc;
}

const VIEWS: CarImageView[] = ['side', 'front', 'rear', 'interior', 'detail'];

describe('carImageSvg', () => {
  it.each(BODY_KINDS)('draws a well-formed %s in every view', (body) => {
    for (const view of VIEWS) {
      const doc = parseSvg(carImageSvg({ body, colour: 'Soul Red Crystal', seed: 11, view }));
      expect(doc.documentElement.getAttribute('viewBox')).toBe('0 0 800 600');
    }
  });

  it('paints the body in the colour named (shaded by the light)', () => {
    const redFills = (svg: string) =>
      [...svg.matchAll(/fill="#([0-9a-f]{6})"/g)]
        .map(([, hex = '']) => [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)))
        .filter(([r = 0, g = 0, b = 0]) => r > 2 * g && r > 2 * b && r > 60);
    expect(EXTERIOR_COLOURS['Soul Red Crystal']).toBe('#9c0f17');
    expect(redFills(carImageSvg({ body: 'suv', colour: 'Soul Red Crystal', seed: 1, view: 'side' })).length).toBeGreaterThan(3);
    expect(redFills(carImageSvg({ body: 'suv', colour: '#b3161b', seed: 1, view: 'side' })).length).toBeGreaterThan(3);
    expect(redFills(carImageSvg({ body: 'suv', colour: 'White', seed: 1, view: 'side' }))).toEqual([]);
  });

  it('draws each body type differently', () => {
    const drawings = new Set(BODY_KINDS.map((body) => carImageSvg({ body, colour: 'Blue', seed: 4, view: 'side' })));
    expect(drawings.size).toBe(BODY_KINDS.length);
  });

  it('varies a little per car seed and is stable for one seed', () => {
    const a = carImageSvg({ body: 'sedan', colour: 'Silver', seed: 1, view: 'side' });
    expect(carImageSvg({ body: 'sedan', colour: 'Silver', seed: 1, view: 'side' })).toBe(a);
    expect(carImageSvg({ body: 'sedan', colour: 'Silver', seed: 2, view: 'side' })).not.toBe(a);
  });

  it('turns the vehicle for spin angles (every 10-degree frame differs)', () => {
    for (const body of ['hatch', 'ute', 'motorcycle'] as const) {
      const frames = Array.from({ length: 36 }, (_, i) => carImageSvg({ body, colour: 'White', seed: 5, view: 'side', angle: i * 10 }));
      expect(new Set(frames).size).toBe(36);
    }
  });

  it('sets the requested width and keeps a 4:3 height', () => {
    const doc = parseSvg(carImageSvg({ body: 'van', colour: 'White', seed: 1, view: 'front', width: 320 }));
    expect(doc.documentElement.getAttribute('width')).toBe('320');
    expect(doc.documentElement.getAttribute('height')).toBe('240');
  });

  it('maps simple_body values to drawings', () => {
    expect(bodyKindOf('Cab Chassis')).toBe('cab-chassis');
    expect(bodyKindOf('People Mover')).toBe('people-mover');
    expect(bodyKindOf('Hatch')).toBe('hatch');
    expect(bodyKindOf(null, 'caravan')).toBe('caravan');
    expect(bodyKindOf('Something New')).toBe('sedan');
  });

  it('draws a placeholder: without a body a camera only, with one a pale drawing of that body', () => {
    const generic = parseSvg(placeholderSvg()).documentElement;
    expect(generic.textContent).toContain('Image coming soon');
    expect(generic.getAttribute('data-body')).toBeNull();
    for (const body of BODY_KINDS) {
      const drawn = parseSvg(placeholderSvg(800, body)).documentElement;
      expect(drawn.textContent).toContain('Image coming soon');
      expect(drawn.getAttribute('data-body')).toBe(body);
    }
  });

  it('shoots every body in one studio: the same backdrop whatever the car, its colour or seed', () => {
    const studio = (svg: string) => svg.slice(svg.indexOf('<defs>'), svg.indexOf('</defs>') + 7);
    const backdrops = new Set(
      BODY_KINDS.map((body, i) => studio(carImageSvg({ body, colour: ['White', 'Blue', 'Black'][i % 3] ?? 'White', seed: i * 7919, view: 'side' }))),
    );
    expect(backdrops.size).toBe(1);
    expect([...backdrops][0]).toContain('id="studio"');
  });
});

describe('media paths', () => {
  it('reads photo, thumb, spin, interior and placeholder paths', () => {
    expect(parseMediaPath('/media/cars/12/3.svg')).toEqual({ kind: 'photo', carId: 12, index: 3, width: undefined });
    expect(parseMediaPath('/media/cars/12/3.svg?w=320')).toEqual({ kind: 'photo', carId: 12, index: 3, width: 320 });
    expect(parseMediaPath('/media/cars/12/spin/35.svg')).toEqual({ kind: 'spin', carId: 12, frame: 35, width: undefined });
    expect(parseMediaPath('/media/cars/12/interior.svg')).toEqual({ kind: 'interior', carId: 12, width: undefined });
    expect(parseMediaPath('/media/placeholder.svg')).toEqual({ kind: 'placeholder', width: undefined });
    expect(parseMediaPath('/media/placeholder.svg?body=ute&w=320')).toEqual({ kind: 'placeholder', width: 320, body: 'ute' });
    expect(parseMediaPath('/media/placeholder.svg?body=spaceship')).toEqual({ kind: 'placeholder', width: undefined });
    expect(parseMediaPath('/media/cars/12/../secret.svg')).toBeNull();
    expect(parseMediaPath('/media/cars/12/3.svg?w=999999')).toMatchObject({ width: undefined });
  });

  it('gives the first photos distinct views', () => {
    expect(photoView(0).view).toBe('side');
    expect(photoView(4).view).toBe('interior');
    expect(photoView(5).view).toBe('detail');
    expect(photoView(9)).not.toEqual(photoView(0));
  });
});

describe('carImageForPath', () => {
  const cars = generateInventory({ count: 60, seed: 1, dealerships: SAMPLE_DEALERSHIPS, now: NOW });
  const spinCar = cars.find((c) => c.spin_images?.length) as Car;
  const oneImage = cars.find((c) => c.images?.length === 1) as Car;

  it('serves every image URL on a spin car', () => {
    const urls = [...spinCar.images!.flatMap((i) => [i.image!.url, i.image!.thumb!.url]), ...spinCar.spin_images!, spinCar.spin_interior_image!];
    for (const url of urls) parseSvg(carImageForPath(spinCar, url)!);
  });

  it('makes thumbs 320 wide', () => {
    expect(carImageForPath(spinCar, `${spinCar.images?.[0]?.image?.url}?w=320`)).toContain('width="320"');
  });

  it('refuses paths the car does not have', () => {
    expect(carImageForPath(oneImage, `/media/cars/${oneImage.id}/1.svg`)).toBeNull();
    expect(carImageForPath(oneImage, `/media/cars/${oneImage.id}/spin/0.svg`)).toBeNull();
    expect(carImageForPath(oneImage, `/media/cars/${oneImage.id + 1}/0.svg`)).toBeNull();
    expect(carImageForPath(oneImage, '/somewhere/else.svg')).toBeNull();
  });

  it('serves the placeholder without a car', () => {
    expect(carImageForPath(null, '/media/placeholder.svg')).toContain('Image coming soon');
  });
});

describe('demo stock pictures', { timeout: 60_000 }, () => {
  const tenants = loadTenants(join(repoRoot, 'tenants')).flatMap((t) => (t.ok ? [t.doc] : []));
  const stock = buildDemoInventory(tenants, { total: 2500, now: NOW });
  // The root's data attributes say what was drawn (read without a DOM: thousands of pictures).
  const shown = (car: Car) => {
    const [root = ''] = carImageForPath(car, car.primary_image_url!)!.split('>');
    return (name: string) => root.match(new RegExp(` data-${name}="([^"]*)"`))?.[1] ?? null;
  };

  it("draws every demo car's picture, and the placeholder of a car without photos, as the car's own body type", () => {
    const kinds = new Set<string>();
    let placeholders = 0;
    for (const car of stock) {
      const body = bodyKindOf(car.simple_body, car.item_type);
      expect(shown(car)('body'), `${car.id} ${car.simple_body} ${car.primary_image_url}`).toBe(body);
      kinds.add(body);
      if (car.images!.length === 0) {
        placeholders++;
        expect(car.primary_image_url).toBe(`/media/placeholder.svg?body=${body}`);
      }
    }
    expect(placeholders).toBeGreaterThan(0);
    // the demo stock has every body drawn, so each drawing above was checked at least once
    expect([...kinds].sort()).toEqual([...BODY_KINDS].sort());
  });

  it("shows each car's first photo at the one catalogue angle, in the car's listed colour", () => {
    const withPhotos = stock.filter((car) => car.images!.length > 0);
    for (const car of withPhotos) {
      const picture = shown(car);
      expect(picture('view')).toBe('side');
      expect(picture('angle')).toBe(String(CATALOGUE_ANGLE));
      expect(picture('paint'), `${car.id} ${car.colour}`).toBe(colourHex(car.colour));
    }
  });
});
