// The dealer banner's buttons: each only when its target exists (a phone, an email address, a booking page).
import { dealershipPhone, locationPhone, phoneHref, type PhoneDealership } from '../../runtime/domain/locations';

export type DealerBannerAction = 'call' | 'email' | 'book-service';

export interface BannerButton {
  action: DealerBannerAction;
  label: string;
  href: string;
  /** A site page (client navigation) rather than a tel:, mailto: or external address. */
  internal: boolean;
}

interface BannerDealership extends PhoneDealership {
  phone?: string;
  locations: readonly { primary?: boolean; visible?: boolean; location_type?: string | null; contact_detail: { phone?: string; email?: string } }[];
}

export function dealerBannerButtons(
  actions: readonly DealerBannerAction[],
  dealership: BannerDealership | undefined,
  bookingHref: string | null,
): BannerButton[] {
  const location = dealership?.locations.find((l) => l.primary && l.visible !== false) ?? dealership?.locations.find((l) => l.visible !== false);
  const phone = (location && locationPhone(location, dealership)) || dealershipPhone(dealership, 'sales') || dealership?.phone;
  const email = location?.contact_detail.email;
  const out: BannerButton[] = [];
  for (const action of actions) {
    if (action === 'call' && phone) out.push({ action, label: 'Call Us', href: phoneHref(phone), internal: false });
    if (action === 'email' && email) out.push({ action, label: 'Email Us', href: `mailto:${email}`, internal: false });
    if (action === 'book-service' && bookingHref) out.push({ action, label: 'Book a Service', href: bookingHref, internal: bookingHref.startsWith('/') });
  }
  return out;
}
