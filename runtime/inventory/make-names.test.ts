import { describe, expect, it } from 'vitest';
import { feedSpellingsOf, normaliseMake } from './make-names';

describe('normaliseMake (docs/requirements/vehicle-browsing.md#constants)', () => {
  it.each([
    ['Suzuki Australia', 'Suzuki'],
    ['Isuzu UTE', 'Isuzu'],
    ['Mercedes Benz', 'Mercedes-Benz'],
    ['  mercedes  benz ', 'Mercedes-Benz'],
    ['Toyota', 'Toyota'],
  ])('%s shows as %s', (raw, shown) => {
    expect(normaliseMake(raw)).toBe(shown);
  });

  it('takes a site table as a setting', () => {
    expect(normaliseMake('VW', { vw: 'Volkswagen' })).toBe('Volkswagen');
  });

  it('lists the feed spellings of a shown make', () => {
    expect(feedSpellingsOf('Mercedes-Benz')).toEqual(['Mercedes Benz']);
    expect(feedSpellingsOf('Isuzu')).toEqual(['Isuzu UTE']);
    expect(feedSpellingsOf('Suzuki')).toEqual(['Suzuki Australia']);
  });
});
