// The service page blocks read the site: BOOK NOW's target, link cards and banner tiles only for existing pages, the
// timetable only where enabled, perks from the service settings.
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ServicePerksProps, TenantDocument } from '../../schemas/generated/tenant';
import { PageContext, SiteContext } from '../../runtime/renderer/site-context';
import LinkCards from '../link-cards';
import ServiceBanner from '../service-banner';
import ServicePerks from '../service-perks';
import ServiceTimetable from '../service-timetable';
import ServiceHeading, { bookingFormPage } from './index';
import { withBlockDefaults } from '../../runtime/tenants/block-defaults';
import { allSettingsWithDefaults } from '../../test-support/settings-defaults';

const form = { id: 'f', type: 'service-booking', props: {} };
const site = (pages: Record<string, unknown>, service: Record<string, unknown> = {}) =>
  ({ slug: 's', dealerships: [], settings: allSettingsWithDefaults({ service }), pages }) as unknown as TenantDocument;
const render = (doc: TenantDocument, route: string, node: ReactNode) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <SiteContext.Provider value={doc}>
        <PageContext.Provider value={{ route, tenant: 's' }}>{node}</PageContext.Provider>
      </SiteContext.Provider>
    </MemoryRouter>,
  );
const block = (type: string) => ({ id: 'b', type });

describe('service heading BOOK NOW', () => {
  it('scrolls to #service-form on the page with the form, links to the page with it elsewhere, is left out with none', () => {
    const withForm = site({ '/service': { blocks: [form] }, '/': { blocks: [] } });
    expect(bookingFormPage(withForm, '/service')).toBe('/service');
    expect(
      render(
        withForm,
        '/service',
        <ServiceHeading props={withBlockDefaults('service-heading', {})} slots={{}} data={undefined} block={block('service-heading')} />,
      ),
    ).toContain('href="#service-form"');
    expect(
      render(withForm, '/', <ServiceHeading props={withBlockDefaults('service-heading', {})} slots={{}} data={undefined} block={block('service-heading')} />),
    ).toContain('href="/service#service-form"');
    const html = render(
      site({ '/': { blocks: [] } }),
      '/',
      <ServiceHeading props={withBlockDefaults('service-heading', {})} slots={{}} data={undefined} block={block('service-heading')} />,
    );
    expect(html).toContain('GENUINE SERVICING');
    expect(html).not.toContain('BOOK NOW');
  });

  it('is a normal link to the external booking page when the site says so', () => {
    const doc = site({ '/service': { blocks: [form] } }, { bookNowTarget: 'external', externalBooking: { url: 'https://book.example.com/x' } });
    const html = render(
      doc,
      '/service',
      <ServiceHeading props={withBlockDefaults('service-heading', {})} slots={{}} data={undefined} block={block('service-heading')} />,
    );
    expect(html).toContain('href="https://book.example.com/x"');
    expect(html).not.toContain('target=');
  });
});

describe('links only to pages the site has', () => {
  it('link cards and banner tiles leave out missing pages', () => {
    const doc = site({ '/warranty': { blocks: [] }, '/service': { blocks: [] } });
    const cards = render(
      doc,
      '/service',
      <LinkCards
        props={withBlockDefaults('link-cards', {
          cards: [
            { title: 'Warranty', href: '/warranty' },
            { title: 'Roadside Assist', href: '/roadside-assist' },
          ],
        })}
        slots={{}}
        data={undefined}
        block={block('link-cards')}
      />,
    );
    expect(cards).toContain('href="/warranty"');
    expect(cards).not.toContain('/roadside-assist');
    const banner = render(
      doc,
      '/',
      <ServiceBanner props={withBlockDefaults('service-banner', {})} slots={{}} data={undefined} block={block('service-banner')} />,
    );
    expect(banner).toContain('href="/service"');
    expect(banner).not.toContain('/trade-in');
  });
});

describe('service content from settings', () => {
  it('the timetable shows only where enabled, with the seed times', () => {
    const off = render(
      site({}),
      '/service',
      <ServiceTimetable props={withBlockDefaults('service-timetable', {})} slots={{}} data={undefined} block={block('service-timetable')} />,
    );
    expect(off).toBe('');
    const on = render(
      site({}, { dropOffPickUp: { enabled: true } }),
      '/service',
      <ServiceTimetable props={withBlockDefaults('service-timetable', {})} slots={{}} data={undefined} block={block('service-timetable')} />,
    );
    expect(on).toContain('7:45am and 8:45am');
    expect(on).toContain('2:00pm and 4:30pm');
  });

  it('perks take their text from the settings', () => {
    const items: ServicePerksProps['items'] = [
      { kind: 'quick-smart', title: 'Quick-Smart' },
      { kind: 'complimentary-service', title: 'Complimentary' },
    ];
    expect(
      render(
        site({}),
        '/service',
        <ServicePerks props={withBlockDefaults('service-perks', { items })} slots={{}} data={undefined} block={block('service-perks')} />,
      ),
    ).toContain('Quick-Smart service in 90 minutes');
    const html = render(
      site({}, { quickSmartMinutes: 60, complimentaryService: { km: 1500, months: 1 } }),
      '/service',
      <ServicePerks props={withBlockDefaults('service-perks', { items })} slots={{}} data={undefined} block={block('service-perks')} />,
    );
    expect(html).toContain('Quick-Smart service in 60 minutes');
    expect(html).toContain('Complimentary service at 1,500km or 1 months');
  });
});
