// The external booking frame and an external BOOK NOW need the booking page's address (docs/requirements/dealer-services.md#screens): without it the
// site would silently show the wizard, or a BOOK NOW going nowhere.
import type { Check } from './types';

export const serviceBookingUrl: Check = {
  meta: { code: 'service-booking-url', description: 'settings.service.externalBooking.url is set when the form is external-frame or BOOK NOW is external.' },
  run(doc) {
    const service = doc.settings?.service;
    if (!service || service.externalBooking?.url) return [];
    const problems: { path: string; message: string }[] = [];
    if (service.form === 'external-frame')
      problems.push({
        path: 'settings.service.externalBooking.url',
        message: 'the external booking frame needs the booking page address (settings.service.form is "external-frame")',
      });
    if (service.bookNowTarget === 'external')
      problems.push({
        path: 'settings.service.externalBooking.url',
        message: 'BOOK NOW opens the external booking page, so its address is needed (settings.service.bookNowTarget is "external")',
      });
    return problems;
  },
};
