import { describe, expect, it } from 'vitest';
import type { TenantDocument } from '../../../schemas/generated/tenant';
import { serviceBookingUrl } from './service-booking-url';

const doc = (service: Record<string, unknown>) => ({ settings: { service } }) as unknown as TenantDocument;

describe('service-booking-url check', () => {
  it('asks for the booking page address when the frame or an external BOOK NOW needs it', () => {
    expect(serviceBookingUrl.run(doc({ form: 'external-frame' }), { schema: {} })).toHaveLength(1);
    expect(serviceBookingUrl.run(doc({ bookNowTarget: 'external' }), { schema: {} })[0]?.path).toBe('settings.service.externalBooking.url');
    expect(serviceBookingUrl.run(doc({ form: 'external-frame', externalBooking: { url: 'https://book.example.com' } }), { schema: {} })).toEqual([]);
    expect(serviceBookingUrl.run(doc({ form: 'wizard' }), { schema: {} })).toEqual([]);
  });
});
