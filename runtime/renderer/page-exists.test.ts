import { describe, expect, it } from 'vitest';
import { sitePageExists } from './page-exists';

describe('sitePageExists', () => {
  const site = { pages: { '/': {}, '/warranty': {}, '/cars/:slug': {}, '*': {} } } as never;
  it('matches paths against the site pages, not the 404 page', () => {
    expect(sitePageExists(site, '/warranty')).toBe(true);
    expect(sitePageExists(site, '/warranty/')).toBe(true);
    expect(sitePageExists(site, '/cars/abc?x=1#top')).toBe(true);
    expect(sitePageExists(site, '/roadside-assist')).toBe(false);
    expect(sitePageExists(site, 'https://example.com/book')).toBe(true);
  });
});
