import { describe, expect, it } from 'vitest';
import { facetTileHref, heroCarTypes, heroSearchHref, priceSearchHref } from './stock-search-hero';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

const searchDefaults = withSettingsDefaults('search');

const SEARCH = '/search/new-used-and-demo-cars';

describe('hero car type choices (docs/requirements/dealer-services.md#states)', () => {
  it('All (empty), New, Used, Demo by default, All selected, slider shown', () => {
    const hero = heroCarTypes(searchDefaults.hero);
    expect(hero.choices.map((c) => [c.value, c.label])).toEqual([
      ['', 'All'],
      ['new', 'New'],
      ['used', 'Used'],
      ['demo', 'Demo'],
    ]);
    expect(hero.selected).toBe('');
    expect(hero.showSlider).toBe(true);
  });
  it("New and Demo merged into 'New / Demo'; without All the first choice is selected; fewer than 3 hides the slider", () => {
    const hero = heroCarTypes({ carTypeChoices: ['new,demo', 'used'], forceCarTypeSlider: false });
    expect(hero.choices).toEqual([
      { value: 'new,demo', label: 'New / Demo', carTypes: ['new', 'demo'] },
      { value: 'used', label: 'Used', carTypes: ['used'] },
    ]);
    expect(hero.selected).toBe('new,demo');
    expect(hero.showSlider).toBe(false);
    expect(heroCarTypes({ carTypeChoices: ['new,demo', 'used'], forceCarTypeSlider: true }).showSlider).toBe(true);
  });
  it("default heading 'Search Our New & Used Vehicles'", () => {
    expect(searchDefaults.hero.heading).toBe('Search Our New & Used Vehicles');
  });
});

describe('hero links (docs/requirements/dealer-services.md#screens)', () => {
  it('make and body tiles link to /search/{slug}', () => {
    expect(facetTileHref('make', 'Mercedes-Benz', SEARCH)).toBe('/search/mercedes-benz');
    expect(facetTileHref('body', 'Cab Chassis', SEARCH)).toBe('/search/cab-chassis');
  });
  it('other facets link to a search with a refinement', () => {
    expect(facetTileHref('fuel', 'Diesel', SEARCH)).toBe('/search/new-used-and-demo-cars?fuel=Diesel');
  });
  it('price button: sorted by price descending', () => {
    expect(priceSearchHref(SEARCH)).toBe('/search/new-used-and-demo-cars?sortBy=price_desc');
    expect(priceSearchHref(SEARCH, '0:30000')).toBe('/search/new-used-and-demo-cars?sortBy=price_desc&price=0%3A30000');
  });
  it('search button carries the car types and dropdown values', () => {
    expect(heroSearchHref(SEARCH, { carType: 'new,demo', refinements: { make: 'Toyota', colour: '', body: null } })).toBe(
      '/search/new-used-and-demo-cars?car_type=demo&car_type=new&make=Toyota',
    );
    expect(heroSearchHref(SEARCH, { carType: '' })).toBe(SEARCH);
  });
});
