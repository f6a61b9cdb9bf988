import { describe, expect, it } from 'vitest';
import { isBotUserAgent, viewJsonPath, viewsText } from './views';

describe('vehicle page views', () => {
  it('treats crawlers, scripts and a missing user agent as bots, and browsers as shoppers', () => {
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1',
      'curl/8.5.0',
      'python-requests/2.31',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1) Chrome/120 Safari/537.36',
      '',
      undefined,
    ])
      expect(isBotUserAgent(ua), String(ua)).toBe(true);
    for (const ua of [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    ])
      expect(isBotUserAgent(ua), ua).toBe(false);
  });

  it('says views in words with thousands separators', () => {
    expect(viewsText(0)).toBe('0 views');
    expect(viewsText(1)).toBe('1 view');
    expect(viewsText(1234)).toBe('1,234 views');
  });

  it('builds the seed query of view.json', () => {
    expect(viewJsonPath({ slug: 'a b', photos_count: 12, updated_at: '2025-01-02T00:00:00Z' }, 'harbourside-mazda')).toBe(
      '/api/cars/a%20b/view.json?photos_count=12&updated_at=2025-01-02T00%3A00%3A00Z&website_id=harbourside-mazda',
    );
  });
});
