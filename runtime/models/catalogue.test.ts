import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../schemas/generated/tenant';
import { loadTenants } from '../tenants/load';
import { repoRoot } from '../../test-support/tenants';
import { CAR_MODELS } from '../inventory/catalogue/car-models';
import { manufacturersOf, modelCatalogue } from './catalogue';
import { makeLogoSvg, modelImageSvg } from './images';
import { modelsForTenant } from './scope';

const tenants = loadTenants(join(repoRoot, 'tenants')).flatMap((t) => (t.ok ? [t.doc] : []));
const tenant = (slug: string) => tenants.find((t) => t.slug === slug)!;
const find = (make: string, name: string) => modelCatalogue().find((m) => m.make === make && m.model.name === name)!;

describe('modelCatalogue (docs/requirements/dealer-services.md#data Model fields)', () => {
  it('has one model per make and model of the stock catalogue, with unique ids and slugs', () => {
    const all = modelCatalogue();
    const stockModels = new Set(CAR_MODELS.map((r) => `${r.make}|${r.model}`));
    for (const key of stockModels)
      expect(
        all.some((m) => `${m.make}|${m.stockModel}` === key),
        key,
      ).toBe(true);
    expect(new Set(all.map((m) => m.model.id)).size).toBe(all.length);
    expect(new Set(all.map((m) => m.model.slug)).size).toBe(all.length);
  });

  it('merges the bodies of one model and takes the lowest list price', () => {
    const hilux = find('Toyota', 'HiLux').model;
    expect(hilux.body).toEqual(['Ute', 'Cab Chassis']);
    expect([hilux.manufacturer_body, hilux.manufacturer_body2, hilux.manufacturer_body3]).toEqual(['Double Cab', 'Single Cab', null]);
    expect(hilux.from_price).toBe(32990);
    expect(hilux.search_path).toBe('/search/toyota/hilux');
    expect(hilux.image.url).toBe('/media/models/toyota-hilux.svg');
  });

  it('names numeric Mazdas with the make and gives them a new_slug', () => {
    const mazda3 = find('Mazda', 'Mazda3').model;
    expect(mazda3).toMatchObject({ slug: 'mazda-3', new_slug: 'mazda3', search_path: '/search/mazda/mazda3', from_price: 29990 });
    expect(find('Mazda', 'CX-5').model.new_slug).toBeNull();
  });

  it('marks new and coming soon models (docs/requirements/dealer-services.md#states) and leaves upcoming ones without a price', () => {
    expect(find('Mazda', 'CX-90').model.status).toBe('new');
    expect(find('Mazda', 'Mazda 6e').model).toMatchObject({ status: 'coming_soon', from_price: null });
    expect(find('Mazda', 'CX-5').model.status).toBeNull();
  });

  it('writes a description for every model; some are longer than the card shows', () => {
    for (const m of modelCatalogue()) expect(m.model.short_description.length, m.model.slug).toBeGreaterThan(40);
    expect(find('Toyota', 'Camry').model.short_description).toBe(
      'The Toyota Camry is a five-seat sedan in three grades from Ascent to SL, with hybrid power and front-wheel drive. Braked towing is rated at up to 1,200 kg.',
    );
    expect(find('Mazda', 'Mazda3').model.short_description.length).toBeGreaterThan(200);
  });
});

describe("modelsForTenant: the makes and kinds the site's dealerships sell", () => {
  it('a single-brand Mazda dealer sees Mazda models only', () => {
    const makes = new Set(modelsForTenant(tenant('harbourside-mazda')).map((m) => m.make));
    expect([...makes]).toEqual(['Mazda']);
  });
  it('a dealer group sees each of its brands', () => {
    const makes = new Set(modelsForTenant(tenant('southern-cross-motor-group')).map((m) => m.make));
    expect([...makes].sort()).toEqual(['Ford', 'Hyundai', 'Isuzu', 'Kia', 'Toyota']);
  });
  it('a dealer with no makes listed sees every make of its kinds', () => {
    const models = modelsForTenant(tenant('big-sky-cars'));
    expect(models.every((m) => m.kind === 'car')).toBe(true);
    expect(new Set(models.map((m) => m.make)).size).toBeGreaterThan(20);
    const leisure = modelsForTenant(tenant('outback-caravans-motorcycles'));
    expect(new Set(leisure.map((m) => m.kind))).toEqual(new Set(['caravan', 'motorcycle']));
    expect(leisure.filter((m) => m.kind === 'motorcycle').every((m) => ['Yamaha', 'Honda', 'Kawasaki'].includes(m.make))).toBe(true);
  });
  it("leaves out the makes the site's default search filter excludes", () => {
    const base = tenant('big-sky-cars');
    const doc = {
      ...base,
      settings: { ...base.settings, search: { ...base.settings.search, defaultFilter: { ...base.settings.search?.defaultFilter, excludedMakes: ['Toyota'] } } },
    } as TenantDocument;
    expect(modelsForTenant(doc).some((m) => m.make === 'Toyota')).toBe(false);
  });
});

describe('images', () => {
  it('draws a model by slug and refuses unknown slugs', () => {
    expect(modelImageSvg('mazda-cx-5')).toContain('<svg');
    expect(modelImageSvg('mazda-cx-5')).toContain('Mazda CX-5');
    expect(modelImageSvg('no-such-model')).toBeNull();
  });
  it('lists manufacturers with a logo address, and the wordmark escapes the name', () => {
    expect(manufacturersOf(modelsForTenant(tenant('harbourside-mazda')))).toEqual([
      { id: expect.any(Number), name: 'Mazda', slug: 'mazda', logo: { url: '/media/makes/mazda.svg' } },
    ]);
    expect(makeLogoSvg('A&B')).toContain('A&#38;B');
  });
});
