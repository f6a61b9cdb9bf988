import { describe, expect, it } from 'vitest';
import { certifiedBenefits, tagBanner, type TagBannerCar } from './tag-banner';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

// The settings as a validated document holds them: the schema's defaults with these options set.
const tags = (s = {}) => withSettingsDefaults('vehicle', { tags: s }).tags;

const now = new Date('2025-07-10T00:00:00Z');
const base: TagBannerCar = { status: 'in_stock', make: 'Toyota', car_type: 'used' };
const all = { electricTagEnabled: true, certifiedBadgeEnabled: true, runoutSaleGreen: true };

describe('tagBanner priority (docs/requirements/vehicle-browsing.md#states)', () => {
  it('1. shows the fuel type for electric and hybrid cars when enabled', () => {
    expect(tagBanner({ ...base, simple_fuel: 'Hybrid', reserved: true }, tags(all), now)).toEqual({ kind: 'fuel', text: 'Hybrid', tone: 'neutral' });
    expect(tagBanner({ ...base, simple_fuel: 'Electric' }, tags(all), now).text).toBe('Electric');
    expect(tagBanner({ ...base, simple_fuel: 'Electric' }, tags(), now).kind).toBe('none');
  });
  it('2. reserved shows Reserved', () => {
    expect(tagBanner({ ...base, reserved: true, certified: true, tag: 'Runout Sale' }, tags(all), now)).toEqual({
      kind: 'reserved',
      text: 'Reserved',
      tone: 'neutral',
    });
  });
  it('3. certified used cars of the certified make show the logo on enabled sites', () => {
    const certified = { ...base, certified: true, tag: 'Runout Sale' };
    expect(tagBanner(certified, tags(all), now)).toEqual({ kind: 'certified', image: '/assets/badges/certified-used.svg', tone: 'neutral' });
    expect(tagBanner(certified, tags({ ...all, certifiedBadgeEnabled: false }), now).kind).toBe('tag');
    expect(tagBanner({ ...certified, make: 'Mazda' }, tags(all), now).kind).toBe('tag');
    expect(tagBanner({ ...certified, car_type: 'new' }, tags(all), now).kind).toBe('tag');
    expect(tagBanner({ ...certified, sold: true }, tags(all), now).kind).toBe('tag');
    expect(tagBanner({ ...certified, make: 'Mercedes Benz' }, tags({ ...all, certifiedMake: 'Mercedes-Benz' }), now).kind).toBe('certified');
  });
  it('3. gives every used car of the make the certified logo when the flag is not required', () => {
    const settings = { certifiedBadgeEnabled: true, certifiedMake: 'Mercedes-Benz', certifiedRequiresFlag: false };
    expect(tagBanner({ ...base, make: 'Mercedes Benz' }, tags(settings), now).kind).toBe('certified');
    expect(tagBanner({ ...base, make: 'Mercedes Benz', car_type: 'demo' }, tags(settings), now).kind).toBe('none');
    expect(tagBanner({ ...base, make: 'Mercedes Benz' }, tags({ ...settings, certifiedRequiresFlag: true }), now).kind).toBe('none');
  });
  it('4. a tag value is red, Runout Sale green only when the site says so', () => {
    expect(tagBanner({ ...base, tag: 'Runout Sale' }, tags(), now)).toEqual({ kind: 'tag', text: 'Runout Sale', tone: 'red' });
    expect(tagBanner({ ...base, tag: 'Runout Sale' }, tags(all), now).tone).toBe('green');
    expect(tagBanner({ ...base, tag: 'Test Drive Only' }, tags(all), now).tone).toBe('red');
  });
  it('5. coming_soon shows COMING SOON', () => {
    expect(tagBanner({ ...base, status: 'coming_soon', created_at: '2025-07-09T00:00:00Z' }, tags(), now)).toEqual({
      kind: 'coming-soon',
      text: 'COMING SOON',
      tone: 'neutral',
    });
  });
  it('6. cars created within the last 8 days show the new tag (default New)', () => {
    expect(tagBanner({ ...base, created_at: '2025-07-02T00:00:01Z' }, tags(), now).text).toBe('New');
    expect(tagBanner({ ...base, created_at: '2025-07-02T00:00:00Z' }, tags(), now).kind).toBe('none');
    expect(tagBanner({ ...base, created_at: Date.parse('2025-07-09T00:00:00Z') / 1000 }, tags(), now).kind).toBe('new');
    expect(tagBanner({ ...base, created_at: '2025-07-09T00:00:00Z' }, tags({ newTagText: 'Just Arrived', newTagDays: 2 }), now).text).toBe('Just Arrived');
  });
  it('7. otherwise no tag', () => {
    expect(tagBanner(base, tags(all), now)).toEqual({ kind: 'none', tone: 'neutral' });
  });
  it('unavailable cars show the sold tag', () => {
    expect(tagBanner({ ...base, status: 'sold', reserved: true }, tags(all), now)).toEqual({ kind: 'sold', text: 'SOLD', tone: 'neutral' });
    expect(tagBanner({ ...base, status: 'sold' }, tags({ soldTagText: 'JUST SOLD' }), now).text).toBe('JUST SOLD');
  });
});

describe('certified benefits', () => {
  it("lists Toyota's certified benefits for a certified used Toyota on a site that shows certified cars", () => {
    const certified = { ...base, certified: true };
    expect(certifiedBenefits(certified, tags({ certifiedBadgeEnabled: true }))).toEqual({
      title: 'Toyota Certified Pre-Owned',
      items: ['Extra 1-year warranty', '90-point inspection', '12 months roadside assist'],
    });
  });

  it('lists nothing where the certified logo would not show', () => {
    const certified = { ...base, certified: true };
    expect(certifiedBenefits(certified, tags())).toBeNull();
    expect(certifiedBenefits({ ...certified, certified: false }, tags({ certifiedBadgeEnabled: true }))).toBeNull();
    expect(certifiedBenefits({ ...certified, sold: true }, tags({ certifiedBadgeEnabled: true }))).toBeNull();
    expect(certifiedBenefits({ ...certified, make: 'Kia' }, tags({ certifiedBadgeEnabled: true }))).toBeNull();
  });
});
