import { describe, expect, it } from 'vitest';
import type { Car } from '../../../schemas/generated/car';
import { dealerSearchPath, externalVideo, impelOrigin, impelViewerUrl, sidebarIconFacts, usedCarChecks } from './page-extras';

const car = (over: Partial<Car> = {}): Car =>
  ({
    id: 1,
    slug: 's',
    make: 'Mazda',
    model: 'CX-5',
    year: 2021,
    car_type: 'used',
    status: 'in_stock',
    price: 30000,
    km: 45210,
    regplate: 'ABC123',
    rego_expiry: '2027-03-01',
    vin: 'JM0KF4W7A00123456',
    stocknum: 'U123',
    build_date: '2021-02-01',
    compliance_date: '2021-04-01',
    simple_transmission: 'Automatic',
    simple_fuel: 'Petrol',
    simple_body: 'SUV',
    seats: 5,
    doors: 4,
    engine_size_litres: 2.5,
    colour: 'Red',
    images: [{ image: { url: '/a.jpg' } }, { image: { url: '/b.jpg' } }],
    dealership_slug: 'harbourside-mazda',
    ...over,
  }) as unknown as Car;

const now = new Date('2026-11-23T00:00:00Z');

describe('used-car checks', () => {
  it("lists a used car's registration, odometer, VIN, dates, report and certification", () => {
    expect(usedCarChecks(car({ file: '/reports/u123.pdf', certified: true }), {}, now).map((r) => `${r.label}: ${r.value}`)).toEqual([
      'Registration: ABC123 · Expires on 01/03/2027',
      'Odometer: 45,210 km',
      'VIN: JM0KF4W7A00123456',
      'Build date: 02/2021',
      'Compliance date: 04/2021',
      'History report: View the report',
      'Certified: Certified pre-owned',
    ]);
  });
  it('shows Unregistered for a past expiry only on sites that say so, and nothing for new cars', () => {
    expect(usedCarChecks(car({ rego_expiry: '2025-01-01' }), { unregisteredWhenRegoExpired: true }, now)[0]?.value).toBe('ABC123 · Unregistered');
    expect(usedCarChecks(car({ rego_expiry: '2025-01-01', regplate: null }), {}, now)[0]?.id).toBe('odometer');
    expect(usedCarChecks(car({ car_type: 'new' }), {}, now)).toEqual([]);
  });
});

describe('external video', () => {
  it('embeds YouTube without cookies and Vimeo with do-not-track; other https addresses are links', () => {
    expect(externalVideo('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toEqual({
      kind: 'youtube',
      url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0',
    });
    expect(externalVideo('https://vimeo.com/76979871')).toMatchObject({ kind: 'vimeo', embedUrl: 'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1' });
    expect(externalVideo('https://videos.example.com/car.mp4')).toEqual({ kind: 'link', url: 'https://videos.example.com/car.mp4' });
    expect(externalVideo('javascript:alert(1)')).toBeNull();
    expect(externalVideo('http://plain.example/x')).toBeNull();
    expect(externalVideo(null)).toBeNull();
  });
});

describe('impel walkaround', () => {
  const template = 'https://viewer.impel.example/acme/{vin}?stock={stocknum}';
  it('names the car in the viewer address when the site has the setting and the car 2 or more images', () => {
    expect(impelViewerUrl(car(), template)).toBe('https://viewer.impel.example/acme/JM0KF4W7A00123456?stock=U123');
    expect(impelOrigin(template)).toBe('https://viewer.impel.example');
  });
  it('gives no walkaround without the setting, with fewer than 2 images, or without the VIN it needs', () => {
    expect(impelViewerUrl(car(), '')).toBeNull();
    expect(impelViewerUrl(car({ images: [{ image: { url: '/a.jpg' } }] as Car['images'] }), template)).toBeNull();
    expect(impelViewerUrl(car({ vin: null }), template)).toBeNull();
  });
  it("takes the server's own stand-in viewer path on a demo site, but no other path or plain http", () => {
    expect(impelViewerUrl(car(), '/stand-in/walkaround/{vin}')).toBe('/stand-in/walkaround/JM0KF4W7A00123456');
    expect(impelOrigin('/stand-in/walkaround/{vin}')).toBeNull();
    expect(impelViewerUrl(car(), '/cars/{vin}')).toBeNull();
    expect(impelViewerUrl(car(), '//evil.example/{vin}')).toBeNull();
    expect(impelViewerUrl(car(), 'http://viewer.example/{vin}')).toBeNull();
  });
});

describe('sidebar car icons and the dealer search link', () => {
  it('gives the chosen specs in order, leaving empty ones out', () => {
    expect(sidebarIconFacts(car(), ['km', 'transmission', 'fuel', 'body'])).toEqual([
      { id: 'km', label: 'Odometer', value: '45,210 km' },
      { id: 'transmission', label: 'Transmission', value: 'Automatic' },
      { id: 'fuel', label: 'Fuel', value: 'Petrol' },
      { id: 'body', label: 'Body', value: 'SUV' },
    ]);
    expect(sidebarIconFacts(car({ car_type: 'new', colour: undefined }), ['km', 'seats', 'engine', 'colour']).map((f) => f.value)).toEqual(['5 seats', '2.5L']);
  });
  it('links to /search/{dealership_slug}', () => {
    expect(dealerSearchPath(car())).toBe('/search/harbourside-mazda');
    expect(dealerSearchPath(car({ dealership_slug: undefined }))).toBeNull();
  });
});
