import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PromoBannerProps } from '../../schemas/generated/tenant';
import type { ResolvedPromoBannerProps } from '../../schemas/generated/block-props';
import type { BlockLoaderContext } from '../../runtime/renderer/types';
import { SiteContext, type PublicSite } from '../../runtime/renderer/site-context';
import PromoBanner from './index';
import load, { type PromoBannerData } from './loader';
import { withBlockDefaults } from '../../runtime/tenants/block-defaults';

// docs/requirements/vehicle-browsing.md#constants: stocktake sale from 1 July 2025 to 24 July 2025 (+10:00).
const props: PromoBannerProps = {
  heading: 'Stocktake Sale',
  text: 'Every used car repriced.',
  buttonText: 'Shop the Sale',
  buttonHref: '/search/used-cars',
  image: '/media/cars/1/0.svg',
  start: '2025-07-01T00:00:00+10:00',
  expiry: '2025-07-24T23:59:59+10:00',
};

const render = (data: PromoBannerData | undefined) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <SiteContext.Provider value={{ pages: {}, dealerships: [] } as unknown as PublicSite}>
        <PromoBanner props={withBlockDefaults('promo-banner', props)} slots={{}} data={data} block={{ id: 'sale', type: 'promo-banner' }} />
      </SiteContext.Provider>
    </MemoryRouter>,
  );

const loadAt = (iso: string, windowProps: PromoBannerProps = props, timeZone = 'Australia/Brisbane') =>
  load({
    props: withBlockDefaults('promo-banner', windowProps),
    now: new Date(iso),
    tenant: { timeZone },
  } as unknown as BlockLoaderContext<ResolvedPromoBannerProps>);

describe('promo banner', () => {
  it('the loader decides by the request time: live inside the dates, not before or after', () => {
    expect(loadAt('2025-06-30T23:59:59+10:00')).toEqual({ live: false });
    expect(loadAt('2025-07-01T00:00:00+10:00')).toEqual({ live: true });
    expect(loadAt('2025-07-24T23:59:59+10:00')).toEqual({ live: true });
    expect(loadAt('2025-07-25T00:00:00+10:00')).toEqual({ live: false });
  });

  it("reads a date without a time as the whole day in the site's time zone", () => {
    const dates = { ...props, start: '2026-07-01', expiry: '2026-07-24' };
    // 01:30 on 25 July in Brisbane is still 23:30 on the 24th in Perth
    expect(loadAt('2026-07-24T23:30:00+08:00', dates, 'Australia/Perth')).toEqual({ live: true });
    expect(loadAt('2026-07-24T23:30:00+08:00', dates, 'Australia/Brisbane')).toEqual({ live: false });
  });

  it('renders heading, text, image and button when live, nothing when not', () => {
    const html = render({ live: true });
    expect(html).toContain('<h2 id="sale-heading">Stocktake Sale</h2>');
    expect(html).toContain('Every used car repriced.');
    expect(html).toContain('href="/search/used-cars"');
    expect(html).toContain('>Shop the Sale</a>');
    expect(html).toContain('src="/media/cars/1/0-800w.d2.jpg"');
    // Not live: nothing to see, only the hidden marker that hydrates a dated banner after load (it opens on the browser's clock).
    expect(render({ live: false })).toBe('<span hidden="" data-hydrate-on-load=""></span>');
  });
});
