import { describe, expect, it } from 'vitest';
import { vehicleTabs } from './vehicle-tabs';

describe('vehicleTabs', () => {
  it('lists the seed tabs, Features only when non-empty', () => {
    expect(vehicleTabs({ features: ['Sunroof'] })).toEqual([
      'Dealer Comments',
      "What's Included",
      'Why Buy From Us?',
      'Reserve Online',
      'Protect Your Car',
      'Features',
    ]);
    expect(vehicleTabs({ features: [] })).not.toContain('Features');
    expect(vehicleTabs({})).toHaveLength(5);
  });
  it('drops Reserve Online when the car cannot be reserved', () => {
    expect(vehicleTabs({ features: ['A'], reservable: false })).toEqual([
      'Dealer Comments',
      "What's Included",
      'Why Buy From Us?',
      'Protect Your Car',
      'Features',
    ]);
  });
  it('keeps seed order for a site subset', () => {
    expect(vehicleTabs({ features: ['A'] }, ['Features', 'Dealer Comments'])).toEqual(['Dealer Comments', 'Features']);
  });
});
