// A dealership's banner (docs/requirements/dealer-services.md#screens, other screens): its set of links and the Call,
// Email and Book a Service buttons.
import type { ResolvedDealerBannerProps as DealerBannerProps } from '../../schemas/generated/block-props';
import { resolvedSettings } from '../../runtime/domain/settings';
import { SiteLink } from '../../runtime/renderer/SiteLink';
import { usePageRoute, useSite } from '../../runtime/renderer/site-context';
import type { BlockComponentProps } from '../../runtime/renderer/types';
import { bookingFormPage, SERVICE_FORM_ANCHOR } from '../service-heading/booking-page';
import { dealerBannerButtons } from './actions';
import './styles.css';

export default function DealerBanner({ props, block }: BlockComponentProps<DealerBannerProps>) {
  const site = useSite();
  const route = usePageRoute();
  const dealership = site.dealerships.find((d) => d.id === props.dealershipId) ?? site.dealerships[0];
  const service = resolvedSettings(site.settings).service;
  const formPage = bookingFormPage(site, route);
  const bookingHref =
    service.bookNowTarget === 'external' && service.externalBooking.url ? service.externalBooking.url : formPage ? `${formPage}#${SERVICE_FORM_ANCHOR}` : null;
  const buttons = dealerBannerButtons(props.actions, dealership, bookingHref);
  const headingId = `${block.id}-heading`;
  if (!props.links.length && !buttons.length) return null;
  return (
    <nav
      className="dealer-banner"
      aria-labelledby={props.heading ? headingId : undefined}
      aria-label={props.heading ? undefined : `${dealership?.name ?? site.name} links`}
    >
      <div className="container dealer-banner-inner">
        {props.heading && (
          <p id={headingId} className="dealer-banner-heading">
            {props.heading}
          </p>
        )}
        {props.links.length > 0 && (
          <ul className="dealer-banner-links">
            {props.links.map((l) => (
              <li key={`${l.label}-${l.href}`}>
                <SiteLink href={l.href}>{l.label}</SiteLink>
              </li>
            ))}
          </ul>
        )}
        {buttons.length > 0 && (
          <p className="dealer-banner-actions">
            {buttons.map((b) =>
              b.internal ? (
                <SiteLink key={b.action} href={b.href} className="button button-light" data-action={b.action}>
                  {b.label}
                </SiteLink>
              ) : (
                <a key={b.action} href={b.href} className="button button-light" data-action={b.action}>
                  {b.label}
                </a>
              ),
            )}
          </p>
        )}
      </div>
    </nav>
  );
}
