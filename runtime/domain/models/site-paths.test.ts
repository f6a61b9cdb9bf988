import { describe, expect, it } from 'vitest';
import { bodyTypeOf, BODY_TYPES } from './body-types';
import { modelEnquiryMessage, modelFullName } from './model-card';
import { catalogueRoute, findModelBySlug, siteBrandPagePath, siteModelPagePath } from './site-paths';

const withPages = {
  pages: { '/': {}, '/models': {}, '/:model': { data: 'model' }, '/:brand/overview': { data: 'brand' }, '/cars/:slug': { data: 'vehicle' } },
};
const withoutPages = { pages: { '/': {}, '/models': {} } };
const cx5 = { slug: 'mazda-cx-5', new_slug: null, override_url: null };
const mazda3 = { slug: 'mazda-3', new_slug: 'mazda3', override_url: null };

describe('model page addresses (docs/requirements/dealer-services.md#screens: /{model slug}, new_slug preferred over slug, override_url honoured)', () => {
  it('uses new_slug where there is one, else slug', () => {
    expect(siteModelPagePath(withPages, cx5)).toBe('/mazda-cx-5');
    expect(siteModelPagePath(withPages, mazda3)).toBe('/mazda3');
  });

  it('uses the override_url instead of the model page', () => {
    expect(siteModelPagePath(withPages, { ...cx5, override_url: '/pages/cx-5' })).toBe('/pages/cx-5');
    expect(siteModelPagePath(withoutPages, { ...cx5, override_url: 'https://brand.example/cx-5' })).toBe('https://brand.example/cx-5');
  });

  it('is null on a site without model pages, so nothing links to one', () => {
    expect(siteModelPagePath(withoutPages, cx5)).toBeNull();
  });

  it('fills in the route of whichever page binds the model, whatever its parameter is called', () => {
    expect(siteModelPagePath({ pages: { '/range/:name': { data: 'model' } } }, mazda3)).toBe('/range/mazda3');
    expect(catalogueRoute({ pages: { '/:a/:b': { data: 'model' } } }, 'model')).toBeUndefined();
  });

  it('brand overview pages: /{brand}/overview where the site has them', () => {
    expect(siteBrandPagePath(withPages, 'mercedes-benz')).toBe('/mercedes-benz/overview');
    expect(siteBrandPagePath(withoutPages, 'toyota')).toBeNull();
  });
});

describe('findModelBySlug', () => {
  const models = [cx5, mazda3, { slug: 'mazda3', new_slug: null, override_url: null }];
  it('prefers new_slug, and still answers to the old slug', () => {
    expect(findModelBySlug(models, 'mazda3')).toBe(mazda3);
    expect(findModelBySlug(models, 'mazda-3')).toBe(mazda3);
    expect(findModelBySlug(models, 'mazda-cx-5')).toBe(cx5);
    expect(findModelBySlug(models, 'MAZDA-CX-5')).toBe(cx5);
  });
  it('finds nothing for other words', () => {
    for (const slug of ['', 'cx-5', 'mazda-cx-5/', '../mazda3', undefined, null]) expect(findModelBySlug(models, slug)).toBeUndefined();
  });
});

describe('model names', () => {
  it('names the make once', () => {
    expect(modelFullName({ manufacturer_name: 'Mazda', name: 'CX-5' })).toBe('Mazda CX-5');
    expect(modelFullName({ manufacturer_name: 'Mazda', name: 'Mazda3' })).toBe('Mazda3');
    expect(modelEnquiryMessage({ manufacturer_name: 'Toyota', name: 'HiLux' })).toBe("I'm interested in the Toyota HiLux.");
  });
});

describe('body types (docs/requirements/dealer-services.md#constants: a fixed list of about 20)', () => {
  it('has about 20 distinct types', () => {
    expect(BODY_TYPES.length).toBe(20);
    expect(new Set(BODY_TYPES.map((t) => t.slug)).size).toBe(20);
  });
  it('knows body names, slugs and common other names', () => {
    expect(bodyTypeOf('SUV')).toBe('suv');
    expect(bodyTypeOf('Cab Chassis')).toBe('cab-chassis');
    expect(bodyTypeOf('Hatchback')).toBe('hatch');
    expect(bodyTypeOf('people-mover')).toBe('people-mover');
    expect(bodyTypeOf('Hovercraft')).toBeUndefined();
    expect(bodyTypeOf('')).toBeUndefined();
  });
});
