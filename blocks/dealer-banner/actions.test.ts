import { describe, expect, it } from 'vitest';
import { dealerBannerButtons } from './actions';

const location = (over: object) => ({
  id: 1,
  name: 'Parramatta',
  slug: 'parramatta',
  address: { street: '1 Church St', city: 'Parramatta', state: 'NSW', postcode: '2150' },
  contact_detail: { phone: '02 9630 1000', email: 'sales@example.com' },
  ...over,
});

describe('dealerBannerButtons', () => {
  it("calls and emails the dealership's primary location and books a service on the booking page, in the configured order", () => {
    const dealership = { locations: [location({ id: 2, contact_detail: { phone: '02 1111 2222' } }), location({ primary: true })] };
    expect(dealerBannerButtons(['book-service', 'call', 'email'], dealership, '/service#service-form')).toEqual([
      { action: 'book-service', label: 'Book a Service', href: '/service#service-form', internal: true },
      { action: 'call', label: 'Call Us', href: 'tel:0296301000', internal: false },
      { action: 'email', label: 'Email Us', href: 'mailto:sales@example.com', internal: false },
    ]);
  });

  it('leaves out a button without its number, address or booking page; an external booking page is not a site link', () => {
    const dealership = { phone: '1300 000 000', locations: [location({ contact_detail: {} })] };
    expect(dealerBannerButtons(['call', 'email', 'book-service'], dealership, null)).toEqual([
      { action: 'call', label: 'Call Us', href: 'tel:1300000000', internal: false },
    ]);
    expect(dealerBannerButtons(['book-service'], dealership, 'https://book.example.com/service')[0]?.internal).toBe(false);
    expect(dealerBannerButtons(['call'], undefined, null)).toEqual([]);
  });

  it("calls the dealership's configured sales number for a sales location", () => {
    const dealership = { config: { salesPhone: '02 9630 1111' }, locations: [location({ primary: true })] };
    expect(dealerBannerButtons(['call'], dealership, null)).toEqual([{ action: 'call', label: 'Call Us', href: 'tel:0296301111', internal: false }]);
  });
});
