import { describe, expect, it } from 'vitest';
import { isGaragePage, pagesWithGarageGate } from './garage';

const pages = { '/': 1, '/my-garage': 2, '/my-garage/:section': 3, '/my-garage-tips': 4, '/mybigsky': 5, '/search': 6 };

describe('the garage gate', () => {
  it("leaves the garage's pages out of a site with the garage off, and nothing else", () => {
    expect(Object.keys(pagesWithGarageGate(pages, { garageEnabled: false, garagePages: ['/my-garage', '/mybigsky'] }))).toEqual([
      '/',
      '/my-garage-tips',
      '/search',
    ]);
  });
  it('keeps every page with the garage on', () => {
    expect(pagesWithGarageGate(pages, { garageEnabled: true, garagePages: ['/my-garage'] })).toBe(pages);
  });
  it('a garage page is its path or under it, whatever the case', () => {
    expect(isGaragePage('/My-Garage', ['/my-garage'])).toBe(true);
    expect(isGaragePage('/my-garage/:section', ['/my-garage'])).toBe(true);
    expect(isGaragePage('/my-garage-tips', ['/my-garage'])).toBe(false);
    expect(isGaragePage('/mymotorama', ['/my-garage'])).toBe(false);
  });
});
