// Service content built from the site's settings (docs/requirements/dealer-services.md#constants), so one number changed in settings changes every text.
import { formatNumber } from '../format';
import type { ResolvedServiceSettings } from '../settings';

/** 'Quick-Smart service in 90 minutes' */
export const quickSmartText = (s: Pick<ResolvedServiceSettings, 'quickSmartMinutes'>) => `Quick-Smart service in ${s.quickSmartMinutes} minutes`;

/** 'Free ride within 8km for a routine service' */
export const freeRideText = (s: Pick<ResolvedServiceSettings, 'partnerFreeRideKm'>) => `Free ride within ${s.partnerFreeRideKm}km for a routine service`;

/** 'Complimentary service at 3,000km or 3 months' */
export const complimentaryServiceText = (s: Pick<ResolvedServiceSettings, 'complimentaryService'>) =>
  `Complimentary service at ${formatNumber(s.complimentaryService.km)}km or ${s.complimentaryService.months} months`;

/** '5 year unlimited kilometre warranty' */
export const warrantyText = (s: Pick<ResolvedServiceSettings, 'warrantyText'>) => `${s.warrantyText} warranty`;

const SERVICE_PERK_KINDS = ['quick-smart', 'free-ride', 'complimentary-service', 'warranty', 'warranty-claims'] as const;
export type ServicePerkKind = (typeof SERVICE_PERK_KINDS)[number];

/** The text of a perk that comes from settings. */
export function servicePerkText(kind: ServicePerkKind, s: ResolvedServiceSettings): string {
  switch (kind) {
    case 'quick-smart':
      return quickSmartText(s);
    case 'free-ride':
      return freeRideText(s);
    case 'complimentary-service':
      return complimentaryServiceText(s);
    case 'warranty':
      return warrantyText(s);
    case 'warranty-claims':
      return s.warrantyClaimsText;
  }
}
