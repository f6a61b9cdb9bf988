import { describe, expect, it } from 'vitest';
import { FILTERABLE_ATTRIBUTES, SORTABLE_ATTRIBUTES } from './index-requirements';

describe('index requirements', () => {
  it('sortable attributes include custom rank and the car type rank', () => {
    expect(SORTABLE_ATTRIBUTES).toEqual(['car_type_rank', 'created_at_timestamp', 'custom_rank', 'km', 'price', 'year']);
  });
  it('filterable attributes include visibility fields and route slugs', () => {
    expect(FILTERABLE_ATTRIBUTES).toEqual(
      expect.arrayContaining([
        'status',
        'sold_date_timestamp',
        'show_on_dealer_website',
        'stocknum',
        'make_slug',
        'model_slug',
        'body_slug',
        'dealership_slug',
        'location_slug',
        'make_model',
        'price',
      ]),
    );
  });
});
