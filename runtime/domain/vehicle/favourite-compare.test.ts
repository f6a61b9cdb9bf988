import { describe, expect, it } from 'vitest';
import { favouriteCompareButtons } from './favourite-compare';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const favourites = (s = {}) => withSettingsDefaults('vehicle', { favourites: s }).favourites;

const car = { price: 19990, car_type: 'used', thumbnails: ['/t/1.jpg'] };
const on = { favouritesEnabled: true, compareEnabled: true };

describe('favourite and compare buttons (docs/requirements/vehicle-browsing.md#validation)', () => {
  it('are hidden unless the feature is on', () => {
    expect(favouriteCompareButtons(car, favourites())).toEqual({ favourite: false, compare: false });
    expect(favouriteCompareButtons(car, favourites({ favouritesEnabled: true }))).toEqual({ favourite: true, compare: false });
  });
  it('priced-with-image variant hides them for price 0 or less or no image', () => {
    const v = { ...on, eligibility: 'priced-with-image' as const };
    expect(favouriteCompareButtons(car, favourites(v))).toEqual({ favourite: true, compare: true });
    expect(favouriteCompareButtons({ ...car, price: 0 }, favourites(v)).favourite).toBe(false);
    expect(favouriteCompareButtons({ ...car, thumbnails: [] }, favourites(v)).favourite).toBe(false);
    expect(favouriteCompareButtons({ price: 5, images: [{ image: { url: '/i.jpg' } }] }, favourites(v)).favourite).toBe(true);
  });
  it('used-only variant hides them for non-used cars', () => {
    const v = { ...on, eligibility: 'used-only' as const };
    expect(favouriteCompareButtons({ ...car, car_type: 'demo' }, favourites(v))).toEqual({ favourite: false, compare: false });
    expect(favouriteCompareButtons({ ...car, price: 0 }, favourites(v)).compare).toBe(true);
  });
});
