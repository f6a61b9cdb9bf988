import { describe, expect, it } from 'vitest';
import { linkedQueryParamsOf, visitedPagesOf } from './visited-pages';

const site = 'https://harbourside.example';

describe('visitedPagesOf (lead_attributes.visited_pages)', () => {
  it('follows in-site navigation through the tab history, leaving out other sites and repeats (a dialog hash)', () => {
    expect(
      visitedPagesOf({
        current: `${site}/cars/cx-5-1#enquire`,
        referrer: 'https://www.google.com/',
        history: [
          'https://www.google.com/search?q=mazda',
          `${site}/?utm_source=google`,
          `${site}/search/mazda`,
          `${site}/cars/cx-5-1`,
          `${site}/cars/cx-5-1#enquire`,
        ],
      }),
    ).toEqual(['/?utm_source=google', '/search/mazda', '/cars/cx-5-1']);
  });

  it('a same-site page that opened this document (a new tab) comes first, unless the history holds it already', () => {
    expect(visitedPagesOf({ current: `${site}/cars/cx-5-1`, referrer: `${site}/search`, history: [`${site}/cars/cx-5-1`] })).toEqual([
      '/search',
      '/cars/cx-5-1',
    ]);
    expect(
      visitedPagesOf({ current: `${site}/cars/cx-5-1`, referrer: `${site}/search`, history: [`${site}/`, `${site}/search`, `${site}/cars/cx-5-1`] }),
    ).toEqual(['/', '/search', '/cars/cx-5-1']);
  });

  it('without the tab history: the same-site referrer, then this page', () => {
    expect(visitedPagesOf({ current: `${site}/cars/cx-5-1?x=1`, referrer: `${site}/search` })).toEqual(['/search', '/cars/cx-5-1?x=1']);
    expect(visitedPagesOf({ current: `${site}/cars/cx-5-1`, referrer: 'https://other.example/search' })).toEqual(['/cars/cx-5-1']);
    expect(visitedPagesOf({ current: `${site}/contact`, referrer: '', history: [] })).toEqual(['/contact']);
  });

  it('keeps the last 20 pages, ending with this one', () => {
    const history = Array.from({ length: 30 }, (_, i) => `${site}/page-${i}`);
    const pages = visitedPagesOf({ current: `${site}/page-29`, history });
    expect(pages).toHaveLength(20);
    expect(pages[0]).toBe('/page-10');
    expect(pages[19]).toBe('/page-29');
  });
});

describe('linkedQueryParamsOf (lead_attributes.linked_query_params)', () => {
  it("the parameters the visit arrived with, and this page's own (which win)", () => {
    expect(
      linkedQueryParamsOf({
        current: `${site}/contact?car_id=7&utm_source=email`,
        history: ['https://ads.example/?x=1', `${site}/search?utm_source=google&utm_campaign=spring`, `${site}/contact?car_id=7&utm_source=email`],
      }),
    ).toEqual({ utm_source: 'email', utm_campaign: 'spring', car_id: '7' });
  });

  it("without the tab history: this page's parameters", () => {
    expect(linkedQueryParamsOf({ current: `${site}/finance?car_id=9`, referrer: `${site}/?utm_source=google` })).toEqual({ car_id: '9' });
  });
});
