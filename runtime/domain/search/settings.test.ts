import { describe, expect, it } from 'vitest';
import Ajv from 'ajv';
import schema from '../../../schemas/settings/search.schema.json';
import { withSettingsDefaults } from '../../../test-support/settings-defaults';

describe('search settings', () => {
  it('the schema accepts its own defaults and rejects unknown properties', () => {
    const validate = new Ajv({ allErrors: true }).compile(schema);
    expect(validate(withSettingsDefaults('search'))).toBe(true);
    expect(validate({ pageSize: 21, pagesize: 20 })).toBe(false);
    expect(validate({ defaultFilter: { usedOnly: true, usedonly: true } })).toBe(false);
  });

  it('seed numbers are the defaults', () => {
    const s = withSettingsDefaults('search');
    expect(s.pageSize).toBe(21);
    expect(s.makesShownBeforeShowAll).toBe(7);
    expect(s.popularMakesCount).toBe(20);
    expect(s.modelListLimit).toBe(30);
    expect(s.promoPositions).toEqual([8, 17]);
    expect(s.soldVisibleDays).toBe(3);
    expect(s.searchPath).toBe('/search/new-used-and-demo-cars');
    expect(s.hero.heading).toBe('Search Our New & Used Vehicles');
  });

  it('keeps given values and fills nested defaults', () => {
    const s = withSettingsDefaults('search', { promoPositions: [9], defaultFilter: { usedOnly: true }, hero: { heading: 'Search Our Stock' } });
    expect(s.promoPositions).toEqual([9]);
    expect(s.defaultFilter).toEqual({ usedOnly: true, inStockOnly: false, excludedMakes: [], excludedStocknums: [] });
    expect(s.hero).toEqual({ heading: 'Search Our Stock', carTypeChoices: ['', 'new', 'used', 'demo'], forceCarTypeSlider: false });
    expect(s.pageSize).toBe(21);
  });
});
