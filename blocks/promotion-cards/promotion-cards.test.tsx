import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteContext } from '../../runtime/renderer/site-context';
import PromotionCards from './index';
import load from './loader';
import fixtures from './fixtures.json';

// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
const props = fixtures[0] as any;
// biome-ignore lint/suspicious/noExplicitAny: the test edits a JSON document by path, including into shapes the schema forbids
const site = { pages: { '/special-offers': {}, '/service': {} } } as any;
// biome-ignore lint/suspicious/noExplicitAny: the test passes loosely shaped JSON fixtures
const render = (data: any) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <SiteContext.Provider value={site}>
        <PromotionCards props={props} data={data} slots={{}} block={{ id: 'offers', type: 'promotion-cards' }} />
      </SiteContext.Provider>
    </MemoryRouter>,
  );
// biome-ignore lint/suspicious/noExplicitAny: the test passes loosely shaped JSON fixtures
const loadAt = (iso: string) => load({ props, now: new Date(iso), tenant: { timeZone: 'Australia/Brisbane' } } as any) as { live: boolean[] };

describe('promotion cards', () => {
  it('the server keeps the stocktake card only between 1 July 2025 and 24 July 2025 (+10:00)', () => {
    expect(loadAt('2025-07-10T12:00:00+10:00').live).toEqual([true, true]);
    expect(loadAt('2025-07-25T00:00:00+10:00').live).toEqual([false, true]);
    expect(loadAt('2025-06-30T23:59:59+10:00').live).toEqual([false, true]);
  });
  it('renders the live cards only, and nothing when none is live', () => {
    const inside = render(loadAt('2025-07-10T12:00:00+10:00'));
    expect(inside).toContain('Stocktake Sale');
    expect(inside).toContain('href="/special-offers"');
    expect(render(loadAt('2025-08-01T00:00:00+10:00'))).not.toContain('Stocktake Sale');
    expect(render({ live: [false, false] })).toBe('');
  });
});
