// Seed defaults of the service settings; mirrors schemas/settings/service.schema.json (checked by settings.test.ts).
import type {
  ServiceComplimentarySettings,
  ServiceDropOffPickUpSettings,
  ServiceExternalBookingSettings,
  ServiceNotableDisclaimerSettings,
  ServiceSettings,
} from '../../../schemas/generated/tenant';
import type { Resolved } from '../vehicle/settings';

const SERVICE_EXTERNAL_BOOKING_DEFAULTS: Omit<Resolved<ServiceExternalBookingSettings>, 'url'> & { url?: string } = {
  title: 'Book a service online',
  height: 900,
};

const SERVICE_DROP_OFF_PICK_UP_DEFAULTS: Resolved<ServiceDropOffPickUpSettings> = {
  enabled: false,
  dropOff: ['7:45am', '8:45am'], // docs/requirements/dealer-services.md#screens
  pickUp: ['2:00pm', '4:30pm'], // docs/requirements/dealer-services.md#screens
};

const SERVICE_COMPLIMENTARY_DEFAULTS: Resolved<ServiceComplimentarySettings> = { km: 3000, months: 3 }; // docs/requirements/dealer-services.md#constants

const SERVICE_NOTABLE_DISCLAIMER_DEFAULTS: Resolved<ServiceNotableDisclaimerSettings> = {
  locationIds: [],
  text: 'Please note: bookings at this location are confirmed by our service team by phone before your service date.',
};

export type ResolvedServiceSettings = Omit<Resolved<ServiceSettings>, 'externalBooking' | 'dropOffPickUp' | 'complimentaryService' | 'notableDisclaimer'> & {
  externalBooking: typeof SERVICE_EXTERNAL_BOOKING_DEFAULTS;
  dropOffPickUp: Resolved<ServiceDropOffPickUpSettings>;
  complimentaryService: Resolved<ServiceComplimentarySettings>;
  notableDisclaimer: Resolved<ServiceNotableDisclaimerSettings>;
};

export const SERVICE_SETTINGS_DEFAULTS: ResolvedServiceSettings = {
  form: 'wizard',
  wizardVariant: 'full',
  bookNowTarget: 'form',
  externalBooking: SERVICE_EXTERNAL_BOOKING_DEFAULTS,
  serviceIntervalRequired: false,
  serviceIntervals: [],
  serviceTypes: [],
  bookingWindowDays: 60,
  dropOffPickUp: SERVICE_DROP_OFF_PICK_UP_DEFAULTS,
  quickSmartMinutes: 90, // docs/requirements/dealer-services.md#constants: Quick-Smart service takes 90 minutes
  partnerFreeRideKm: 8, // docs/requirements/dealer-services.md#constants: free ride within 8km radius
  complimentaryService: SERVICE_COMPLIMENTARY_DEFAULTS,
  warrantyText: '5 year unlimited kilometre', // docs/requirements/dealer-services.md#constants
  warrantyClaimsText: '3 year standard warranty; 5 or 7 year on new vehicles of some brands; a 3-year mechanical plan on used vehicles.',
  notableDisclaimer: SERVICE_NOTABLE_DISCLAIMER_DEFAULTS,
};

/** A site's service settings with every default filled in (documents are defaulted at load; fixtures may not be). */
export function serviceSettings(settings: ServiceSettings | undefined): ResolvedServiceSettings {
  const s = settings ?? {};
  return {
    ...SERVICE_SETTINGS_DEFAULTS,
    ...s,
    externalBooking: { ...SERVICE_EXTERNAL_BOOKING_DEFAULTS, ...s.externalBooking },
    dropOffPickUp: { ...SERVICE_DROP_OFF_PICK_UP_DEFAULTS, ...s.dropOffPickUp },
    complimentaryService: { ...SERVICE_COMPLIMENTARY_DEFAULTS, ...s.complimentaryService },
    notableDisclaimer: { ...SERVICE_NOTABLE_DISCLAIMER_DEFAULTS, ...s.notableDisclaimer },
  } as ResolvedServiceSettings;
}
