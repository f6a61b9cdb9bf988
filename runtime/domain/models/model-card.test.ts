import { describe, expect, it } from 'vitest';
import { modelCardDescription, modelFromPrice, modelFromPriceText, modelPagePath, modelSearchPath, modelStatusBadge } from './model-card';

describe('modelCardDescription (docs/requirements/dealer-services.md#constants: model description truncation 200)', () => {
  it('keeps a description of up to 200 characters', () => {
    const text = 'x'.repeat(200);
    expect(modelCardDescription(text)).toBe(text);
  });
  it('cuts a longer one at 200 characters and adds ...', () => {
    const text = `${'a'.repeat(195)} bcdefghij`;
    expect(modelCardDescription(text)).toBe(`${'a'.repeat(195)} bcde...`);
    expect(modelCardDescription(text).length).toBe(203);
  });
  it('drops the space before the ellipsis and copes with no text', () => {
    expect(modelCardDescription(`${'a'.repeat(199)} tail`)).toBe(`${'a'.repeat(199)}...`);
    expect(modelCardDescription(null)).toBe('');
  });
});

describe('modelStatusBadge (docs/requirements/dealer-services.md#states)', () => {
  it('new shows NEW, coming_soon shows COMING SOON, others nothing', () => {
    expect(modelStatusBadge('new')).toBe('NEW');
    expect(modelStatusBadge('coming_soon')).toBe('COMING SOON');
    expect(modelStatusBadge(null)).toBeNull();
    expect(modelStatusBadge('in_stock')).toBeNull();
  });
});

describe('From price', () => {
  it('prefers the catalogue price, else the lowest new price in stock, else none', () => {
    expect(modelFromPrice(36990, 35500)).toBe(36990);
    expect(modelFromPrice(null, 35500)).toBe(35500);
    expect(modelFromPrice(0, 35500)).toBe(35500);
    expect(modelFromPrice(null, 0)).toBeNull();
    expect(modelFromPrice(undefined, null)).toBeNull();
  });
  it('reads From $34,990 and is absent without a price', () => {
    expect(modelFromPriceText(34990)).toBe('From $34,990');
    expect(modelFromPriceText(null)).toBeNull();
    expect(modelFromPriceText(0)).toBeNull();
  });
});

describe('model addresses', () => {
  it('model pages use /{new_slug}, else /{slug}; an override_url wins (docs/requirements/dealer-services.md#screens)', () => {
    expect(modelPagePath({ slug: 'mazda-3', new_slug: 'mazda3', override_url: null })).toBe('/mazda3');
    expect(modelPagePath({ slug: 'mazda-cx-5', new_slug: null, override_url: null })).toBe('/mazda-cx-5');
    expect(modelPagePath({ slug: 'mazda-cx-5', new_slug: '', override_url: null })).toBe('/mazda-cx-5');
    expect(modelPagePath({ slug: 'x', new_slug: 'y', override_url: 'https://brand.example/x' })).toBe('https://brand.example/x');
  });
  it('the stock of a model is /search/{make}/{model} with the index slugs', () => {
    expect(modelSearchPath('Mazda', '3')).toBe('/search/mazda/mazda3');
    expect(modelSearchPath('Mercedes-Benz', 'C-Class')).toBe('/search/mercedes-benz/c-class');
    expect(modelSearchPath('Toyota', 'LandCruiser 300')).toBe('/search/toyota/landcruiser-300');
  });
});
